import { createHash } from 'node:crypto';
import type { CaptchaChallenge } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { expiresAtOf, payloadOf, solveChallenge } from './solver.ts';

// The browser's solver against challenges made the way the server makes them
// (features/captcha/altcha.ts): SHA-256 of salt + a secret number.

function challengeFor(number: number, maxnumber = 100_000): CaptchaChallenge {
  const salt = `0123456789abcdef01234567?expires=1800000000&scope=FORM_BLOCK_SUBMISSION&`;
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256')
      .update(salt + number)
      .digest('hex'),
    maxnumber,
    salt,
    signature: 'c'.repeat(64),
  };
}

describe('the captcha solver', () => {
  // Small maxnumbers: Node's Web Crypto is far slower per digest than a browser's.
  it('finds the secret number, at the start, across a batch edge and at maxnumber', async () => {
    for (const secret of [0, 499, 500, 3_001, 4_000]) {
      const solution = await solveChallenge(challengeFor(secret, 4_000));
      expect(solution?.number).toBe(secret);
      expect(solution?.took).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives up when no number up to maxnumber solves it', async () => {
    expect(await solveChallenge(challengeFor(2_000, 1_000))).toBeUndefined();
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const solving = solveChallenge(challengeFor(99_999), controller.signal);
    controller.abort();
    expect(await solving).toBeUndefined();
  });

  it("encodes the solution as ALTCHA's base64 payload, without maxnumber", async () => {
    const challenge = challengeFor(1234, 4_000);
    const solution = await solveChallenge(challenge);
    if (!solution) throw new Error('unsolved');
    const payload = JSON.parse(atob(payloadOf(challenge, solution)));
    expect(payload).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution.took,
    });
  });

  it('reads the expiry the server signed into the salt', () => {
    expect(expiresAtOf(challengeFor(1))).toBe(1_800_000_000_000);
    expect(expiresAtOf({ salt: 'abc&' })).toBeUndefined();
    expect(expiresAtOf({ salt: 'abc?expires=soon&' })).toBeUndefined();
  });
});
