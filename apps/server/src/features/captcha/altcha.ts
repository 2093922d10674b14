import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaChallenge, CaptchaSolution } from '@atelier/contract';

// ALTCHA's v1 proof-of-work scheme with node:crypto (docs/ARCHITECTURE.md says why not
// altcha-lib). challenge = SHA-256(salt + number), signature = HMAC-SHA-256(challenge)
// under the site's key. The salt ends in `?expires=…&scope=…&`: the parameters are part
// of the hashed text, so changing them changes the challenge and breaks the signature.

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmacHex = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

export function createChallenge(options: {
  hmacKey: string;
  maxNumber: number;
  params: Record<string, string>;
}): CaptchaChallenge {
  // The trailing & stops a solver moving digits from the number into the parameters.
  const salt = `${randomBytes(12).toString('hex')}?${new URLSearchParams(options.params)}&`;
  const number = randomInt(options.maxNumber + 1);
  const challenge = sha256Hex(salt + number);
  return {
    algorithm: 'SHA-256',
    challenge,
    maxnumber: options.maxNumber,
    salt,
    signature: hmacHex(options.hmacKey, challenge),
  };
}

/** Whether the number solves the challenge and the challenge was signed with this key. */
export function isGenuine(solution: CaptchaSolution, hmacKey: string): boolean {
  if (solution.algorithm !== 'SHA-256') return false;
  return (
    sameHex(sha256Hex(solution.salt + solution.number), solution.challenge) &&
    sameHex(hmacHex(hmacKey, solution.challenge), solution.signature)
  );
}

/** The parameters signed into a salt (`scope`, `expires`). */
export function paramsOf(salt: string): URLSearchParams {
  const at = salt.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : salt.slice(at + 1));
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
