/** Which words a shopper sees when adding to the cart fails (SPEC §8). */
import { alertTitles, cartMessages } from '../messages';
import { formatMoney } from '../money/format';
import { compareMoney, type Money } from '../money/money';

export type PurchaseKind = 'cart' | 'express-checkout' | 'gift-card';

export const addFailureTitle = (kind: PurchaseKind): string => {
  if (kind === 'express-checkout') return alertTitles.unableToPurchaseItem;
  if (kind === 'gift-card') return alertTitles.unableToPurchaseGiftCard;
  return alertTitles.unableToAddItem;
};

/** A request that got no answer (offline, a dropped connection) reports this status. */
export const NO_ANSWER_STATUS = 0;

/**
 * A failed call as the browser sees it: the HTTP status (NO_ANSWER_STATUS when none
 * came), the sentence to show, the server's machine `code` if it sent one, and
 * per-field messages. Clients decide on `status` and `code`, never on `message`.
 */
export type RequestFailure = {
  status: number;
  message: string;
  code?: string | undefined;
  fields: Record<string, string>;
};

/**
 * A failed CSRF check means a stale session, or no cookie to hold one; 429 means slow
 * down. Anything else is the server's own message, and without one a generic retry.
 */
export const addFailureMessage = ({
  isCsrfFailure = false,
  areCookiesEnabled = true,
  status,
  serverMessage,
}: {
  isCsrfFailure?: boolean;
  areCookiesEnabled?: boolean;
  status?: number;
  serverMessage?: string | null;
}): string => {
  if (isCsrfFailure) {
    return areCookiesEnabled ? cartMessages.sessionExpired : cartMessages.enableCookies;
  }
  if (status === 429) return cartMessages.tooManyRequests;
  return serverMessage?.trim() || cartMessages.pleaseTryAgain;
};

/**
 * The checkout minimum: null when the subtotal reaches it, else the sentence naming the
 * minimum (formatted by the caller's money format, so it matches the rest of the cart).
 */
export const checkoutMinimumMessage = ({
  subtotal,
  minimum,
  format = formatMoney,
}: {
  subtotal: Money;
  minimum: Money | null;
  format?: (amount: Money) => string;
}): string | null =>
  minimum && compareMoney(subtotal, minimum) < 0
    ? cartMessages.minimumSubtotal(format(minimum))
    : null;
