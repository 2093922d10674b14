import {
  isRemembered,
  type SignInFailures,
  type SignInLockPolicy,
  signInWaitMs,
  withFailure,
} from '@atelier/core';

// Per-account sign-in protection (core's sign-in-lock rule) with its records in this
// process, like the per-address limiters: one server needs nothing more, and several
// would share them through Redis behind the same three calls. The key is the website and
// the normalised email, never the address, so rotating addresses or Host headers buys an
// attacker nothing.

export type SignInGuard = {
  /**
   * Claims one attempt for the account: false when it must wait. A claimed attempt is
   * counted as a failure at once, before the password is checked, so a burst of parallel
   * guesses cannot all pass the check while the first ones are still hashing.
   */
  claim: (key: string) => boolean;
  /** The password matched: the account's failures are forgotten. */
  succeeded: (key: string) => void;
};

/** Records kept at most; past it, expired ones go first, then the oldest. */
const MAX_RECORDS = 100_000;

export function createSignInGuard(deps: {
  policy: SignInLockPolicy;
  now: () => number;
}): SignInGuard {
  const { policy, now } = deps;
  const records = new Map<string, SignInFailures>();

  function makeRoom(at: number) {
    if (records.size < MAX_RECORDS) return;
    for (const [key, record] of records) {
      if (!isRemembered(record, at, policy)) records.delete(key);
    }
    // A flood of fresh emails could evict a locked account's record early; the per-address
    // limit makes that flood slow, and the bound keeps memory fixed.
    for (const key of records.keys()) {
      if (records.size < MAX_RECORDS) break;
      records.delete(key);
    }
  }

  return {
    claim(key) {
      const at = now();
      const record = records.get(key);
      if (signInWaitMs(record, at, policy) > 0) return false;
      makeRoom(at);
      // Re-inserted so the Map's order stays oldest-first for makeRoom.
      records.delete(key);
      records.set(key, withFailure(record, at, policy));
      return true;
    },
    succeeded(key) {
      records.delete(key);
    },
  };
}
