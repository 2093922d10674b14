import type { CaptchaChallenge } from '@atelier/contract';

// Finds the number that solves an ALTCHA challenge: the n in 0..maxnumber whose SHA-256 of
// salt + n is the challenge. Web Crypto hashes, a batch at a time so each await covers many
// digests; runs in the solver worker, or on the page when no worker can start (then every
// batch is a separate task, so typing and clicks are never held up for long).

export type Solution = { number: number; took: number };

const BATCH = 500;

export async function solveChallenge(
  challenge: Pick<CaptchaChallenge, 'challenge' | 'salt' | 'maxnumber'>,
  signal?: AbortSignal,
): Promise<Solution | undefined> {
  const startedAt = performance.now();
  const target = bytesOfHex(challenge.challenge);
  const encoder = new TextEncoder();
  for (let from = 0; from <= challenge.maxnumber; from += BATCH) {
    if (signal?.aborted) return undefined;
    const to = Math.min(from + BATCH - 1, challenge.maxnumber);
    const digests = await Promise.all(
      Array.from({ length: to - from + 1 }, (_, i) =>
        crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + (from + i))),
      ),
    );
    const found = digests.findIndex((digest) => sameBytes(new Uint8Array(digest), target));
    if (found !== -1) {
      return { number: from + found, took: Math.round(performance.now() - startedAt) };
    }
  }
  return undefined;
}

/** What the form sends as its captcha key: base64 JSON, as ALTCHA's widget makes it. */
export function payloadOf(challenge: CaptchaChallenge, solution: Solution): string {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  // The salt is hex and URL-encoded parameters: plain ASCII, which btoa takes.
  return btoa(
    JSON.stringify({
      algorithm,
      challenge: hash,
      number: solution.number,
      salt,
      signature,
      took: solution.took,
    }),
  );
}

/** When the server stops accepting a solution (ms since epoch), from the signed salt. */
export function expiresAtOf(challenge: Pick<CaptchaChallenge, 'salt'>): number | undefined {
  const query = challenge.salt.split('?')[1];
  const expires = Number(new URLSearchParams(query ?? '').get('expires'));
  return Number.isFinite(expires) && expires > 0 ? expires * 1000 : undefined;
}

function bytesOfHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
