import { hash, verify } from '@node-rs/argon2';

// Passwords are stored as argon2id PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so
// the parameters travel with each hash and can be raised later without a migration.
// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). The work runs in native code on
// libuv's thread pool (@node-rs/argon2), never on the event loop: with hash-wasm it ran
// on the main thread and every sign-in stalled every page being rendered for its
// duration. Hashes written by hash-wasm are standard PHC strings and keep verifying
// (password.test.ts). Sign-in is also rate limited and locked per account.
const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** argon2id (the library's default algorithm) with a fresh 16-byte salt per hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
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
