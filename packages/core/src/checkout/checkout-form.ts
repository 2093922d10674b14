/**
 * The checkout page's form as data (SPEC §4 page type 201): what the shopper has typed,
 * the checkout as the server last priced it, the problem to show and the order attempt's
 * Idempotency-Key. The island renders the state, sends one request at a time and
 * reports its outcome here; nothing in this file calls the server or reads randomness
 * (a fresh key arrives with the event that may need it).
 *
 *   starting ─start-succeeded→ ready          starting ─start-failed→ unavailable
 *   ready ─step-sent→ saving ─step-succeeded | step-failed→ ready
 *   ready ─order-sent→ placing ─order-failed→ ready
 *                      placing ─order-placed→ placed   (the page leaves for the receipt)
 */
import { NO_ANSWER_STATUS, type RequestFailure } from '../cart/cart-errors';

export type CheckoutAddress = {
  name: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  region?: string | undefined;
  postalCode: string;
  country: string;
};

/** What the form reads of the server's checkout; the contract's `Checkout` fits it. */
export type CheckoutSnapshot = {
  email: string | null;
  requiresShipping: boolean;
  shippingAddress: CheckoutAddress | null;
  selectedShippingOptionId: string | null;
  totals: { grandTotalCents: number };
};

/** The card fields as typed; `cardInputFrom` turns them into what the API takes. */
export type CardFields = { number: string; expiry: string; cvc: string; nameOnCard: string };

export type CheckoutFormStatus =
  | 'starting'
  | 'unavailable'
  | 'ready'
  | 'saving'
  | 'placing'
  | 'placed';

/** The saves a checkout step makes; applying a code also empties its input. */
export type CheckoutStep =
  | 'email'
  | 'shipping-address'
  | 'shipping-option'
  | 'apply-coupon'
  | 'remove-coupon'
  | 'apply-gift-card'
  | 'remove-gift-card';

export type CheckoutFormEvent<C extends CheckoutSnapshot> =
  | { type: 'start-succeeded'; checkout: C }
  | { type: 'start-failed'; failure: RequestFailure }
  | { type: 'step-sent' }
  | { type: 'step-succeeded'; step: CheckoutStep; checkout: C }
  | { type: 'step-failed'; step: CheckoutStep; failure: RequestFailure }
  | { type: 'order-sent' }
  | { type: 'order-failed'; failure: RequestFailure; freshKey: string }
  | { type: 'order-placed' }
  | { type: 'email-edited'; email: string }
  | { type: 'address-edited'; field: keyof CheckoutAddress; value: string }
  | { type: 'coupon-code-edited'; code: string }
  | { type: 'gift-card-code-edited'; code: string }
  | { type: 'card-edited'; field: keyof CardFields; value: string };

export type CheckoutFormState<C extends CheckoutSnapshot> = {
  status: CheckoutFormStatus;
  /** The checkout as the server last answered it; null until it starts. */
  checkout: C | null;
  /** A request is in flight or the page is leaving: buttons that send are disabled. */
  isBusy: boolean;
  problem: string | null;
  /**
   * Where the problem belongs, so the page shows it beside what the shopper just used:
   * the step that failed, `order` for a failed order (a declined card), null for a start
   * that failed (the whole page).
   */
  problemAt: CheckoutStep | 'order' | null;
  /** Field path (`email`, `shippingAddress.city`, `card.number`) → message. */
  fieldErrors: Record<string, string>;
  email: string;
  address: CheckoutAddress;
  couponCode: string;
  giftCardCode: string;
  card: CardFields;
  /** Sent with every try of one order attempt, so a retry never charges twice. */
  idempotencyKey: string;
};

type StatusEvent = Exclude<CheckoutFormEvent<CheckoutSnapshot>['type'], `${string}-edited`>;

export const CHECKOUT_FORM_TRANSITIONS: Readonly<
  Record<CheckoutFormStatus, Partial<Record<StatusEvent, CheckoutFormStatus>>>
> = {
  starting: { 'start-succeeded': 'ready', 'start-failed': 'unavailable' },
  unavailable: {},
  ready: { 'step-sent': 'saving', 'order-sent': 'placing' },
  saving: { 'step-succeeded': 'ready', 'step-failed': 'ready' },
  placing: { 'order-failed': 'ready', 'order-placed': 'placed' },
  placed: {},
};

/** Whether `event` may happen now: the island asks before it sends a request. */
export const canCheckoutTransition = (status: CheckoutFormStatus, event: StatusEvent): boolean =>
  CHECKOUT_FORM_TRANSITIONS[status][event] !== undefined;

const BUSY: ReadonlySet<CheckoutFormStatus> = new Set(['starting', 'saving', 'placing', 'placed']);

export const emptyCheckoutAddress: CheckoutAddress = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
};

/** What a signed-in customer's account fills in before the checkout starts. */
export type CheckoutPrefill = { email?: string; address?: CheckoutAddress | null };

/**
 * The form before the checkout starts: empty, or filled from the customer's account.
 * What the checkout already saved wins once it starts (`start-succeeded`).
 */
export const initialCheckoutFormState = <C extends CheckoutSnapshot>(
  idempotencyKey: string,
  prefill: CheckoutPrefill = {},
): CheckoutFormState<C> => ({
  status: 'starting',
  checkout: null,
  isBusy: true,
  problem: null,
  problemAt: null,
  fieldErrors: {},
  email: prefill.email ?? '',
  address: prefill.address ? { ...emptyCheckoutAddress, ...prefill.address } : emptyCheckoutAddress,
  couponCode: '',
  giftCardCode: '',
  card: { number: '', expiry: '', cvc: '', nameOnCard: '' },
  idempotencyKey,
});

/**
 * Whether a failed order attempt may still have been placed, so its retry must send the
 * same key (and find that order) rather than a fresh one (and charge again): no answer
 * at all, or a server error (a proxy's 502/504 can hide an order that committed). Any
 * 4xx answer is the server refusing this attempt with nothing stored — a decline
 * (CARD_DECLINED), a missing field, out of stock, a key already bound to another
 * request — and the next try is a new attempt with a new key. A decline needs it: a
 * payment provider replays its answer to a key it has seen.
 */
export const keepsIdempotencyKey = (failure: RequestFailure): boolean =>
  failure.status === NO_ANSWER_STATUS || failure.status >= 500;

/** The card as the order request sends it: digits only, an MM/YY or MM/YYYY expiry. */
export const cardInputFrom = (card: CardFields) => {
  const [month, year] = card.expiry.split('/').map((part) => Number.parseInt(part.trim(), 10));
  const fullYear = year !== undefined && year < 100 ? 2000 + year : year;
  return {
    number: card.number.replace(/\s+/g, ''),
    expMonth: month ?? 0,
    expYear: fullYear ?? 0,
    cvc: card.cvc,
    nameOnCard: card.nameOnCard,
  };
};

/** The server will take the order: an email, and an address and shipping when shipped. */
export const isCheckoutReady = (checkout: CheckoutSnapshot): boolean =>
  Boolean(checkout.email) &&
  (!checkout.requiresShipping ||
    (checkout.shippingAddress !== null && checkout.selectedShippingOptionId !== null));

/** Gift cards can cover the whole order, and then no card is asked for. */
export const needsCard = (checkout: CheckoutSnapshot): boolean =>
  checkout.totals.grandTotalCents > 0;

const withStatus = <C extends CheckoutSnapshot>(
  state: CheckoutFormState<C>,
  status: CheckoutFormStatus,
): CheckoutFormState<C> => ({ ...state, status, isBusy: BUSY.has(status) });

const failed = <C extends CheckoutSnapshot>(
  state: CheckoutFormState<C>,
  failure: RequestFailure,
  problemAt: CheckoutFormState<C>['problemAt'],
): CheckoutFormState<C> => ({
  ...state,
  problem: failure.message,
  problemAt,
  fieldErrors: failure.fields,
});

/**
 * Edits apply in every status (typing never waits for the server); a status event the
 * table does not allow leaves the state untouched, so a late answer is harmless.
 */
export const checkoutFormReducer = <C extends CheckoutSnapshot>(
  state: CheckoutFormState<C>,
  event: CheckoutFormEvent<C>,
): CheckoutFormState<C> => {
  switch (event.type) {
    case 'email-edited':
      return { ...state, email: event.email };
    case 'address-edited':
      return { ...state, address: { ...state.address, [event.field]: event.value } };
    case 'coupon-code-edited':
      return { ...state, couponCode: event.code };
    case 'gift-card-code-edited':
      return { ...state, giftCardCode: event.code };
    case 'card-edited':
      return { ...state, card: { ...state.card, [event.field]: event.value } };
  }
  const next = CHECKOUT_FORM_TRANSITIONS[state.status][event.type];
  if (!next) return state;
  const moved = withStatus(state, next);
  switch (event.type) {
    case 'start-succeeded':
      // A resumed checkout fills the form with what was saved before; a fresh one keeps
      // what the account filled in.
      return {
        ...moved,
        checkout: event.checkout,
        email: event.checkout.email ?? state.email,
        address: event.checkout.shippingAddress
          ? { ...emptyCheckoutAddress, ...event.checkout.shippingAddress }
          : state.address,
      };
    case 'step-sent':
    case 'order-sent':
      return { ...moved, problem: null, problemAt: null };
    case 'step-succeeded':
      return {
        ...moved,
        checkout: event.checkout,
        fieldErrors: {},
        couponCode: event.step === 'apply-coupon' ? '' : state.couponCode,
        giftCardCode: event.step === 'apply-gift-card' ? '' : state.giftCardCode,
      };
    case 'order-failed':
      return {
        ...failed(moved, event.failure, 'order'),
        idempotencyKey: keepsIdempotencyKey(event.failure) ? state.idempotencyKey : event.freshKey,
      };
    case 'start-failed':
      return failed(moved, event.failure, null);
    case 'step-failed':
      return failed(moved, event.failure, event.step);
    case 'order-placed':
      return moved;
  }
};
