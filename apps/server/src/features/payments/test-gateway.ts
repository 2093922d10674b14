import { randomUUID } from 'node:crypto';
import type {
  Authorization,
  AuthorizeRequest,
  CardDetails,
  PaymentProvider,
  RefundRequest,
  SaveCardResult,
} from './payment-provider.ts';

// The built-in gateway every new store starts with: no account, no network, and card
// numbers that pick the outcome, so a merchant can rehearse every path of checkout.
//   …4242 approves · …0002 declines · …9995 has insufficient funds · anything else is invalid
// A saved card's token carries its last four digits and expiry, so a renewal charged by
// another server, or after a restart, meets the same outcome with nothing kept in memory.

export const paymentMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card has expired.',
} as const;

export function createTestGateway(options: { now?: () => Date } = {}): PaymentProvider {
  const now = options.now ?? (() => new Date());
  // Like a real provider, a refund retried with its key answers the first refund. The
  // order's own per-tender totals (under the order lock) are what stop over-refunding.
  const refunds = new Map<string, string>();
  return {
    name: 'test',
    isTestMode: true,
    async authorize(request: AuthorizeRequest): Promise<Authorization> {
      const card =
        request.source.kind === 'card'
          ? cardOf(request.source.card)
          : savedCardOf(request.source.token);
      if (!card) return decline(paymentMessages.invalidNumber);
      if (isExpired(card, now())) return decline(paymentMessages.expired);
      const { last4 } = card;
      if (last4 === '0002') return decline(paymentMessages.declined);
      if (last4 === '9995') return decline(paymentMessages.insufficientFunds);
      if (last4 !== '4242') return decline(paymentMessages.invalidNumber);
      return { isApproved: true, reference: `test_${randomUUID()}`, brand: card.brand, last4 };
    },
    async saveCard(details: CardDetails): Promise<SaveCardResult> {
      const card = cardOf(details);
      if (!card || !OUTCOMES.has(card.last4)) {
        return { ok: false, message: paymentMessages.invalidNumber };
      }
      if (isExpired(card, now())) return { ok: false, message: paymentMessages.expired };
      const token = `tok_test_${card.last4}_${card.expMonth}_${card.expYear}_${card.brandCode}_${randomUUID()}`;
      return {
        ok: true,
        card: {
          token,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      };
    },
    async capture() {},
    async void() {},
    async refund(request: RefundRequest) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new Error('test gateway: a refund needs a positive whole amount');
      }
      const earlier = refunds.get(request.idempotencyKey);
      if (earlier) return { reference: earlier };
      const reference = `test_refund_${randomUUID()}`;
      refunds.set(request.idempotencyKey, reference);
      return { reference };
    },
  };
}

/** The last four digits the test gateway knows an outcome for. */
const OUTCOMES = new Set(['4242', '0002', '9995']);
const BRAND_CODES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: 'Card',
};

type TestCard = {
  last4: string;
  expMonth: number;
  expYear: number;
  brand: string;
  brandCode: string;
};

function cardOf(details: CardDetails): TestCard | null {
  const digits = details.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return null;
  const brand = brandOf(digits);
  const brandCode = Object.entries(BRAND_CODES).find(([, name]) => name === brand)?.[0] ?? 'card';
  return {
    last4: digits.slice(-4),
    expMonth: details.expMonth,
    expYear: details.expYear,
    brand,
    brandCode,
  };
}

function savedCardOf(token: string): TestCard | null {
  const match = /^tok_test_(\d{4})_(\d{1,2})_(\d{4})_([a-z]+)_[0-9a-f-]{36}$/.exec(token);
  if (!match) return null;
  const [, last4 = '', month = '', year = '', brandCode = 'card'] = match;
  return {
    last4,
    expMonth: Number(month),
    expYear: Number(year),
    brand: BRAND_CODES[brandCode] ?? 'Card',
    brandCode,
  };
}

function isExpired(card: { expMonth: number; expYear: number }, today: Date): boolean {
  return (
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
  );
}

function decline(message: string): Authorization {
  return { isApproved: false, message };
}

/** The card network from the leading digits (IIN ranges), as receipts show it. */
export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}
