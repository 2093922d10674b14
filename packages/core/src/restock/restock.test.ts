import { describe, expect, it } from 'vitest';
import {
  RESTOCK_CAPTCHA_ACTION,
  restockFailureMessage,
  restockSuccessText,
  validateRestockEmail,
} from './restock';

describe('restock sign-up', () => {
  it("says 'Email cannot be blank' for an empty email", () => {
    expect(validateRestockEmail('')).toEqual({ ok: false, error: 'Email cannot be blank' });
    expect(validateRestockEmail('  ')).toEqual({ ok: false, error: 'Email cannot be blank' });
    expect(validateRestockEmail(null)).toEqual({ ok: false, error: 'Email cannot be blank' });
  });

  it("says 'Email is invalid' for a malformed email", () => {
    expect(validateRestockEmail('ann@shop')).toEqual({ ok: false, error: 'Email is invalid' });
  });

  it('takes 3 to 256 characters (SPEC §4)', () => {
    const local = 'a'.repeat(256 - '@shop.com'.length);
    expect(validateRestockEmail(`${local}@shop.com`)).toEqual({
      ok: true,
      value: `${local}@shop.com`,
    });
    expect(validateRestockEmail(`a${local}@shop.com`)).toEqual({
      ok: false,
      error: 'Email is invalid',
    });
  });

  it('signs up a valid email, trimmed, under the waitlist captcha action', () => {
    expect(validateRestockEmail(' ann@shop.com ')).toEqual({ ok: true, value: 'ann@shop.com' });
    expect(RESTOCK_CAPTCHA_ACTION).toBe('PRODUCT_WAITLIST_SUBMISSION');
  });

  it("shows 'Signed up!' unless the merchant set custom text", () => {
    expect(restockSuccessText()).toBe('Signed up!');
    expect(restockSuccessText(' ')).toBe('Signed up!');
    expect(restockSuccessText('We will email you')).toBe('We will email you');
  });

  it("shows the server's message, else the fallback", () => {
    expect(restockFailureMessage('Already signed up')).toBe('Already signed up');
    expect(restockFailureMessage(undefined)).toBe('Unable to submit form. Please try again later');
  });
});
