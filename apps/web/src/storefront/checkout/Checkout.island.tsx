import type { Checkout } from '@atelier/contract';
import {
  type CheckoutFormEvent,
  type CheckoutFormState,
  type CheckoutPrefill,
  type CheckoutProblemPlace,
  type CheckoutStep,
  type CurrencyCode,
  cardInputFrom,
  checkoutFormReducer,
  defaultShippingOption,
  formatMoney,
  initialCheckoutFormState,
  isAddressComplete,
  isAddressUnsaved,
  isContactUnsaved,
  missingCheckoutFields,
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

/** How long the address waits after the last keystroke before it is saved by itself. */
const ADDRESS_PAUSE_MS = 600;

const ADDRESS_FIELDS = [
  ['name', 'Full name', 'name'],
  ['line1', 'Address', 'address-line1'],
  ['line2', 'Apartment, suite (optional)', 'address-line2'],
  ['city', 'City', 'address-level2'],
  ['region', 'State or region', 'address-level1'],
  ['postalCode', 'Postal code', 'postal-code'],
] as const;

const CARD_FIELDS = [
  ['number', 'Card number', 'cc-number', 'numeric'],
  ['expiry', 'Expiry (MM/YY)', 'cc-exp', 'numeric'],
  ['cvc', 'Security code', 'cc-csc', 'numeric'],
  ['nameOnCard', 'Name on card', 'cc-name', 'text'],
] as const;

/** The id of a field's message, which the field names in aria-describedby. */
const errorIdOf = (field: string) => `checkout-${field.replaceAll('.', '-')}-error`;
const PAYMENT_PROBLEM_ID = 'checkout-payment-problem';

/**
 * The checkout page's form (page type 201): one page the shopper fills top to bottom, as
 * in the best one-page checkouts. Nothing has a Save button: the email saves when the
 * shopper leaves it, the address once it is complete and they pause, and the cheapest
 * shipping that applies is chosen for them (they can pick another). Every save answers
 * with the whole checkout re-priced, so shipping options and totals follow the address.
 * Place order saves whatever is left, says beside each field what is missing (focus goes
 * to the first), then sends the card once, with an idempotency key so a retry never
 * charges twice. The API is the same step calls as before; the page only makes them.
 *
 * One request at a time: every call goes through one queue, and each save reads the
 * form as it is when its turn comes, so a burst of edits costs one request, not many.
 * The state and the retry-key rule are core's checkout-form reducer.
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
  const { checkout, problems, fieldErrors, email, address, couponCode, giftCardCode, card } = state;
  // Phone and note are not part of core's form reducer: only some stores ask for them.
  const [phone, setPhone] = useState<string | null>(null);
  const [note, setNote] = useState('');
  // Pay in full or in 4 (issue 22); in 4 only while the checkout still offers it.
  const [chosenTender, setTender] = useState<Tender>('full');
  // The option the shopper just picked, shown checked while its save waits its turn.
  const [pickedOptionId, setPickedOptionId] = useState<string | null>(null);
  // An address edit waiting for the shopper to pause before it is saved.
  const [isAddressPending, setAddressPending] = useState(false);
  // Calls queued or in flight: while any are, the page says it is busy (aria-busy).
  const [queuedCount, setQueuedCount] = useState(0);

  // What the queued calls read when their turn comes: the form as last rendered, and the
  // checkout as the server last answered (ahead of the render that will show it).
  const typed = useRef({ state, phone });
  typed.current = { state, phone };
  const server = useRef<Checkout | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const addressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isPlacing = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);

  /** Runs `task` after every call queued before it, one request at a time. */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    setQueuedCount((count) => count + 1);
    const turn = queue.current.then(task, task);
    queue.current = turn.catch(() => undefined).finally(() => setQueuedCount((count) => count - 1));
    return turn;
  }

  /** Sends one step and reports it; true when the server took it. */
  async function send(
    step: CheckoutStep,
    call: (checkoutId: string) => Promise<CallResult<Checkout>>,
    takesFocus: boolean,
  ): Promise<boolean> {
    const current = server.current;
    if (!current) return false;
    dispatch({ type: 'step-sent', step });
    const result = await call(current.id);
    if (result.ok) {
      server.current = result.value;
      dispatch({ type: 'step-succeeded', step, checkout: result.value });
      return true;
    }
    dispatch({ type: 'step-failed', step, failure: result.failure, takesFocus });
    return false;
  }

  /** Saves the email (and phone) if they changed; an empty email waits for Place order. */
  async function saveContact(takesFocus: boolean): Promise<boolean> {
    const current = server.current;
    const { state: form, phone: typedPhone } = typed.current;
    if (!current || !form.email.trim()) return true;
    const phoneText = typedPhone ?? current.phone ?? '';
    if (!isContactUnsaved({ email: form.email, phone: phoneText }, current)) return true;
    return send(
      'email',
      (checkoutId) =>
        setEmail(
          checkoutId,
          form.email.trim(),
          current.isPhoneRequired ? phoneText.trim() : undefined,
        ),
      takesFocus,
    );
  }

  /** Saves the address once it is complete and differs from the saved one. */
  async function saveAddress(takesFocus: boolean): Promise<boolean> {
    const current = server.current;
    const form = typed.current.state;
    if (!current?.requiresShipping || !isAddressComplete(form.address)) return true;
    if (!isAddressUnsaved(form.address, current.shippingAddress)) return true;
    return send(
      'shipping-address',
      (checkoutId) => setShippingAddress(checkoutId, form.address),
      takesFocus,
    );
  }

  /** With an address and nothing chosen, chooses the cheapest shipping that applies. */
  async function chooseShipping(): Promise<boolean> {
    const current = server.current;
    if (!current?.requiresShipping || !current.shippingAddress) return true;
    if (current.selectedShippingOptionId) return true;
    const option = defaultShippingOption(current.shippingOptions);
    if (!option) return true;
    return send('shipping-option', (id) => selectShippingOption(id, option.id), false);
  }

  const saveAddressSoon = () => {
    clearTimeout(addressTimer.current);
    setAddressPending(false);
    void enqueue(async () => (await saveAddress(false)) && chooseShipping());
  };

  // Start (or resume) checkout once, when the page opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once; the queue is a ref
  useEffect(() => {
    void enqueue(async () => {
      const result = await startCheckout();
      if (result.ok) server.current = result.value;
      dispatch(
        result.ok
          ? { type: 'start-succeeded', checkout: result.value }
          : { type: 'start-failed', failure: result.failure },
      );
    });
  }, []);

  // Once it has started, with the form filled from the account or the resumed checkout:
  // save what the account filled in, and choose shipping for a saved address.
  const checkoutId = checkout?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saves read refs; once per checkout
  useEffect(() => {
    if (!checkoutId) return;
    void enqueue(() => saveContact(false));
    void enqueue(async () => (await saveAddress(false)) && chooseShipping());
    // Once per checkout: later saves are started by the shopper's edits.
  }, [checkoutId]);

  // The address saves itself once complete and the shopper pauses (or leaves a field).
  const addressKey = JSON.stringify(address);
  // biome-ignore lint/correctness/useExhaustiveDependencies: addressKey is the edit signal; the rest are refs
  useEffect(() => {
    const current = server.current;
    const form = typed.current.state;
    const isToSave =
      current?.requiresShipping === true &&
      isAddressComplete(form.address) &&
      isAddressUnsaved(form.address, current.shippingAddress);
    // An edit that made it incomplete (or as saved) again cancels the save it was waiting for.
    if (!isToSave) {
      setAddressPending(false);
      return;
    }
    setAddressPending(true);
    clearTimeout(addressTimer.current);
    addressTimer.current = setTimeout(saveAddressSoon, ADDRESS_PAUSE_MS);
    return () => clearTimeout(addressTimer.current);
  }, [addressKey]);

  // A problem the shopper caused by pressing a button takes focus: the first field that
  // says what is wrong, or the section's message (a declined card), so it is seen
  // without scrolling and read out, and they fix it from there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusCount is the signal, focusAt read with it
  useEffect(() => {
    if (!state.focusAt || state.focusCount === 0) return;
    const section = rootRef.current?.querySelector(`[data-problems="${state.focusAt}"]`);
    const message = section?.querySelector<HTMLElement>('.checkout__problem');
    const field = section?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (state.focusAt === 'order' ? (message ?? field) : (field ?? message))?.focus();
  }, [state.focusCount]);

  if (!checkout) {
    return (
      <div className="checkout" aria-busy={state.isBusy}>
        {problems.page ? (
          <p role="alert" className="form-error">
            {problems.page}
          </p>
        ) : (
          <CheckoutSkeleton />
        )}
      </div>
    );
  }

  const money = (minorUnits: number) =>
    formatMoney(
      { minorUnits, currency: checkout.currency as CurrencyCode },
      { useCLDRMoneyFormat, locale },
    );
  const plan = checkout.subscriptionPlan;
  // A subscription keeps the card for its renewals even when a gift card pays today.
  const needsCard = needsCardFor(checkout) || plan !== null;
  const phoneText = phone ?? checkout.phone ?? '';
  const tender: Tender = needsCard && checkout.installments ? chosenTender : 'full';
  const isPlacingNow = state.status === 'placing' || state.status === 'placed';
  // The figures a save in flight (or waiting) will change are marked as updating.
  const isPricing =
    isAddressPending ||
    (state.savingStep !== null && state.savingStep !== 'email') ||
    pickedOptionId !== null;
  const chosenOptionId = pickedOptionId ?? checkout.selectedShippingOptionId;

  function pickOption(optionId: string) {
    setPickedOptionId(optionId);
    void enqueue(async () => {
      await send('shipping-option', (id) => selectShippingOption(id, optionId), false);
      setPickedOptionId(null);
    });
  }

  function submitOrder(event: React.FormEvent) {
    event.preventDefault();
    if (isPlacing.current) return;
    isPlacing.current = true;
    clearTimeout(addressTimer.current);
    setAddressPending(false);
    void enqueue(async () => {
      try {
        await placeWhenComplete();
      } finally {
        isPlacing.current = false;
      }
    });
  }

  /** Place order's turn in the queue: check, save what is left, then send the card. */
  async function placeWhenComplete() {
    const current = server.current;
    const { state: form, phone: typedPhone } = typed.current;
    if (!current) return;
    const orderNeedsCard = needsCardFor(current) || current.subscriptionPlan !== null;
    const missing = missingCheckoutFields(
      {
        email: form.email,
        phone: typedPhone ?? current.phone ?? '',
        address: form.address,
        card: orderNeedsCard ? form.card : undefined,
      },
      current,
    );
    if (Object.keys(missing).length > 0) {
      dispatch({ type: 'order-blocked', fields: missing });
      return;
    }
    if (!(await saveContact(true)) || !(await saveAddress(true)) || !(await chooseShipping())) {
      return;
    }
    const saved = server.current ?? current;
    if (saved.requiresShipping && !saved.selectedShippingOptionId) {
      // Nothing applies to this address (only a pickup, or nothing at all): say so there.
      dispatch({
        type: 'order-blocked',
        fields: saved.shippingProblem
          ? { shippingAddress: saved.shippingProblem }
          : { optionId: 'Choose a shipping option.' },
      });
      return;
    }
    dispatch({ type: 'order-sent' });
    const result = await placeOrder(
      saved.id,
      orderNeedsCard ? cardInputFrom(form.card) : undefined,
      form.idempotencyKey,
      saved.hasOrderNotes ? note : undefined,
      orderNeedsCard && saved.installments ? chosenTender : 'full',
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

  /** A section's own message (not a field's): boxed, announced, focusable. */
  const problemFor = (place: CheckoutProblemPlace, sectionField?: string, id?: string) => {
    const message = problems[place] ?? (sectionField ? fieldErrors[sectionField] : undefined);
    return message ? (
      <div id={id} role="alert" tabIndex={-1} className="form-error checkout__problem">
        {message}
      </div>
    ) : null;
  };

  /** The message under a field, and the attributes that tie the field to it. */
  const fieldError = (name: string, alsoDescribedBy?: string) => {
    const message = fieldErrors[name];
    const describedBy = [message ? errorIdOf(name) : null, alsoDescribedBy ?? null]
      .filter(Boolean)
      .join(' ');
    return {
      attributes: {
        'aria-invalid': message || alsoDescribedBy ? true : undefined,
        'aria-describedby': describedBy || undefined,
      },
      message: message ? (
        <p className="form-field__error" id={errorIdOf(name)} role="alert">
          {message}
        </p>
      ) : null,
    };
  };

  const emailField = fieldError('email');
  const phoneField = fieldError('phone');
  const countryField = fieldError('shippingAddress.country');
  const hasAddress = checkout.shippingAddress !== null;
  // Tax follows the shipping address (no address, no tax rule), and shipping the option
  // chosen for it: until then their amounts are not zero but unknown, and so is the total.
  const isShippingKnown = !checkout.requiresShipping || checkout.selectedShippingOptionId !== null;
  const isTaxKnown = !checkout.requiresShipping || hasAddress;
  const isTotalKnown = isShippingKnown && (isTaxKnown || checkout.totals.isTaxIncluded);

  return (
    <div
      className="checkout"
      aria-busy={queuedCount > 0 || isAddressPending}
      ref={rootRef}
      data-saving={state.savingStep ?? (isAddressPending ? 'shipping-address' : '')}
    >
      <div className="checkout__steps">
        <section
          className="checkout__section"
          data-problems="contact"
          aria-labelledby="checkout-contact"
        >
          <h2 id="checkout-contact">Contact</h2>
          <div className="form-field">
            <label htmlFor="checkout-email">Email</label>
            <input
              id="checkout-email"
              type="email"
              autoComplete="email"
              value={email}
              {...emailField.attributes}
              onChange={(event) => dispatch({ type: 'email-edited', email: event.target.value })}
              onBlur={() => void enqueue(() => saveContact(false))}
            />
            {emailField.message}
          </div>
          {checkout.isPhoneRequired ? (
            <div className="form-field">
              <label htmlFor="checkout-phone">Phone</label>
              <input
                id="checkout-phone"
                type="tel"
                autoComplete="tel"
                value={phoneText}
                {...phoneField.attributes}
                onChange={(event) => setPhone(event.target.value)}
                onBlur={() => void enqueue(() => saveContact(false))}
              />
              {phoneField.message}
            </div>
          ) : null}
          {problemFor('contact')}
        </section>

        {checkout.requiresShipping ? (
          <section
            className="checkout__section"
            data-problems="shipping-address"
            aria-labelledby="checkout-address"
          >
            <h2 id="checkout-address">Shipping address</h2>
            {ADDRESS_FIELDS.map(([key, label, autoComplete]) => {
              const field = fieldError(`shippingAddress.${key}`);
              return (
                <div className="form-field" key={key}>
                  <label htmlFor={`checkout-${key}`}>{label}</label>
                  <input
                    id={`checkout-${key}`}
                    autoComplete={autoComplete}
                    value={address[key] ?? ''}
                    {...field.attributes}
                    onChange={(event) =>
                      dispatch({ type: 'address-edited', field: key, value: event.target.value })
                    }
                    onBlur={() => {
                      if (addressTimer.current && isAddressPending) saveAddressSoon();
                    }}
                  />
                  {field.message}
                </div>
              );
            })}
            <div className="form-field">
              <label htmlFor="checkout-country">Country</label>
              <select
                id="checkout-country"
                autoComplete="country"
                value={address.country}
                {...countryField.attributes}
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
              {countryField.message}
            </div>
            {problemFor('shipping-address', 'shippingAddress')}
          </section>
        ) : null}

        {checkout.requiresShipping ? (
          <fieldset
            className="checkout__section checkout__shipping"
            data-problems="shipping-option"
            aria-busy={isPricing}
            aria-describedby="checkout-shipping-hint"
          >
            <legend>
              <h2>Shipping method</h2>
            </legend>
            <p className="checkout__note" id="checkout-shipping-hint">
              {hasAddress
                ? 'The cheapest that applies is chosen for you; pick another if you like.'
                : 'Enter your address to choose how your order is sent.'}
            </p>
            {checkout.shippingProblem ? (
              <p className="form-error" role="alert">
                {checkout.shippingProblem}
              </p>
            ) : null}
            {checkout.shippingOptions.map((option) => {
              const inputId = `checkout-shipping-${option.id}`;
              const reasonId = `${inputId}-reason`;
              const reason = option.unavailableReason ?? null;
              // The reason is the radio's description, outside its label: the option's name
              // stays its name ("Free shipping on orders over $100"), the why is read after.
              return (
                <div
                  key={option.id}
                  className={`checkout__option${option.isAvailable ? '' : ' checkout__option--unavailable'}`}
                >
                  <input
                    id={inputId}
                    type="radio"
                    name="shipping-option"
                    value={option.id}
                    disabled={!option.isAvailable || !hasAddress}
                    checked={chosenOptionId === option.id}
                    aria-describedby={reason ? reasonId : undefined}
                    onChange={() => pickOption(option.id)}
                  />
                  <label htmlFor={inputId} className="checkout__option-label">
                    <span className="checkout__option-text">
                      <span className="checkout__option-name">
                        {option.pickup ? 'Pickup: ' : ''}
                        {option.name}
                      </span>
                      {option.pickup ? (
                        <span className="checkout__pickup">
                          {[
                            option.pickup.location,
                            option.pickup.address,
                            option.pickup.instructions,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      ) : null}
                    </span>
                    <span className="checkout__option-price">
                      {!option.isAvailable
                        ? ''
                        : option.priceCents === 0
                          ? 'Free'
                          : money(option.priceCents)}
                    </span>
                  </label>
                  {reason ? (
                    <span className="checkout__option-reason" id={reasonId}>
                      {reason}
                    </span>
                  ) : null}
                </div>
              );
            })}
            {problemFor('shipping-option', 'optionId')}
          </fieldset>
        ) : null}

        <form
          className="checkout__section checkout__payment"
          data-problems="order"
          onSubmit={submitOrder}
          aria-labelledby="checkout-payment"
          noValidate
        >
          <h2 id="checkout-payment">Payment</h2>
          {needsCard ? (
            <>
              {checkout.installments ? (
                <InstallmentTender
                  offer={checkout.installments}
                  totalCents={checkout.totals.grandTotalCents}
                  tender={tender}
                  onChange={setTender}
                  money={money}
                  isDisabled={isPlacingNow}
                />
              ) : null}
              <p className="checkout__note">Test mode: use a card number ending 4242 to pay.</p>
              {CARD_FIELDS.map(([key, label, autoComplete, inputMode]) => {
                // A decline is about the whole card: each card field is described by it.
                const field = fieldError(
                  `card.${key}`,
                  fieldErrors.card && problems.order ? PAYMENT_PROBLEM_ID : undefined,
                );
                return (
                  <div className="form-field" key={key}>
                    <label htmlFor={`checkout-card-${key}`}>{label}</label>
                    <input
                      id={`checkout-card-${key}`}
                      autoComplete={autoComplete}
                      inputMode={inputMode}
                      value={card[key]}
                      {...field.attributes}
                      onChange={(event) =>
                        dispatch({ type: 'card-edited', field: key, value: event.target.value })
                      }
                    />
                    {field.message}
                  </div>
                );
              })}
              {/* Right under the card fields: in view beside them when Place order is pressed. */}
              {problemFor('order', undefined, PAYMENT_PROBLEM_ID)}
            </>
          ) : (
            <>
              <p>Your gift card covers this order.</p>
              {problemFor('order', undefined, PAYMENT_PROBLEM_ID)}
            </>
          )}
          {plan ? (
            <p className="checkout__note checkout__subscription-terms">
              {`Your card will be kept by our payment provider for this subscription's payments. You can update it or cancel at any time from the link we email you.`}
            </p>
          ) : null}
          {checkout.hasOrderNotes ? (
            <div className="form-field">
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
          <button
            type="submit"
            className="button checkout__place"
            disabled={isPlacingNow || Boolean(checkout.minimumProblem)}
          >
            {plan ? 'Subscribe' : 'Place order'}
            {/* An amount on the button is a promise: only once shipping and tax are known. */}
            {isTotalKnown
              ? ` · ${
                  tender === 'installments' && checkout.installments
                    ? `${money(checkout.installments.paymentsCents[0] ?? 0)} today`
                    : money(checkout.totals.grandTotalCents)
                }`
              : null}
          </button>
        </form>
      </div>

      <aside
        className={`checkout__summary${isPricing ? ' checkout__summary--updating' : ''}`}
        aria-label="Order summary"
        aria-busy={isPricing}
      >
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
        {/* Codes sit with the amounts they change, as the best themes do. */}
        <form
          className="checkout__codes"
          data-problems="coupon"
          onSubmit={(event) => {
            event.preventDefault();
            const code = couponCode;
            void enqueue(() => send('apply-coupon', (id) => applyCoupon(id, code), true));
          }}
        >
          <h3>Discount code</h3>
          {problemFor('coupon')}
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
                onClick={() =>
                  void enqueue(() => send('remove-coupon', (id) => removeCoupon(id), true))
                }
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
              <button type="submit" className="button button--small" disabled={!couponCode.trim()}>
                Apply
              </button>
            </div>
          )}
        </form>

        <form
          className="checkout__codes"
          data-problems="gift-card"
          onSubmit={(event) => {
            event.preventDefault();
            const code = giftCardCode;
            void enqueue(() => send('apply-gift-card', (id) => applyGiftCard(id, code), true));
          }}
        >
          <h3>Gift card</h3>
          {problemFor('gift-card')}
          {checkout.giftCard ? (
            <p>
              Gift card ending {checkout.giftCard.last4}: {money(checkout.giftCard.appliedCents)}{' '}
              applied, {money(checkout.giftCard.balanceCents)} balance{' '}
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() =>
                  void enqueue(() => send('remove-gift-card', (id) => removeGiftCard(id), true))
                }
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
                disabled={!giftCardCode.trim()}
              >
                Apply
              </button>
            </div>
          )}
        </form>

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
              <dd className={isShippingKnown ? undefined : 'checkout__pending'}>
                {isShippingKnown
                  ? money(checkout.totals.shippingCents)
                  : hasAddress
                    ? 'Choose a method'
                    : ADDRESS_PENDING.added}
              </dd>
            </>
          ) : null}
          <dt>{checkout.totals.isTaxIncluded ? 'Tax (included)' : 'Tax'}</dt>
          <dd className={isTaxKnown ? undefined : 'checkout__pending'}>
            {isTaxKnown
              ? money(checkout.totals.taxCents)
              : checkout.totals.isTaxIncluded
                ? ADDRESS_PENDING.shown
                : ADDRESS_PENDING.added}
          </dd>
          {checkout.totals.giftCardCents > 0 ? (
            <>
              <dt>Gift card</dt>
              <dd>−{money(checkout.totals.giftCardCents)}</dd>
            </>
          ) : null}
          <dt className="checkout__grand">
            {isTotalKnown ? (plan ? 'Due today' : 'Total') : 'Total so far'}
          </dt>
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

/**
 * What the summary says of an amount that waits for the shipping address: added to the
 * total, or (tax inside the prices) only shown.
 */
const ADDRESS_PENDING = {
  added: 'Added once we know your address',
  shown: 'Shown once we know your address',
} as const;

/** The skeleton's sections and their lines, about as tall as the form that replaces it. */
const lines = (name: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${name}${i}`);
const SKELETON_SECTIONS = [
  { name: 'contact', lines: lines('contact', 3) },
  { name: 'address', lines: lines('address', 14) },
  { name: 'shipping', lines: lines('shipping', 4) },
  { name: 'payment', lines: lines('payment', 8) },
];
// The lines, the discount and gift card codes, and the totals.
const SKELETON_SUMMARY = lines('summary', 11);

/**
 * What the page shows while the checkout starts: the sections' outline at about their
 * size, so the form arrives in place of it without moving what is below (CLS).
 */
function CheckoutSkeleton() {
  return (
    <>
      <div className="checkout__steps" aria-hidden="true">
        {SKELETON_SECTIONS.map(({ name, lines }) => (
          <div
            className={`checkout__section checkout__skeleton${name === 'payment' ? ' checkout__payment' : ''}`}
            key={name}
          >
            {lines.map((line) => (
              <span className="skeleton-line" key={line} />
            ))}
          </div>
        ))}
      </div>
      <div className="checkout__summary checkout__skeleton">
        <p className="visually-hidden" role="status">
          Preparing your checkout…
        </p>
        {SKELETON_SUMMARY.map((line) => (
          <span className="skeleton-line" key={line} />
        ))}
      </div>
    </>
  );
}
