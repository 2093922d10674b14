import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

// Passwords are stored as argon2id PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so
// the parameters travel with each hash and can be raised later without a migration.
// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane) costs tens of milliseconds in
// WASM on one core: a 2-core machine can keep rendering pages while someone signs in,
// and guessing stays expensive. Sign-in is also rate limited.
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2id({ ...PARAMS, password, salt: randomBytes(16), outputType: 'encoded' });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
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
