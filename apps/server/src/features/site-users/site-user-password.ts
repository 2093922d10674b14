import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { cartMessages } from '@atelier/core';
import { dictionary } from '@zxcvbn-ts/language-common';
import { fail } from '../../http/errors.ts';

// Customer passwords are hashed with node's scrypt and a fresh 16-byte salt per hash,
// written as one self-describing string:
//
//   $scrypt$ln=14,r=8,p=5$<salt, base64>$<hash, base64>
//
// so the cost travels with each hash and can be raised later without a migration (a
// stored hash verifies with its own parameters). N=2^14, r=8, p=5 is one of OWASP's
// equivalent scrypt settings (16 MiB of memory per hash): its first choice, N=2^17,
// takes 128 MiB per hash, and four of them at once (libuv's pool) would not fit a small
// server. scrypt runs on libuv's thread pool, off the event loop; at most
// MAX_IN_FLIGHT hashes run or wait at once, and a flood past that is refused with 429
// rather than queueing without bound.

export type ScryptCost = Readonly<{ ln: number; r: number; p: number }>;

export const DEFAULT_SCRYPT_COST: ScryptCost = { ln: 14, r: 8, p: 5 };

const KEY_LENGTH = 32;
const MAX_IN_FLIGHT = 16;
const FORMAT =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

let inFlight = 0;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  if (inFlight >= MAX_IN_FLIGHT) {
    return Promise.reject(fail('RATE_LIMITED', cartMessages.tooManyRequests));
  }
  inFlight += 1;
  const N = 2 ** cost.ln;
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      // scrypt needs 128·N·r bytes; node refuses above maxmem (32 MiB by default).
      { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  }).finally(() => {
    inFlight -= 1;
  });
}

export async function hashSiteUserPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks with the parameters stored in the hash; a malformed hash never matches. */
export async function verifySiteUserPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, ln, r, p, salt, hash] = match;
  const cost = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (cost.ln < 1 || cost.ln > 20 || cost.r < 1 || cost.p < 1) return false;
  const expected = Buffer.from(hash ?? '', 'base64');
  const key = await derive(password, Buffer.from(salt ?? '', 'base64'), cost);
  return expected.length === key.length && timingSafeEqual(expected, key);
}

// The breached-password list: the 49,000-odd most common passwords of the leaked-password
// corpora that zxcvbn ranks against, shipped in @zxcvbn-ts/language-common (MIT). Read
// from the package, never fetched: nothing here calls the network.
let breached: ReadonlySet<string> | undefined;

export function isBreachedPassword(lowercased: string): boolean {
  breached ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return breached.has(lowercased);
}
