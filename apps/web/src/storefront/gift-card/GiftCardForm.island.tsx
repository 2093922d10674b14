import type { Product } from '@atelier/contract';
import { alertTitles, type CurrencyCode, formatMoney } from '@atelier/core';
import { useState } from 'react';
import { useIslandId } from '../../islands/island-id.ts';
import { addToCart } from '../cart/cart-client.ts';
import { FormFields } from '../forms/FormFields.tsx';

export type GiftCardFormProps = {
  product: Pick<Product, 'id' | 'title' | 'variants' | 'currency'>;
  initialSku: string | null;
  useCLDRMoneyFormat: boolean;
};

const RECIPIENT_FIELDS = [
  { id: 'recipientName', kind: 'text' as const, label: 'Recipient name' },
  { id: 'recipientEmail', kind: 'email' as const, label: 'Recipient email' },
  { id: 'message', kind: 'textarea' as const, label: 'Message', maxLength: 1000 },
];

/**
 * The gift card purchase page's form: an amount, who receives the card, a message and
 * when to send it. Without a recipient the card is emailed to the buyer.
 */
export default function GiftCardForm({
  product,
  initialSku,
  useCLDRMoneyFormat,
}: GiftCardFormProps) {
  const [sku, setSku] = useState(initialSku ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [sendDate, setSendDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isAdding, setIsAdding] = useState(false);
  const id = useIslandId('gift-card');
  const money = (minorUnits: number) =>
    formatMoney({ minorUnits, currency: product.currency as CurrencyCode }, { useCLDRMoneyFormat });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    setIsAdding(true);
    const result = await addToCart(
      {
        itemId: product.id,
        sku: sku || null,
        quantity: 1,
        additionalFields: JSON.stringify({ ...answers, sendDate }),
      },
      product.title,
    );
    if (result.ok) {
      window.location.assign('/cart');
      return;
    }
    setIsAdding(false);
    setError(result.message);
    setFieldErrors(result.fieldErrors ?? {});
  }

  return (
    <form className="gift-card-form" onSubmit={submit} noValidate>
      <fieldset className="form-field">
        <legend>Amount</legend>
        {product.variants.map((variant) => (
          <label key={variant.sku} className="form-field__choice">
            <input
              type="radio"
              name={`${id}-amount`}
              value={variant.sku}
              checked={sku === variant.sku}
              onChange={() => setSku(variant.sku)}
            />{' '}
            {money(variant.priceCents)}
          </label>
        ))}
      </fieldset>
      <FormFields
        idPrefix={id}
        fields={RECIPIENT_FIELDS}
        answers={answers}
        errors={fieldErrors}
        onChange={(fieldId, value) => setAnswers({ ...answers, [fieldId]: String(value) })}
      />
      <div className="form-field">
        {fieldErrors.sendDate ? <p className="form-field__error">{fieldErrors.sendDate}</p> : null}
        <label htmlFor={`${id}-send-date`}>Send on</label>
        <input
          id={`${id}-send-date`}
          type="date"
          value={sendDate}
          onChange={(event) => setSendDate(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={isAdding}>
        {isAdding ? 'Adding…' : 'Add To Cart'}
      </button>
      <div role="alert" className="form-error">
        {error ? (
          <>
            <strong>{alertTitles.unableToPurchaseGiftCard}</strong> <span>{error}</span>
          </>
        ) : null}
      </div>
    </form>
  );
}
