import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIGN_IN_LOCK,
  type SignInFailures,
  type SignInLockPolicy,
  signInWaitMs,
  waitAfter,
  withFailure,
} from './sign-in-lock';

const policy = DEFAULT_SIGN_IN_LOCK;

/** `count` failures, each made as soon as the previous wait allowed. */
function failPatiently(count: number, p: SignInLockPolicy = policy, start = 0) {
  let record: SignInFailures | undefined;
  let now = start;
  for (let i = 0; i < count; i += 1) {
    now += signInWaitMs(record, now, p);
    record = withFailure(record, now, p);
  }
  return { record, now };
}

describe('sign-in lock', () => {
  it('lets the first three failures through at once (typos are free)', () => {
    const { record, now } = failPatiently(2);
    expect(signInWaitMs(record, now, policy)).toBe(0);
  });

  it('doubles the wait after each further failure: 1 s, 2 s, … 64 s', () => {
    expect([3, 4, 5, 6, 7, 8, 9].map((count) => waitAfter(count, policy))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000,
    ]);
    const { record, now } = failPatiently(5);
    expect(signInWaitMs(record, now, policy)).toBe(4000);
    expect(signInWaitMs(record, now + 3999, policy)).toBe(1);
    expect(signInWaitMs(record, now + 4000, policy)).toBe(0);
  });

  it('locks the account for 15 minutes at the tenth failure', () => {
    const { record, now } = failPatiently(10);
    expect(record?.count).toBe(10);
    expect(signInWaitMs(record, now, policy)).toBe(15 * 60_000);
    expect(signInWaitMs(record, now + 14 * 60_000, policy)).toBe(60_000);
  });

  it('forgets failures once the lock time has passed since the last one', () => {
    const { record, now } = failPatiently(10);
    const later = now + policy.lockMs;
    expect(signInWaitMs(record, later, policy)).toBe(0);
    expect(withFailure(record, later, policy)).toEqual({ count: 1, lastAt: later });
  });

  it('keeps counting failures that are still remembered', () => {
    const { record, now } = failPatiently(4);
    expect(withFailure(record, now + 10_000, policy)).toEqual({ count: 5, lastAt: now + 10_000 });
  });

  it('never waits longer than the lock, and works for a lock after one or two failures', () => {
    const long = { ...policy, lockAfter: 40 };
    expect(waitAfter(39, long)).toBe(long.lockMs);
    const strict = { ...policy, lockAfter: 1 };
    expect(waitAfter(0, strict)).toBe(0);
    expect(waitAfter(1, strict)).toBe(strict.lockMs);
    const two = { ...policy, lockAfter: 2 };
    expect(waitAfter(1, two)).toBe(1000);
    expect(waitAfter(2, two)).toBe(two.lockMs);
  });

  it('has no record to wait on for an account never tried', () => {
    expect(signInWaitMs(undefined, 123, policy)).toBe(0);
    expect(withFailure(undefined, 123, policy)).toEqual({ count: 1, lastAt: 123 });
  });
});
