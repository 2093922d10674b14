/** Client-side checks before a form is sent (SPEC §5); the server checks again. */
import { formMessages } from '../messages';
import { err, ok, type Result } from '../result';
import { emailFieldError } from './email';
import { type FormField, hasRequiredValue } from './fields';

export interface FormValidationOptions {
  /** Textarea max length is enforced only when the form handler turns it on. */
  isTextareaLimitEnforced?: boolean;
}

export const fieldError = (
  field: FormField,
  { isTextareaLimitEnforced = false }: FormValidationOptions = {},
): string | null => {
  if (field.kind === 'section') return null;
  if (field.isRequired && !hasRequiredValue(field)) return formMessages.required;
  if (field.kind === 'email') return emailFieldError(field.value);
  if (
    field.kind === 'textarea' &&
    isTextareaLimitEnforced &&
    field.maxLength !== undefined &&
    field.maxLength > 0 &&
    field.value.length > field.maxLength
  ) {
    return formMessages.characterLimitExceeded;
  }
  return null;
};

export interface FormErrors {
  /** Shown above the form. */
  message: string;
  /** Field id → message, shown above each field's title. */
  fieldErrors: Record<string, string>;
}

/** Field problems come first; a missing captcha only matters once the fields are right. */
export const validateForm = ({
  fields,
  isCaptchaRequired = false,
  isCaptchaSolved = false,
  isTextareaLimitEnforced = false,
}: {
  fields: readonly FormField[];
  isCaptchaRequired?: boolean;
  isCaptchaSolved?: boolean;
  isTextareaLimitEnforced?: boolean;
}): Result<null, FormErrors> => {
  const fieldErrors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldError(field, { isTextareaLimitEnforced });
    if (error) fieldErrors[field.id] = error;
  }
  if (Object.keys(fieldErrors).length > 0) {
    return err({ message: formMessages.someFieldsInvalid, fieldErrors });
  }
  if (isCaptchaRequired && !isCaptchaSolved) {
    return err({ message: formMessages.completeCaptcha, fieldErrors });
  }
  return ok(null);
};
