import { randomUUID } from 'node:crypto';
import type {
  Authorization,
  AuthorizeRequest,
  PaymentProvider,
  RefundRequest,
} from './payment-provider.ts';

// The built-in gateway every new store starts with: no account, no network, and card
// numbers that pick the outcome, so a merchant can rehearse every path of checkout.
//   …4242 approves · …0002 declines · …9995 has insufficient funds · anything else is invalid

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
      const { card } = request.source;
      const digits = card.number.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits)) return decline(paymentMessages.invalidNumber);
      const today = now();
      const isExpired =
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
      if (isExpired) return decline(paymentMessages.expired);
      const last4 = digits.slice(-4);
      if (last4 === '0002') return decline(paymentMessages.declined);
      if (last4 === '9995') return decline(paymentMessages.insufficientFunds);
      if (last4 !== '4242') return decline(paymentMessages.invalidNumber);
      return { isApproved: true, reference: `test_${randomUUID()}`, brand: brandOf(digits), last4 };
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
