import { z } from 'zod';
import { siteUserSignedInSchema } from './site-users.ts';

// Two-step verification (TOTP) of members (/api/config/account/two-factor) and customers
// (/api/site-users/account/two-factor), and the second step of both sign-ins (issue 23).
// The shapes are the same for both kinds of people.

export * from './two-factor-http.ts';

/** A code from the app (6 digits) or a recovery code (24 characters), spaces allowed. */
const code = z.string().trim().min(1).max(64);
const password = z.string().min(1).max(1024);

export const twoFactorStatusSchema = z
  .object({ isOn: z.boolean(), recoveryCodesLeft: z.number().int() })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorStartSchema = z.object({ password }).meta({ id: 'TwoFactorStart' });

/** Shown once, while setting up: the key three ways (QR modules, URI, grouped text). */
export const twoFactorEnrolmentSchema = z
  .object({
    /** The otpauth:// URI the QR code holds. */
    otpauthUri: z.string(),
    /** The key in base32, in groups of four for typing. */
    key: z.string(),
    /** The QR code's modules, one string of 0 and 1 per row (no quiet zone). */
    qrRows: z.array(z.string()),
  })
  .meta({ id: 'TwoFactorEnrolment' });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorCodeSchema = z.object({ code }).meta({ id: 'TwoFactorCode' });

/** Shown once; only their hashes are kept. */
export const twoFactorRecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'TwoFactorRecoveryCodes' });

export const twoFactorTurnOffSchema = z.object({ password, code }).meta({ id: 'TwoFactorTurnOff' });

/** A customer's sign-in whose password was right and that now waits for a code. */
export const siteUserSecondFactorSchema = z
  .object({ xsrfToken: z.string(), secondFactor: z.literal('totp') })
  .meta({ id: 'SiteUserSecondFactor' });

/** What a customer's password step answers: signed in, or waiting for the code. */
export const siteUserSignInAnswerSchema = z.union([
  siteUserSignedInSchema,
  siteUserSecondFactorSchema,
]);
