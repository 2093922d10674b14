/**
 * The checkout page's form as data (SPEC §4 page type 201): what the shopper has typed,
 * the checkout as the server last priced it, the problems to show (each beside the part
 * of the page it belongs to) and the order attempt's Idempotency-Key. The page is one
 * form filled top to bottom: the island saves each step by itself (an email on blur, an
 * address once it is complete, an option when picked) one request at a time, and reports
 * each outcome here; nothing in this file calls the server or reads randomness (a fresh
 * key arrives with the event that may need it).
 *
 *   starting ─start-succeeded→ ready          starting ─start-failed→ unavailable
 *   ready ─step-sent→ saving ─step-succeeded | step-failed→ ready
 *   ready ─order-sent→ placing ─order-failed→ ready
 *                      placing ─order-placed→ placed   (the page leaves for the receipt)
 */
import { NO_ANSWER_STATUS, type RequestFailure } from '../cart/cart-errors';
import { checkoutMessages } from '../messages';

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
  phone?: string | null;
  /** The store asks for a phone number (checkout preferences); absent: it does not. */
  isPhoneRequired?: boolean;
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

/**
 * Where on the page a problem shows: beside the section it belongs to. `page` is a
 * checkout that could not start; `order` is the payment section (a declined card).
 */
export type CheckoutProblemPlace =
  | 'page'
  | 'contact'
  | 'shipping-address'
  | 'shipping-option'
  | 'coupon'
  | 'gift-card'
  | 'order';

export type CheckoutFormEvent<C extends CheckoutSnapshot> =
  | { type: 'start-succeeded'; checkout: C }
  | { type: 'start-failed'; failure: RequestFailure }
  | { type: 'step-sent'; step: CheckoutStep }
  | { type: 'step-succeeded'; step: CheckoutStep; checkout: C }
  /**
   * `takesFocus`: the shopper pressed something (Place order, Apply) and focus moves to
   * the problem; a save made on its own (leaving a field) shows it without moving focus.
   */
  | { type: 'step-failed'; step: CheckoutStep; failure: RequestFailure; takesFocus: boolean }
  /** Place order pressed with fields still empty: no request, each field says what is missing. */
  | { type: 'order-blocked'; fields: Record<string, string> }
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
  /** A request is in flight or the page is leaving. */
  isBusy: boolean;
  /** The step being saved, while one is (the summary marks its figures as updating). */
  savingStep: CheckoutStep | null;
  /**
   * Each section's problem, shown beside it: a save that failed stays shown while the
   * shopper fills the rest of the page, until that section saves again.
   */
  problems: Partial<Record<CheckoutProblemPlace, string>>;
  /** Field path (`email`, `shippingAddress.city`, `card.number`) → message. */
  fieldErrors: Record<string, string>;
  /**
   * Where focus goes after a failure the shopper caused by pressing a button, and a count
   * that changes each time, so the same place failing twice moves focus twice.
   */
  focusAt: CheckoutProblemPlace | null;
  focusCount: number;
  email: string;
  address: CheckoutAddress;
  couponCode: string;
  giftCardCode: string;
  card: CardFields;
  /** Sent with every try of one order attempt, so a retry never charges twice. */
  idempotencyKey: string;
};

type StatusEvent = Exclude<
  CheckoutFormEvent<CheckoutSnapshot>['type'],
  `${string}-edited` | 'order-blocked'
>;

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
  savingStep: null,
  problems: {},
  fieldErrors: {},
  focusAt: null,
  focusCount: 0,
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

/** The address lines the server requires, with what the page says when one is empty. */
const REQUIRED_ADDRESS_FIELDS = [
  ['name', checkoutMessages.nameMissing],
  ['line1', checkoutMessages.addressLineMissing],
  ['city', checkoutMessages.cityMissing],
  ['postalCode', checkoutMessages.postalCodeMissing],
  ['country', checkoutMessages.countryMissing],
] as const;

/**
 * Whether the typed address has every line the server requires, so saving it can price
 * shipping: the page saves it by itself from then on, never a half-typed one.
 */
export const isAddressComplete = (address: CheckoutAddress): boolean =>
  REQUIRED_ADDRESS_FIELDS.every(([key]) => address[key].trim() !== '');

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim() === (b ?? '').trim();

/** The typed address differs from the one the server holds (or it holds none). */
export const isAddressUnsaved = (
  address: CheckoutAddress,
  saved: CheckoutAddress | null,
): boolean =>
  !saved ||
  (Object.keys(emptyCheckoutAddress) as (keyof CheckoutAddress)[]).some(
    (key) => !sameText(address[key], saved[key]),
  );

/** The typed email or phone differs from what the server holds. */
export const isContactUnsaved = (
  typed: { email: string; phone: string },
  saved: CheckoutSnapshot,
): boolean =>
  !sameText(typed.email, saved.email) ||
  (Boolean(saved.isPhoneRequired) && !sameText(typed.phone, saved.phone));

const REQUIRED_CARD_FIELDS = [
  ['number', checkoutMessages.cardNumberMissing],
  ['expiry', checkoutMessages.cardExpiryMissing],
  ['cvc', checkoutMessages.cardCvcMissing],
  ['nameOnCard', checkoutMessages.cardNameMissing],
] as const;

/**
 * What Place order finds empty, field path → message, in the page's order, before
 * anything is sent: the email (and phone when the store asks), the address lines when
 * the order ships, and the card when one is asked for (`card` given).
 */
export function missingCheckoutFields(
  typed: { email: string; phone: string; address: CheckoutAddress; card?: CardFields | undefined },
  checkout: CheckoutSnapshot,
): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!typed.email.trim()) missing.email = checkoutMessages.emailMissing;
  if (checkout.isPhoneRequired && !typed.phone.trim()) {
    missing.phone = checkoutMessages.phoneMissing;
  }
  if (checkout.requiresShipping) {
    for (const [key, message] of REQUIRED_ADDRESS_FIELDS) {
      if (!typed.address[key].trim()) missing[`shippingAddress.${key}`] = message;
    }
  }
  const card = typed.card;
  for (const [key, message] of card ? REQUIRED_CARD_FIELDS : []) {
    if (!card?.[key].trim()) missing[`card.${key}`] = message;
  }
  return missing;
}

/** A shipping option as the page weighs which one to choose for the shopper. */
type OfferedOption = { id: string; kind: string; priceCents: number; isAvailable: boolean };

/**
 * The option chosen for the shopper once the address prices shipping, as the best
 * checkouts do: the cheapest that applies, the merchant's first on a tie. Never a pickup
 * (collecting in person is the shopper's choice to make); null when only pickups apply.
 */
export function defaultShippingOption<O extends OfferedOption>(options: readonly O[]): O | null {
  let best: O | null = null;
  for (const option of options) {
    if (!option.isAvailable || option.kind === 'pickup') continue;
    if (!best || option.priceCents < best.priceCents) best = option;
  }
  return best;
}

/** The section a step's problem shows beside. */
export const problemPlaceOf = (step: CheckoutStep): CheckoutProblemPlace => {
  switch (step) {
    case 'email':
      return 'contact';
    case 'apply-coupon':
    case 'remove-coupon':
      return 'coupon';
    case 'apply-gift-card':
    case 'remove-gift-card':
      return 'gift-card';
    default:
      return step;
  }
};

/** The section a field path belongs to (`shippingAddress.city` → shipping-address). */
export const problemPlaceOfField = (field: string): CheckoutProblemPlace => {
  const head = field.split('.')[0];
  if (head === 'email' || head === 'phone') return 'contact';
  if (head === 'shippingAddress') return 'shipping-address';
  if (head === 'optionId') return 'shipping-option';
  return 'order';
};

/**
 * Field paths that name a whole section rather than one input (`card` for a decline,
 * `shippingAddress` for an address nothing ships to): their message shows beside the
 * section, as there is no single input to put it under.
 */
export const SECTION_FIELDS: ReadonlySet<string> = new Set([
  'card',
  'shippingAddress',
  'optionId',
  'body',
]);

/** The field paths a step's answer speaks for: its success clears their messages. */
const fieldsOfPlace = (fields: Record<string, string>, place: CheckoutProblemPlace) =>
  Object.keys(fields).filter((field) => problemPlaceOfField(field) === place);

const withoutPlace = (
  fields: Record<string, string>,
  place: CheckoutProblemPlace,
): Record<string, string> => {
  const kept = { ...fields };
  for (const field of fieldsOfPlace(fields, place)) delete kept[field];
  return kept;
};

const withoutField = (fields: Record<string, string>, field: string) => {
  if (!(field in fields)) return fields;
  const { [field]: _cleared, ...kept } = fields;
  return kept;
};

const withoutProblem = (
  problems: CheckoutFormState<CheckoutSnapshot>['problems'],
  place: CheckoutProblemPlace,
) => {
  const { [place]: _cleared, ...kept } = problems;
  return kept;
};

const withStatus = <C extends CheckoutSnapshot>(
  state: CheckoutFormState<C>,
  status: CheckoutFormStatus,
): CheckoutFormState<C> => ({ ...state, status, isBusy: BUSY.has(status) });

/**
 * A failure shown at `place`: its field messages replace that section's old ones (other
 * sections keep theirs), and the message shows beside the section unless its fields
 * already say it (a field's own message is clearer than the request's summary).
 */
const failed = <C extends CheckoutSnapshot>(
  state: CheckoutFormState<C>,
  failure: RequestFailure,
  place: CheckoutProblemPlace,
  takesFocus: boolean,
): CheckoutFormState<C> => {
  // Coupon and gift card answers name their `code`, which the section's message says.
  const fields = place === 'coupon' || place === 'gift-card' ? {} : failure.fields;
  const hasOwnFields = fieldsOfPlace(fields, place).some((field) => !SECTION_FIELDS.has(field));
  const cleared = withoutProblem(state.problems, place);
  return {
    ...state,
    savingStep: null,
    problems: hasOwnFields ? cleared : { ...cleared, [place]: failure.message },
    fieldErrors: { ...withoutPlace(state.fieldErrors, place), ...fields },
    focusAt: takesFocus ? place : state.focusAt,
    focusCount: takesFocus ? state.focusCount + 1 : state.focusCount,
  };
};

/**
 * Edits apply in every status (typing never waits for the server); a status event the
 * table does not allow leaves the state untouched, so a late answer is harmless.
 */
export const checkoutFormReducer = <C extends CheckoutSnapshot>(
  state: CheckoutFormState<C>,
  event: CheckoutFormEvent<C>,
): CheckoutFormState<C> => {
  switch (event.type) {
    // Typing in a field clears its own message (the shopper is fixing it); a save or
    // Place order says it again if it is still wrong.
    case 'email-edited':
      return {
        ...state,
        email: event.email,
        fieldErrors: withoutField(state.fieldErrors, 'email'),
      };
    case 'address-edited':
      return {
        ...state,
        address: { ...state.address, [event.field]: event.value },
        fieldErrors: withoutField(state.fieldErrors, `shippingAddress.${event.field}`),
      };
    case 'coupon-code-edited':
      return { ...state, couponCode: event.code };
    case 'gift-card-code-edited':
      return { ...state, giftCardCode: event.code };
    case 'card-edited':
      return {
        ...state,
        card: { ...state.card, [event.field]: event.value },
        fieldErrors: withoutField(state.fieldErrors, `card.${event.field}`),
      };
    case 'order-blocked': {
      const first = Object.keys(event.fields)[0];
      if (!first) return state;
      return {
        ...state,
        fieldErrors: { ...state.fieldErrors, ...event.fields },
        focusAt: problemPlaceOfField(first),
        focusCount: state.focusCount + 1,
      };
    }
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
      return { ...moved, savingStep: event.step };
    case 'order-sent':
      return {
        ...moved,
        problems: withoutProblem(state.problems, 'order'),
        fieldErrors: withoutPlace(state.fieldErrors, 'order'),
      };
    case 'step-succeeded': {
      const place = problemPlaceOf(event.step);
      return {
        ...moved,
        savingStep: null,
        checkout: event.checkout,
        problems: withoutProblem(state.problems, place),
        fieldErrors: withoutPlace(state.fieldErrors, place),
        couponCode: event.step === 'apply-coupon' ? '' : state.couponCode,
        giftCardCode: event.step === 'apply-gift-card' ? '' : state.giftCardCode,
      };
    }
    case 'order-failed': {
      // An order refused for something above the payment (no email, an address nothing
      // ships to) shows there; a decline shows beside the card.
      const first = Object.keys(event.failure.fields)[0];
      const place = first ? problemPlaceOfField(first) : 'order';
      return {
        ...failed(moved, event.failure, place, true),
        idempotencyKey: keepsIdempotencyKey(event.failure) ? state.idempotencyKey : event.freshKey,
      };
    }
    case 'start-failed':
      return failed(moved, event.failure, 'page', false);
    case 'step-failed':
      return failed(moved, event.failure, problemPlaceOf(event.step), event.takesFocus);
    case 'order-placed':
      return moved;
  }
};
