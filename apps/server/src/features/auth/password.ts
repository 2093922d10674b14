import { cartMessages } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import { createPasswordPool, PasswordPoolBusyError } from './password-pool.ts';

// Passwords are stored as argon2id PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so
// the parameters travel with each hash and can be raised later without a migration.
// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane), computed by @node-rs/argon2 in
// low-priority worker threads (password-pool.ts), never on the event loop: with hash-wasm
// it ran on the main thread and every sign-in stalled every page being rendered. Hashes
// written by hash-wasm are standard PHC strings and keep verifying (password.test.ts).
// Sign-in is also rate limited and locked per account.
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

const pool = createPasswordPool();

/** More hashes queued than the pool takes: the caller is told to come back shortly. */
const busy = () => fail('RATE_LIMITED', cartMessages.tooManyRequests);

/** argon2id (the library's default algorithm) with a fresh 16-byte salt per hash. */
export async function hashPassword(password: string): Promise<string> {
  try {
    return await pool.hash(password, PARAMS);
  } catch (error) {
    throw error instanceof PasswordPoolBusyError ? busy() : error;
  }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    return await pool.verify(stored, password);
  } catch (error) {
    if (error instanceof PasswordPoolBusyError) throw busy();
    // A malformed stored hash never matches.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the email is unknown, so the answer's timing
 * does not tell which emails belong to members.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not a real password');
  await verifyPassword(password, await dummyHash);
  return false;
}
