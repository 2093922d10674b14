import type { Checkout, ShippingAddress } from '@atelier/contract';
import { type CurrencyCode, cartMessages, formatMoney } from '@atelier/core';
import { useEffect, useRef, useState } from 'react';
import {
  applyCoupon,
  applyGiftCard,
  type CallResult,
  placeOrder,
  removeCoupon,
  removeGiftCard,
  selectShippingOption,
  setEmail,
  setShippingAddress,
  startCheckout,
} from './checkout-client.ts';
import { COUNTRY_CODES } from './countries.ts';

export type CheckoutProps = { useCLDRMoneyFormat: boolean; locale: string };

const emptyAddress: ShippingAddress = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
};

/**
 * The checkout page's form (page type 201). Each step is saved on the server, which
 * answers with the whole checkout re-priced; placing the order sends the card once,
 * with an idempotency key so a retry never charges twice.
 */
export default function CheckoutForm({ useCLDRMoneyFormat, locale }: CheckoutProps) {
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const [email, setEmailText] = useState('');
  const [address, setAddress] = useState<ShippingAddress>(emptyAddress);
  const [couponCode, setCouponCode] = useState('');
  const [giftCode, setGiftCode] = useState('');
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', nameOnCard: '' });
  const idempotencyKey = useRef(crypto.randomUUID());

  // Start (or resume) checkout once, when the page opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` only sets state; re-running would restart checkout.
  useEffect(() => {
    void run(startCheckout(), (started) => {
      setEmailText(started.email ?? '');
      if (started.shippingAddress) setAddress({ ...emptyAddress, ...started.shippingAddress });
    });
  }, []);

  async function run(pending: Promise<CallResult<Checkout>>, after?: (c: Checkout) => void) {
    setIsBusy(true);
    setProblem(null);
    const result = await pending;
    setIsBusy(false);
    if (result.ok) {
      setCheckout(result.value);
      setFieldErrors({});
      after?.(result.value);
      return true;
    }
    setProblem(result.message);
    setFieldErrors(result.fieldErrors);
    return false;
  }

  if (!checkout) {
    return (
      <div className="checkout" aria-busy={isBusy}>
        {problem ? (
          <p role="alert" className="form-error">
            {problem}
          </p>
        ) : (
          <p>Preparing your checkout…</p>
        )}
      </div>
    );
  }

  const money = (minorUnits: number) =>
    formatMoney(
      { minorUnits, currency: checkout.currency as CurrencyCode },
      { useCLDRMoneyFormat, locale },
    );
  const id = checkout.id;
  const needsCard = checkout.totals.grandTotalCents > 0;
  const isReady =
    Boolean(checkout.email) &&
    (!checkout.requiresShipping || (checkout.shippingAddress && checkout.selectedShippingOptionId));

  async function submitOrder(event: React.FormEvent) {
    event.preventDefault();
    const [month, year] = card.expiry.split('/').map((part) => Number.parseInt(part.trim(), 10));
    const fullYear = year !== undefined && year < 100 ? 2000 + year : year;
    setIsBusy(true);
    setProblem(null);
    const result = await placeOrder(
      id,
      needsCard
        ? {
            number: card.number.replace(/\s+/g, ''),
            expMonth: month ?? 0,
            expYear: fullYear ?? 0,
            cvc: card.cvc,
            nameOnCard: card.nameOnCard,
          }
        : undefined,
      idempotencyKey.current,
    );
    if (result.ok) {
      window.location.assign(
        `/order-confirmed/${encodeURIComponent(result.value.order.id)}?token=${encodeURIComponent(result.value.token)}`,
      );
      return;
    }
    setIsBusy(false);
    // A lost response keeps its key so the retry finds the same order; an answered
    // failure (a decline) starts a fresh attempt.
    if (result.message !== cartMessages.checkConnection)
      idempotencyKey.current = crypto.randomUUID();
    setProblem(result.message);
    setFieldErrors(result.fieldErrors);
  }

  const error = (name: string) =>
    fieldErrors[name] ? (
      <p className="form-field__error" id={`checkout-${name.replaceAll('.', '-')}-error`}>
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <div className="checkout" aria-busy={isBusy}>
      <div className="checkout__steps">
        <div role="alert" className="form-error checkout__problem">
          {problem}
        </div>

        <form
          className="checkout__section"
          onSubmit={(event) => {
            event.preventDefault();
            void run(setEmail(id, email));
          }}
        >
          <h2>Contact</h2>
          {error('email')}
          <div className="form-field">
            <label htmlFor="checkout-email">Email</label>
            <input
              id="checkout-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmailText(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--small" disabled={isBusy}>
            {checkout.email ? 'Update email' : 'Save email'}
          </button>
        </form>

        {checkout.requiresShipping ? (
          <form
            className="checkout__section"
            onSubmit={(event) => {
              event.preventDefault();
              void run(setShippingAddress(id, address));
            }}
          >
            <h2>Shipping address</h2>
            {(
              [
                ['name', 'Full name', 'name'],
                ['line1', 'Address', 'address-line1'],
                ['line2', 'Apartment, suite (optional)', 'address-line2'],
                ['city', 'City', 'address-level2'],
                ['region', 'State or region', 'address-level1'],
                ['postalCode', 'Postal code', 'postal-code'],
              ] as const
            ).map(([key, label, autoComplete]) => (
              <div className="form-field" key={key}>
                {error(`shippingAddress.${key}`)}
                <label htmlFor={`checkout-${key}`}>{label}</label>
                <input
                  id={`checkout-${key}`}
                  autoComplete={autoComplete}
                  value={address[key] ?? ''}
                  onChange={(event) => setAddress({ ...address, [key]: event.target.value })}
                />
              </div>
            ))}
            <div className="form-field">
              {error('shippingAddress.country')}
              <label htmlFor="checkout-country">Country</label>
              <select
                id="checkout-country"
                autoComplete="country"
                value={address.country}
                onChange={(event) => setAddress({ ...address, country: event.target.value })}
              >
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {countryName(code, locale)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--small" disabled={isBusy}>
              Save address
            </button>
          </form>
        ) : null}

        {checkout.requiresShipping && checkout.shippingAddress ? (
          <fieldset className="checkout__section">
            <legend>
              <h2>Shipping</h2>
            </legend>
            {checkout.shippingOptions.map((option) => (
              <label key={option.id} className="form-field__choice">
                <input
                  type="radio"
                  name="shipping-option"
                  value={option.id}
                  disabled={!option.isAvailable || isBusy}
                  checked={checkout.selectedShippingOptionId === option.id}
                  onChange={() => void run(selectShippingOption(id, option.id))}
                />{' '}
                {option.name} — {option.priceCents === 0 ? 'Free' : money(option.priceCents)}
              </label>
            ))}
          </fieldset>
        ) : null}

        <form
          className="checkout__section checkout__codes"
          onSubmit={(event) => {
            event.preventDefault();
            void run(applyCoupon(id, couponCode), () => setCouponCode(''));
          }}
        >
          <h2>Discount code</h2>
          {checkout.coupon ? (
            <p>
              <strong>{checkout.coupon.code}</strong>{' '}
              {checkout.coupon.isValid ? 'applied' : (checkout.coupon.message ?? 'does not apply')}{' '}
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => void run(removeCoupon(id))}
              >
                Remove
              </button>
            </p>
          ) : (
            <div className="checkout__inline">
              <label className="visually-hidden" htmlFor="checkout-coupon">
                Discount code
              </label>
              <input
                id="checkout-coupon"
                value={couponCode}
                onChange={(event) => setCouponCode(event.target.value)}
              />
              <button
                type="submit"
                className="button button--small"
                disabled={isBusy || !couponCode.trim()}
              >
                Apply
              </button>
            </div>
          )}
        </form>

        <form
          className="checkout__section checkout__codes"
          onSubmit={(event) => {
            event.preventDefault();
            void run(applyGiftCard(id, giftCode), () => setGiftCode(''));
          }}
        >
          <h2>Gift card</h2>
          {checkout.giftCard ? (
            <p>
              Gift card ending {checkout.giftCard.last4}: {money(checkout.giftCard.appliedCents)}{' '}
              applied, {money(checkout.giftCard.balanceCents)} balance{' '}
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => void run(removeGiftCard(id))}
              >
                Remove
              </button>
            </p>
          ) : (
            <div className="checkout__inline">
              <label className="visually-hidden" htmlFor="checkout-gift-card">
                Gift card code
              </label>
              <input
                id="checkout-gift-card"
                value={giftCode}
                onChange={(event) => setGiftCode(event.target.value)}
              />
              <button
                type="submit"
                className="button button--small"
                disabled={isBusy || !giftCode.trim()}
              >
                Apply
              </button>
            </div>
          )}
        </form>

        <form className="checkout__section" onSubmit={submitOrder}>
          <h2>Payment</h2>
          {needsCard ? (
            <>
              <p className="checkout__note">Test mode: use a card number ending 4242 to pay.</p>
              {(
                [
                  ['number', 'Card number', 'cc-number', 'numeric'],
                  ['expiry', 'Expiry (MM/YY)', 'cc-exp', 'numeric'],
                  ['cvc', 'Security code', 'cc-csc', 'numeric'],
                  ['nameOnCard', 'Name on card', 'cc-name', 'text'],
                ] as const
              ).map(([key, label, autoComplete, inputMode]) => (
                <div className="form-field" key={key}>
                  {error(`card.${key}`)}
                  <label htmlFor={`checkout-card-${key}`}>{label}</label>
                  <input
                    id={`checkout-card-${key}`}
                    autoComplete={autoComplete}
                    inputMode={inputMode}
                    value={card[key]}
                    onChange={(event) => setCard({ ...card, [key]: event.target.value })}
                  />
                </div>
              ))}
            </>
          ) : (
            <p>Your gift card covers this order.</p>
          )}
          <button type="submit" className="button checkout__place" disabled={isBusy || !isReady}>
            Place order · {money(checkout.totals.grandTotalCents)}
          </button>
          {!isReady ? (
            <p className="checkout__note">
              Add your email{checkout.requiresShipping ? ', address and shipping' : ''} first.
            </p>
          ) : null}
        </form>
      </div>

      <aside className="checkout__summary" aria-label="Order summary">
        <h2>Order summary</h2>
        <ul className="checkout__lines">
          {checkout.lines.map((line) => (
            <li key={line.entryId}>
              <span>
                {line.productName} × {line.quantity}
              </span>
              <span>{money(line.lineTotalCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="checkout__totals">
          <dt>Subtotal</dt>
          <dd>{money(checkout.totals.subtotalCents)}</dd>
          {checkout.totals.discountCents > 0 ? (
            <>
              <dt>Discount</dt>
              <dd>−{money(checkout.totals.discountCents)}</dd>
            </>
          ) : null}
          {checkout.requiresShipping ? (
            <>
              <dt>Shipping</dt>
              <dd>
                {checkout.selectedShippingOptionId ? money(checkout.totals.shippingCents) : '—'}
              </dd>
            </>
          ) : null}
          <dt>Tax</dt>
          <dd>{money(checkout.totals.taxCents)}</dd>
          {checkout.totals.giftCardCents > 0 ? (
            <>
              <dt>Gift card</dt>
              <dd>−{money(checkout.totals.giftCardCents)}</dd>
            </>
          ) : null}
          <dt className="checkout__grand">Total</dt>
          <dd className="checkout__grand">{money(checkout.totals.grandTotalCents)}</dd>
        </dl>
      </aside>
    </div>
  );
}

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
