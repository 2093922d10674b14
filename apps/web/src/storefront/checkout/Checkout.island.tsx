import type { Checkout } from '@atelier/contract';
import {
  type CheckoutFormEvent,
  type CheckoutFormState,
  type CheckoutPrefill,
  type CheckoutStep,
  type CurrencyCode,
  canCheckoutTransition,
  cardInputFrom,
  checkoutFormReducer,
  formatMoney,
  initialCheckoutFormState,
  isCheckoutReady,
  needsCard as needsCardFor,
  subscriptionMessages,
  subscriptionPriceText,
} from '@atelier/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import {
  applyCoupon,
  applyGiftCard,
  type CallResult,
  placeOrder,
  removeCoupon,
  removeGiftCard,
  selectShippingOption,
  setCheckoutCartToken,
  setEmail,
  setShippingAddress,
  startCheckout,
} from './checkout-client.ts';
import { COUNTRY_CODES, countryName } from './countries.ts';
import { InstallmentTender, type Tender } from './InstallmentTender.tsx';

export type CheckoutProps = {
  useCLDRMoneyFormat: boolean;
  locale: string;
  /** The subscription checkout's cart (page 204); absent on the plain checkout (201). */
  cartToken?: string | null;
  /** A signed-in customer's email and default address, filled in but not yet saved. */
  prefill?: CheckoutPrefill;
};

type State = CheckoutFormState<Checkout>;
type Event = CheckoutFormEvent<Checkout>;
// Pins core's generic reducer to the contract's checkout, so React infers the state type.
const reducer = (state: State, event: Event): State => checkoutFormReducer(state, event);

/**
 * The checkout page's form (page type 201). Each step is saved on the server, which
 * answers with the whole checkout re-priced; placing the order sends the card once,
 * with an idempotency key so a retry never charges twice. Its state and the retry-key
 * rule are core's checkout-form reducer; this file sends requests and renders.
 */
export default function CheckoutForm({
  useCLDRMoneyFormat,
  locale,
  cartToken,
  prefill,
}: CheckoutProps) {
  // Before the first request: every call of this page speaks for the token's cart.
  setCheckoutCartToken(cartToken);
  const [state, dispatch] = useReducer(reducer, undefined, () =>
    initialCheckoutFormState<Checkout>(crypto.randomUUID(), prefill),
  );
  const { checkout, problem, fieldErrors, isBusy, email, address, couponCode, giftCardCode, card } =
    state;
  // Phone and note are not part of core's form reducer: only some stores ask for them.
  const [phone, setPhone] = useState<string | null>(null);
  const [note, setNote] = useState('');
  // Pay in full or in 4 (issue 22); in 4 only while the checkout still offers it.
  const [chosenTender, setTender] = useState<Tender>('full');

  // A problem is shown beside what the shopper just used (problemAt) and takes focus, so
  // it is seen without scrolling and read out, then they fix it from there.
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem && state.problemAt) problemRef.current?.focus();
  }, [problem, state.problemAt]);

  // Start (or resume) checkout once, when the page opens.
  useEffect(() => {
    void startCheckout().then((result) =>
      dispatch(
        result.ok
          ? { type: 'start-succeeded', checkout: result.value }
          : { type: 'start-failed', failure: result.failure },
      ),
    );
  }, []);

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

  async function save(step: CheckoutStep, send: () => Promise<CallResult<Checkout>>) {
    if (!canCheckoutTransition(state.status, 'step-sent')) return;
    dispatch({ type: 'step-sent' });
    const result = await send();
    dispatch(
      result.ok
        ? { type: 'step-succeeded', step, checkout: result.value }
        : { type: 'step-failed', step, failure: result.failure },
    );
  }

  const money = (minorUnits: number) =>
    formatMoney(
      { minorUnits, currency: checkout.currency as CurrencyCode },
      { useCLDRMoneyFormat, locale },
    );
  const id = checkout.id;
  const plan = checkout.subscriptionPlan;
  // A subscription keeps the card for its renewals even when a gift card pays today.
  const needsCard = needsCardFor(checkout) || plan !== null;
  const phoneText = phone ?? checkout.phone ?? '';
  const { hasOrderNotes } = checkout;
  const tender: Tender = needsCard && checkout.installments ? chosenTender : 'full';
  const isReady =
    isCheckoutReady(checkout) &&
    !checkout.minimumProblem &&
    !(checkout.isPhoneRequired && !checkout.phone);

  async function submitOrder(event: React.FormEvent) {
    event.preventDefault();
    if (!canCheckoutTransition(state.status, 'order-sent')) return;
    dispatch({ type: 'order-sent' });
    const result = await placeOrder(
      id,
      needsCard ? cardInputFrom(card) : undefined,
      state.idempotencyKey,
      hasOrderNotes ? note : undefined,
      tender,
    );
    if (result.ok) {
      dispatch({ type: 'order-placed' });
      window.location.assign(
        `/order-confirmed/${encodeURIComponent(result.value.order.id)}?token=${encodeURIComponent(result.value.token)}`,
      );
      return;
    }
    dispatch({ type: 'order-failed', failure: result.failure, freshKey: crypto.randomUUID() });
  }

  const problemFor = (...where: CheckoutFormState<Checkout>['problemAt'][]) =>
    problem && where.includes(state.problemAt) ? (
      <div ref={problemRef} role="alert" tabIndex={-1} className="form-error checkout__problem">
        {problem}
      </div>
    ) : null;

  const error = (name: string) =>
    fieldErrors[name] ? (
      <p className="form-field__error" id={`checkout-${name.replaceAll('.', '-')}-error`}>
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <div className="checkout" aria-busy={isBusy}>
      <div className="checkout__steps">
        {problemFor(null)}

        <form
          className="checkout__section"
          onSubmit={(event) => {
            event.preventDefault();
            void save('email', () =>
              setEmail(id, email, checkout.isPhoneRequired ? phoneText : undefined),
            );
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
              onChange={(event) => dispatch({ type: 'email-edited', email: event.target.value })}
            />
          </div>
          {checkout.isPhoneRequired ? (
            <div className="form-field">
              {error('phone')}
              <label htmlFor="checkout-phone">Phone</label>
              <input
                id="checkout-phone"
                type="tel"
                autoComplete="tel"
                value={phoneText}
                onChange={(event) => setPhone(event.target.value)}
              />
            </div>
          ) : null}
          {problemFor('email')}
          <button type="submit" className="button button--small" disabled={isBusy}>
            {checkout.email ? 'Update email' : 'Save email'}
          </button>
        </form>

        {checkout.requiresShipping ? (
          <form
            className="checkout__section"
            onSubmit={(event) => {
              event.preventDefault();
              void save('shipping-address', () => setShippingAddress(id, address));
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
                  onChange={(event) =>
                    dispatch({ type: 'address-edited', field: key, value: event.target.value })
                  }
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
                onChange={(event) =>
                  dispatch({ type: 'address-edited', field: 'country', value: event.target.value })
                }
              >
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {countryName(code, locale)}
                  </option>
                ))}
              </select>
            </div>
            {problemFor('shipping-address')}
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
            {checkout.shippingProblem ? (
              <p className="form-error" role="alert">
                {checkout.shippingProblem}
              </p>
            ) : null}
            {checkout.shippingOptions.map((option) => (
              <label key={option.id} className="form-field__choice">
                <input
                  type="radio"
                  name="shipping-option"
                  value={option.id}
                  disabled={!option.isAvailable || isBusy}
                  checked={checkout.selectedShippingOptionId === option.id}
                  onChange={() =>
                    void save('shipping-option', () => selectShippingOption(id, option.id))
                  }
                />{' '}
                {option.pickup ? 'Pickup: ' : ''}
                {option.name} — {option.priceCents === 0 ? 'Free' : money(option.priceCents)}
                {option.pickup ? (
                  <span className="checkout__pickup">
                    {' '}
                    {[option.pickup.location, option.pickup.address, option.pickup.instructions]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ) : null}
              </label>
            ))}
            {problemFor('shipping-option')}
          </fieldset>
        ) : null}

        <form
          className="checkout__section checkout__codes"
          onSubmit={(event) => {
            event.preventDefault();
            void save('apply-coupon', () => applyCoupon(id, couponCode));
          }}
        >
          <h2>Discount code</h2>
          {problemFor('apply-coupon', 'remove-coupon')}
          {checkout.automaticDiscount ? (
            <p className="checkout__automatic">
              {`${checkout.automaticDiscount.name} applied automatically.`}
            </p>
          ) : null}
          {checkout.coupon ? (
            <p>
              <strong>{checkout.coupon.code}</strong>{' '}
              {checkout.coupon.isValid ? 'applied' : (checkout.coupon.message ?? 'does not apply')}{' '}
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => void save('remove-coupon', () => removeCoupon(id))}
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
                onChange={(event) =>
                  dispatch({ type: 'coupon-code-edited', code: event.target.value })
                }
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
            void save('apply-gift-card', () => applyGiftCard(id, giftCardCode));
          }}
        >
          <h2>Gift card</h2>
          {problemFor('apply-gift-card', 'remove-gift-card')}
          {checkout.giftCard ? (
            <p>
              Gift card ending {checkout.giftCard.last4}: {money(checkout.giftCard.appliedCents)}{' '}
              applied, {money(checkout.giftCard.balanceCents)} balance{' '}
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => void save('remove-gift-card', () => removeGiftCard(id))}
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
                value={giftCardCode}
                onChange={(event) =>
                  dispatch({ type: 'gift-card-code-edited', code: event.target.value })
                }
              />
              <button
                type="submit"
                className="button button--small"
                disabled={isBusy || !giftCardCode.trim()}
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
              {checkout.installments ? (
                <InstallmentTender
                  offer={checkout.installments}
                  totalCents={checkout.totals.grandTotalCents}
                  tender={tender}
                  onChange={setTender}
                  money={money}
                  isDisabled={isBusy}
                />
              ) : null}
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
                    onChange={(event) =>
                      dispatch({ type: 'card-edited', field: key, value: event.target.value })
                    }
                  />
                </div>
              ))}
            </>
          ) : (
            <p>Your gift card covers this order.</p>
          )}
          {plan ? (
            <p className="checkout__note checkout__subscription-terms">
              {`Your card will be kept by our payment provider for this subscription's payments. You can update it or cancel at any time from the link we email you.`}
            </p>
          ) : null}
          {checkout.hasOrderNotes ? (
            <div className="form-field">
              {error('note')}
              <label htmlFor="checkout-note">Order note (optional)</label>
              <textarea
                id="checkout-note"
                rows={3}
                maxLength={2000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
          ) : null}
          {checkout.minimumProblem ? (
            <p className="form-error" role="alert">
              {checkout.minimumProblem}
            </p>
          ) : null}
          {problemFor('order')}
          <button type="submit" className="button checkout__place" disabled={isBusy || !isReady}>
            {plan ? 'Subscribe' : 'Place order'} ·{' '}
            {tender === 'installments' && checkout.installments
              ? `${money(checkout.installments.paymentsCents[0] ?? 0)} today`
              : money(checkout.totals.grandTotalCents)}
          </button>
          {!isReady ? (
            <p className="checkout__note">
              Add your email{checkout.isPhoneRequired ? ', phone' : ''}
              {checkout.requiresShipping ? ', address and shipping' : ''} first.
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
              <dt>
                {checkout.automaticDiscount
                  ? `Discount (${checkout.automaticDiscount.name})`
                  : checkout.coupon?.isValid
                    ? `Discount (${checkout.coupon.code})`
                    : 'Discount'}
              </dt>
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
          <dt>{checkout.totals.isTaxIncluded ? 'Tax (included)' : 'Tax'}</dt>
          <dd>{money(checkout.totals.taxCents)}</dd>
          {checkout.totals.giftCardCents > 0 ? (
            <>
              <dt>Gift card</dt>
              <dd>−{money(checkout.totals.giftCardCents)}</dd>
            </>
          ) : null}
          <dt className="checkout__grand">{plan ? 'Due today' : 'Total'}</dt>
          <dd className="checkout__grand">{money(checkout.totals.grandTotalCents)}</dd>
        </dl>
        {plan ? (
          <p className="checkout__renewal">
            {`Then ${subscriptionPriceText(
              money(checkout.totals.subtotalCents + checkout.totals.shippingCents),
              plan,
            )}${plan.numBillingCycles === 0 ? ` ${subscriptionMessages.untilCancelled}` : ''}, plus any tax.`}
          </p>
        ) : null}
      </aside>
    </div>
  );
}
