/** The back-in-stock sign-up form's rules (SPEC §4, §5, §8). */
import { isValidEmail } from '../forms/email';
import { restockMessages } from '../messages';
import { err, ok, type Result } from '../result';

export const RESTOCK_CAPTCHA_ACTION = 'PRODUCT_WAITLIST_SUBMISSION';

/** The trimmed email when it can be signed up, else the message shown under the field. */
export const validateRestockEmail = (email: string | null | undefined): Result<string, string> => {
  const trimmed = (email ?? '').trim();
  if (trimmed === '') return err(restockMessages.emailBlank);
  return isValidEmail(trimmed) ? ok(trimmed) : err(restockMessages.emailInvalid);
};

export const restockSuccessText = (customText?: string | null): string =>
  customText?.trim() ? customText.trim() : restockMessages.signedUp;

export const restockFailureMessage = (serverMessage?: string | null): string =>
  serverMessage?.trim() ? serverMessage.trim() : restockMessages.submitFailed;
