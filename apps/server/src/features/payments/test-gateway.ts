import { createHash, randomUUID } from 'node:crypto';
import type {
  Authorization,
  AuthorizeRequest,
  CardDetails,
  PaymentProvider,
  RefundRequest,
  SavedCard,
} from './payment-provider.ts';

// The built-in gateway every new store starts with: no account, no network, and card
// numbers that pick the outcome, so a merchant can rehearse every path of checkout.
//   …4242 approves · …0002 declines · …9995 has insufficient funds · anything else is invalid
//
// A saved card's token carries what the outcome needs (last four, expiry, brand) and no
// number, so it works across restarts with nothing stored. A charge of a saved card is
// idempotent like a real provider's: the same key answers the same reference.

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
      if (request.source.kind === 'saved') {
        const saved = readToken(request.source.token);
        if (!saved) return decline(paymentMessages.invalidNumber);
        if (isExpiredAt(saved, now())) return decline(paymentMessages.expired);
        const problem = outcomeOf(saved.last4);
        if (problem) return decline(problem);
        const reference = `test_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 32)}`;
        return { isApproved: true, reference, brand: saved.brand, last4: saved.last4 };
      }
      const { card } = request.source;
      const digits = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits)) return decline(paymentMessages.invalidNumber);
      if (isExpiredAt(card, now())) return decline(paymentMessages.expired);
      const last4 = digits.slice(-4);
      const problem = outcomeOf(last4);
      if (problem) return decline(problem);
      return { isApproved: true, reference: `test_${randomUUID()}`, brand: brandOf(digits), last4 };
    },
    async saveCard(card: CardDetails): Promise<SavedCard> {
      const digits = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits))
        return { isSaved: false, message: paymentMessages.invalidNumber };
      if (isExpiredAt(card, now())) return { isSaved: false, message: paymentMessages.expired };
      const saved: TokenCard = {
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        brand: brandOf(digits),
      };
      const token = `tok_test_${Buffer.from(JSON.stringify(saved)).toString('base64url')}`;
      return { isSaved: true, token, brand: saved.brand, last4: saved.last4 };
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

type TokenCard = { last4: string; expMonth: number; expYear: number; brand: string };

function readToken(token: string): TokenCard | null {
  if (!token.startsWith('tok_test_')) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token.slice(9), 'base64url').toString('utf8'));
    const card = value as Partial<TokenCard>;
    return typeof card.last4 === 'string' &&
      typeof card.expMonth === 'number' &&
      typeof card.expYear === 'number' &&
      typeof card.brand === 'string'
      ? (card as TokenCard)
      : null;
  } catch {
    return null;
  }
}

function isExpiredAt(card: { expMonth: number; expYear: number }, today: Date): boolean {
  return (
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
  );
}

/** Why a card ending so is refused, or null when it is the approving test card. */
function outcomeOf(last4: string): string | null {
  if (last4 === '0002') return paymentMessages.declined;
  if (last4 === '9995') return paymentMessages.insufficientFunds;
  if (last4 !== '4242') return paymentMessages.invalidNumber;
  return null;
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
