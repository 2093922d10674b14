/** The site-wide email rule (SPEC §5, §9): length 3–256 and a 2–4 character alphanumeric TLD. */
import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH } from '../limits/limits';
import { formMessages } from '../messages';

/** What `{email}` in the invalid-email message stands for. */
export const EMAIL_FORMAT_EXAMPLE = 'user@domain.com';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z0-9]{2,4}$/;

export const isValidEmail = (value: string): boolean =>
  value.length >= EMAIL_MIN_LENGTH && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** An optional field left empty is valid; whether it may be empty is the required rule's job. */
export const emailFieldError = (value: string): string | null => {
  const trimmed = value.trim();
  if (trimmed === '' || isValidEmail(trimmed)) return null;
  return formMessages.emailInvalid(EMAIL_FORMAT_EXAMPLE);
};

// Top-level domains are no longer 2–4 characters (.photography, .studio): the spec's
// TLD rule belongs to site-form email fields, where it is asked for. An address someone
// signs in or is reached with — an owner, a member, a shopper — only has to be an
// address: a local part, an @, and a domain of dot-separated labels ending in letters.
const ACCOUNT_EMAIL_PATTERN =
  /^[^\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export const isValidAccountEmail = (value: string): boolean =>
  value.length >= EMAIL_MIN_LENGTH &&
  value.length <= EMAIL_MAX_LENGTH &&
  ACCOUNT_EMAIL_PATTERN.test(value);
