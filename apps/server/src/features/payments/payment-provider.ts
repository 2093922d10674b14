// The one seam between checkout and whoever moves the money. Checkout only ever calls
// these three functions, so a Stripe adapter (payment-method tokens instead of raw card
// fields, its own idempotency keys) plugs in here without checkout changing.
//
// Raw card fields pass through memory only: providers return brand and last four for
// the order, and nothing here may log or store the number or the security code.

export type CardDetails = {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  nameOnCard: string;
};

/** A card entered now, or one the provider saved earlier (a subscription's renewals). */
export type PaymentSource = { kind: 'card'; card: CardDetails } | { kind: 'saved'; token: string };

/** What the provider keeps of a card for later charges: never the number itself. */
export type SavedCard = {
  /** The provider's reference to the card; Atelier stores only this. */
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type SaveCardResult = { ok: true; card: SavedCard } | { ok: false; message: string };

export type AuthorizeRequest = {
  amountCents: number;
  currency: string;
  source: PaymentSource;
  /** Passed on so a provider that supports it never charges twice for one order. */
  idempotencyKey: string;
  description: string;
};

export type Authorization =
  | { isApproved: true; reference: string; brand: string; last4: string }
  | { isApproved: false; message: string };

export type RefundRequest = {
  /** The settled authorisation's reference. */
  reference: string;
  amountCents: number;
  currency: string;
  /** One refund per key: a retried refund returns the first instead of paying twice. */
  idempotencyKey: string;
};

export type PaymentProvider = {
  name: string;
  /** Orders paid through a test provider are marked testMode (SPEC §3 Order). */
  isTestMode: boolean;
  /** Holds the amount on the card; nothing is settled until capture. */
  authorize(request: AuthorizeRequest): Promise<Authorization>;
  /** Settles an authorisation after the order is committed. */
  capture(reference: string): Promise<void>;
  /** Releases an authorisation whose order could not be committed. */
  void(reference: string): Promise<void>;
  /**
   * Keeps a card for later charges made without the shopper (renewals). Checks only that
   * the card can be kept (number, expiry); whether a charge goes through is decided when
   * one is made.
   */
  saveCard(card: CardDetails): Promise<SaveCardResult>;
  /** Returns money to the card; throws when the provider refuses. */
  refund(request: RefundRequest): Promise<{ reference: string }>;
};
