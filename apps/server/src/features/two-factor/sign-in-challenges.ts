import { createHash, randomBytes } from 'node:crypto';

// A sign-in whose password was right, waiting for its second step. The browser holds a
// random token in an httpOnly cookie scoped to the second step's address, so the wait is
// bound to that browser; this process keeps only the token's hash, for five minutes. Kept
// in memory like the sign-in lock's records: a restart asks people for their password
// again, nothing worse, and several servers would share it through the same calls.

export type SignInChallenges<T> = ReturnType<typeof createSignInChallenges<T>>;

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Waiting sign-ins kept at most; past it the oldest go (they sign in again). */
const MAX_CHALLENGES = 10_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSignInChallenges<T>(deps: { now: () => number; ttlMs?: number }) {
  const ttlMs = deps.ttlMs ?? CHALLENGE_TTL_MS;
  const records = new Map<string, { websiteId: string; data: T; expiresAt: number }>();

  function sweep(at: number) {
    for (const [key, record] of records) if (record.expiresAt <= at) records.delete(key);
    for (const key of records.keys()) {
      if (records.size < MAX_CHALLENGES) break;
      records.delete(key);
    }
  }

  return {
    ttlMs,
    /** A new waiting sign-in; the answer is the token for the browser's cookie. */
    start(websiteId: string, data: T): string {
      const at = deps.now();
      if (records.size >= MAX_CHALLENGES) sweep(at);
      const token = randomBytes(32).toString('base64url');
      records.set(hashOf(token), { websiteId, data, expiresAt: at + ttlMs });
      return token;
    },
    /** The waiting sign-in of this website and token, if it has not expired. */
    find(websiteId: string, token: string | undefined): T | undefined {
      if (!token || token.length > 200) return undefined;
      const key = hashOf(token);
      const record = records.get(key);
      if (!record || record.websiteId !== websiteId) return undefined;
      if (record.expiresAt <= deps.now()) {
        records.delete(key);
        return undefined;
      }
      return record.data;
    },
    end(token: string): void {
      records.delete(hashOf(token));
    },
  };
}
