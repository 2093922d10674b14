import type { ShoppingCart } from '@atelier/contract';
import {
  type CurrencyCode,
  cartMessages,
  formatMoney,
  type InstallmentOffer,
  isInstallmentEligibleCart,
  QUANTITY_INPUT,
} from '@atelier/core';
import { useState } from 'react';
import { InstallmentPill } from '../installments/InstallmentPill.tsx';
import { changeEntry } from './cart-client.ts';
import { additionalFieldsSummary } from './entry-summary.ts';

export type CartItemsProps = {
  cart: ShoppingCart;
  useCLDRMoneyFormat: boolean;
  /** The store's checkout minimum (minor units); 0 or absent: none. */
  minimumSubtotalCents?: number;
  /** The store's installment offer (issue 22); null or absent shows no pill. */
  installments?: InstallmentOffer | null;
};

/**
 * The cart page's lines with quantity and remove, and the subtotal. Server-rendered with
 * the cart as it was; each change goes to the server, which re-prices the whole cart.
 */
export default function CartItems({
  cart: initialCart,
  useCLDRMoneyFormat,
  minimumSubtotalCents = 0,
  installments = null,
}: CartItemsProps) {
  const [cart, setCart] = useState(initialCart);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [busyEntry, setBusyEntry] = useState<string | null>(null);
  const currency = cart.subtotalAmount.currency as CurrencyCode;
  const money = (minorUnits: number) =>
    formatMoney({ minorUnits, currency }, { useCLDRMoneyFormat });
  // Checked on the server again when the order is placed; here it only saves a trip.
  const isBelowMinimum = cart.subtotalCents < minimumSubtotalCents;

  async function apply(entryId: string, change: { quantity: number } | 'remove') {
    setBusyEntry(entryId);
    setError(null);
    const entry = cart.entries.find((each) => each.id === entryId);
    const result = await changeEntry(entryId, change, entry);
    setBusyEntry(null);
    if (result.ok) {
      setCart(result.cart);
      setQuantities((current) => {
        const { [entryId]: _dropped, ...rest } = current;
        return rest;
      });
      return;
    }
    setError({
      title:
        change === 'remove' ? cartMessages.unableToRemoveItem : cartMessages.unableToUpdateQuantity,
      message: result.message,
    });
  }

  if (cart.entries.length === 0) {
    return (
      <div>
        <p>You have nothing in your shopping cart.</p>
        <p>
          <a className="button" href="/shop">
            Continue Shopping
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="cart-items">
      <div role="alert" className="form-error">
        {error ? (
          <>
            <strong>{error.title}</strong> <span>{error.message}</span>
          </>
        ) : null}
      </div>
      <table className="cart-table cart-table--editable">
        <caption className="visually-hidden">Items in your cart</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.entries.map((entry) => {
            const options = Object.entries(entry.chosenVariant.attributes);
            const summary = additionalFieldsSummary(entry);
            const inputId = `quantity-${entry.id}`;
            const shown = quantities[entry.id] ?? String(entry.quantity);
            const commit = () => {
              const next = Number(shown);
              if (shown.trim() !== '' && next !== entry.quantity)
                void apply(entry.id, { quantity: next });
            };
            return (
              <tr key={entry.id} aria-busy={busyEntry === entry.id}>
                <td>
                  {/* Flex inside the cell: a flex <td> is no table cell, and its border
                      stops short of the row's. */}
                  <div className="cart-table__item">
                    {entry.imageUrl ? (
                      <img src={entry.imageUrl} alt="" width={64} height={64} />
                    ) : null}
                    <div>
                      <a href={entry.productUrl}>{entry.title}</a>
                      {options.length > 0 ? (
                        <p className="cart-table__options">
                          {options.map(([name, value]) => `${name}: ${value}`).join(', ')}
                        </p>
                      ) : null}
                      {summary ? <p className="cart-table__options">{summary}</p> : null}
                    </div>
                  </div>
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={inputId}>
                    Quantity of {entry.title}
                  </label>
                  <input
                    id={inputId}
                    className="cart-table__quantity"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={QUANTITY_INPUT.max}
                    step={QUANTITY_INPUT.step}
                    value={shown}
                    disabled={busyEntry === entry.id}
                    onChange={(event) =>
                      setQuantities({ ...quantities, [entry.id]: event.target.value })
                    }
                    onBlur={commit}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') commit();
                    }}
                  />
                </td>
                <td>{money(entry.purchasePriceCents)}</td>
                <td>{money(entry.subTotalCents)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--small button--text"
                    disabled={busyEntry === entry.id}
                    onClick={() => void apply(entry.id, 'remove')}
                    aria-label={`Remove ${entry.title}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="cart-summary">
        <dt>Subtotal</dt>
        <dd>{money(cart.subtotalCents)}</dd>
        {cart.discountCents > 0 ? (
          <>
            <dt>
              {cart.validCoupons.length > 0
                ? `Discount (${cart.validCoupons.join(', ')})`
                : 'Discount'}
            </dt>
            <dd>−{money(cart.discountCents)}</dd>
          </>
        ) : null}
        {cart.selectedShippingOption ? (
          <>
            <dt>{`Shipping (${cart.selectedShippingOption.name})`}</dt>
            <dd>{cart.shippingCostCents === 0 ? 'Free' : money(cart.shippingCostCents)}</dd>
          </>
        ) : null}
        {cart.applicableTaxRules.length > 0 ? (
          <>
            <dt>Tax</dt>
            <dd>{money(cart.taxCents)}</dd>
          </>
        ) : null}
        {cart.grandTotalCents !== cart.subtotalCents ? (
          <>
            <dt>Total</dt>
            <dd>{money(cart.grandTotalCents)}</dd>
          </>
        ) : null}
      </dl>
      {installments && isInstallmentEligibleCart(cart.entries.map((e) => e.productType)) ? (
        <InstallmentPill
          offer={installments}
          priceCents={cart.subtotalCents}
          currency={currency}
          useCLDRMoneyFormat={useCLDRMoneyFormat}
        />
      ) : null}
      <p className="cart-summary__note">{summaryNote(cart, money)}</p>
      {isBelowMinimum ? (
        <p className="form-error" role="alert">
          {cartMessages.minimumSubtotal(money(minimumSubtotalCents))}
        </p>
      ) : null}
      <p className="cart-actions">
        {isBelowMinimum ? (
          <span className="button" aria-disabled="true">
            Checkout
          </span>
        ) : (
          <a className="button" href="/checkout">
            Checkout
          </a>
        )}{' '}
        <a href="/shop">Continue Shopping</a>
      </p>
    </div>
  );
}

/** What the totals above leave for checkout to settle, with the cheapest shipping offered. */
function summaryNote(cart: ShoppingCart, money: (minorUnits: number) => string): string {
  const isTaxKnown = cart.applicableTaxRules.length > 0;
  if (!cart.requiresShipping || cart.selectedShippingOption) {
    return isTaxKnown ? 'Your total at checkout.' : 'Taxes are calculated at checkout.';
  }
  const prices = cart.shippingOptions.filter((o) => o.isAvailable).map((o) => o.priceCents);
  if (prices.length === 0) return 'Shipping and taxes are calculated at checkout.';
  const cheapest = Math.min(...prices);
  const shipping =
    cheapest === 0 ? 'Free shipping is available' : `Shipping from ${money(cheapest)}`;
  return `${shipping}; taxes are calculated at checkout.`;
}
