import { z } from 'zod';
import { captchaScopeSchema } from './forms.ts';

// The self-hosted proof-of-work captcha (issue 20), in ALTCHA's v1 wire format so any
// ALTCHA client could solve our challenges: the server sends a salt, the SHA-256 of
// salt + a secret number below `maxnumber`, and an HMAC of that hash; the browser finds
// the number and sends everything back, base64-encoded, as the payload.

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** GET /api/captcha/challenge?scope=… */
export const captchaChallengeQuerySchema = z.object({
  scope: captchaScopeSchema,
});

/** A challenge to solve; the salt carries its scope and expiry (`?expires=…&scope=…&`). */
export const captchaChallengeSchema = z
  .object({
    algorithm: z.literal('SHA-256'),
    challenge: hex64,
    maxnumber: z.number().int().positive(),
    salt: z.string(),
    signature: hex64,
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** What a solved challenge sends back (base64 of this JSON is the form's `captchaKey`). */
export const captchaSolutionSchema = z.object({
  algorithm: z.string().max(20),
  challenge: hex64,
  number: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  salt: z.string().max(500),
  signature: hex64,
  /** Milliseconds the browser took; informational. */
  took: z.number().nonnegative().optional(),
});
export type CaptchaSolution = z.infer<typeof captchaSolutionSchema>;

/** Why a payload was refused; the submission flow maps any of these to one message. */
export const CAPTCHA_FAILURES = [
  'missing',
  'invalid',
  'expired',
  'replayed',
  'wrong-scope',
] as const;
export type CaptchaFailure = (typeof CAPTCHA_FAILURES)[number];
