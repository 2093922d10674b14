/** The back-in-stock sign-up form's rules (SPEC §4, §5, §8). */
import { isValidEmail } from '../forms/email';
import { restockMessages } from '../messages';
import { err, ok, type Result } from '../result';

export const RESTOCK_CAPTCHA_ACTION = 'PRODUCT_WAITLIST_SUBMISSION';

/** SPEC §4: the restock email field takes 3 to 256 characters. */
export const RESTOCK_EMAIL_MIN = 3;
export const RESTOCK_EMAIL_MAX = 256;

/** The trimmed email when it can be signed up, else the message shown under the field. */
export const validateRestockEmail = (email: string | null | undefined): Result<string, string> => {
  const trimmed = (email ?? '').trim();
  if (trimmed === '') return err(restockMessages.emailBlank);
  if (trimmed.length < RESTOCK_EMAIL_MIN || trimmed.length > RESTOCK_EMAIL_MAX) {
    return err(restockMessages.emailInvalid);
  }
  return isValidEmail(trimmed) ? ok(trimmed) : err(restockMessages.emailInvalid);
};

export const restockSuccessText = (customText?: string | null): string =>
  customText?.trim() ? customText.trim() : restockMessages.signedUp;

export const restockFailureMessage = (serverMessage?: string | null): string =>
  serverMessage?.trim() ? serverMessage.trim() : restockMessages.submitFailed;
