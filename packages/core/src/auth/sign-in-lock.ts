/**
 * Sign-in protection for one account (a website and a normalised email), whatever address
 * the attempts come from. A few failures are free (typos); after that each failure makes
 * the next attempt wait twice as long as the one before, and at `lockAfter` failures the
 * account is locked for `lockMs`. A failure is forgotten `lockMs` after it happened, so a
 * lock ends by itself; a successful sign-in forgets them at once.
 *
 * The rule never looks at whether the email belongs to a member: an unknown email is
 * throttled and locked exactly like a real one, so the answers tell an attacker nothing.
 * Pure: the caller passes the clock and keeps the records.
 */

export type SignInLockPolicy = Readonly<{
  /** Failures after which the account is locked for `lockMs`. */
  lockAfter: number;
  /** How long a lock lasts, and how long a failure is remembered. */
  lockMs: number;
  /** Failures that cost nothing before the delays begin. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each later one doubles it. */
  firstDelayMs: number;
}>;

/** What is remembered about an account's recent failed attempts. */
export type SignInFailures = Readonly<{ count: number; lastAt: number }>;

export const DEFAULT_SIGN_IN_LOCK: SignInLockPolicy = {
  lockAfter: 10,
  lockMs: 15 * 60_000,
  freeFailures: 3,
  firstDelayMs: 1000,
};

/** Whether the record still counts at `now` (a failure lives `lockMs`). */
export function isRemembered(
  failures: SignInFailures | undefined,
  now: number,
  policy: SignInLockPolicy,
): failures is SignInFailures {
  return failures !== undefined && now - failures.lastAt < policy.lockMs;
}

/** How long after the last failure the next attempt must wait. */
export function waitAfter(count: number, policy: SignInLockPolicy): number {
  if (count >= policy.lockAfter) return policy.lockMs;
  const free = Math.min(policy.freeFailures, policy.lockAfter - 1);
  if (count < free || count === 0) return 0;
  return Math.min(policy.lockMs, policy.firstDelayMs * 2 ** (count - Math.max(free, 1)));
}

/** Milliseconds until an attempt may be checked; 0 means now. */
export function signInWaitMs(
  failures: SignInFailures | undefined,
  now: number,
  policy: SignInLockPolicy,
): number {
  if (!isRemembered(failures, now, policy)) return 0;
  return Math.max(0, failures.lastAt + waitAfter(failures.count, policy) - now);
}

/** The record after one more failure at `now`. */
export function withFailure(
  failures: SignInFailures | undefined,
  now: number,
  policy: SignInLockPolicy,
): SignInFailures {
  const count = isRemembered(failures, now, policy) ? failures.count : 0;
  return { count: count + 1, lastAt: now };
}
