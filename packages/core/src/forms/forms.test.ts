import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterCount, parseMaxLength } from './character-counter';
import { EMAIL_FORMAT_EXAMPLE, emailFieldError, isValidAccountEmail, isValidEmail } from './email';
import { collectFieldValue, collectFormValues } from './field-values';
import { type FormField, hasRequiredValue } from './fields';
import { fieldError, validateForm } from './form-validation';
import { isLikertValue, LIKERT_VALUES, likertLabel } from './likert';

const EMAIL_MESSAGE =
  'Email is not valid. Email addresses should follow the format user@domain.com.';

describe('email rule', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    expect(isValidEmail('a.b+c@mail.example.info')).toBe(true);
  });

  it('needs a top-level domain of 2 to 4 letters or digits', () => {
    expect(isValidEmail('ann@example.c')).toBe(false);
    expect(isValidEmail('ann@example.co')).toBe(true);
    expect(isValidEmail('ann@example.shop')).toBe(true);
    expect(isValidEmail('ann@example.store')).toBe(false);
    expect(isValidEmail('ann@example.c-m')).toBe(false);
  });

  it('lets owners and members use any real address, whatever the length of its domain', () => {
    expect(isValidAccountEmail('ana@studio.photography')).toBe(true);
    expect(isValidAccountEmail('ann@example.co')).toBe(true);
    expect(isValidAccountEmail('ann@mail.xn--p1ai')).toBe(true);
    expect(isValidAccountEmail('ann@example')).toBe(false);
    expect(isValidAccountEmail('ann@example.c')).toBe(false);
    expect(isValidAccountEmail('ann@-bad.com')).toBe(false);
    expect(isValidAccountEmail('ann example@site.com')).toBe(false);
    expect(isValidAccountEmail(`${'a'.repeat(250)}@ex.com`)).toBe(false);
  });

  it('needs a length of 3 to 256', () => {
    const local = 'a'.repeat(256 - '@ex.com'.length);
    expect(isValidEmail(`${local}@ex.com`)).toBe(true);
    expect(isValidEmail(`a${local}@ex.com`)).toBe(false);
  });

  it('rejects missing parts and spaces', () => {
    for (const bad of ['ann', 'ann@', '@example.com', 'ann@example', 'an n@example.com']) {
      expect(isValidEmail(bad)).toBe(false);
    }
  });

  it('lets an optional empty field through and words the error exactly', () => {
    expect(emailFieldError('')).toBeNull();
    expect(emailFieldError('  ')).toBeNull();
    expect(EMAIL_FORMAT_EXAMPLE).toBe('user@domain.com');
    expect(emailFieldError('nope')).toBe(EMAIL_MESSAGE);
  });
});

describe('required rule', () => {
  it('needs one checked box, one chosen radio, one filled part', () => {
    expect(hasRequiredValue({ id: 'c', kind: 'checkbox', selected: [] })).toBe(false);
    expect(hasRequiredValue({ id: 'c', kind: 'checkbox', selected: ['a'] })).toBe(true);
    expect(hasRequiredValue({ id: 'r', kind: 'radio', selected: null })).toBe(false);
    expect(hasRequiredValue({ id: 'r', kind: 'radio', selected: 'yes' })).toBe(true);
    expect(hasRequiredValue({ id: 'n', kind: 'name', parts: ['', ' '] })).toBe(false);
    expect(hasRequiredValue({ id: 'n', kind: 'name', parts: ['', 'Lee'] })).toBe(true);
    expect(hasRequiredValue({ id: 't', kind: 'text', value: ' ' })).toBe(false);
  });

  it('has no required check for likert, hidden and section fields', () => {
    expect(hasRequiredValue({ id: 'l', kind: 'likert', answers: {} })).toBe(true);
    expect(hasRequiredValue({ id: 'h', kind: 'hidden', name: 'h', defaultValue: '' })).toBe(true);
    expect(hasRequiredValue({ id: 's', kind: 'section' })).toBe(true);
  });
});

describe('field and form validation', () => {
  it("marks an empty required field 'Required'", () => {
    expect(fieldError({ id: 'a', kind: 'address', parts: [], isRequired: true })).toBe('Required');
    expect(fieldError({ id: 'e', kind: 'email', value: '', isRequired: true })).toBe('Required');
  });

  it('checks email fields by the email rule', () => {
    expect(fieldError({ id: 'e', kind: 'email', value: 'x@' })).toBe(EMAIL_MESSAGE);
  });

  it('treats section fields as always valid', () => {
    expect(fieldError({ id: 's', kind: 'section', isRequired: true })).toBeNull();
  });

  it('enforces textarea length only when the form handler turns it on', () => {
    const field: FormField = { id: 't', kind: 'textarea', value: 'abcdef', maxLength: 5 };
    expect(fieldError(field)).toBeNull();
    expect(fieldError(field, { isTextareaLimitEnforced: true })).toBe(
      'You have exceeded the character limit.',
    );
    expect(fieldError({ ...field, value: 'abcde' }, { isTextareaLimitEnforced: true })).toBeNull();
    expect(fieldError({ ...field, maxLength: 0 }, { isTextareaLimitEnforced: true })).toBeNull();
  });

  it('collects field errors under one message', () => {
    expect(
      validateForm({
        fields: [
          { id: 'name', kind: 'text', value: '', isRequired: true },
          { id: 'mail', kind: 'email', value: 'bad' },
          { id: 'ok', kind: 'text', value: 'fine' },
        ],
      }),
    ).toEqual({
      ok: false,
      error: {
        message: 'One or more fields is invalid, please check your entries.',
        fieldErrors: { name: 'Required', mail: EMAIL_MESSAGE },
      },
    });
  });

  it('asks for the captcha once the fields are right', () => {
    const fields: FormField[] = [{ id: 'ok', kind: 'text', value: 'x' }];
    expect(validateForm({ fields, isCaptchaRequired: true })).toEqual({
      ok: false,
      error: { message: 'Complete CAPTCHA before submitting.', fieldErrors: {} },
    });
    expect(validateForm({ fields, isCaptchaRequired: true, isCaptchaSolved: true })).toEqual({
      ok: true,
      value: null,
    });
  });
});

describe('field value collection', () => {
  it('gives arrays for address, date, name and time', () => {
    for (const kind of ['address', 'date', 'name', 'time'] as const) {
      expect(collectFieldValue({ id: 'f', kind, parts: ['a', 'b'] })).toEqual(['a', 'b']);
    }
  });

  it('adds a leading empty item to a three-part phone number only', () => {
    expect(collectFieldValue({ id: 'p', kind: 'phone', parts: ['555', '123', '4567'] })).toEqual([
      '',
      '555',
      '123',
      '4567',
    ]);
    expect(
      collectFieldValue({ id: 'p', kind: 'phone', parts: ['1', '555', '123', '4567'] }),
    ).toEqual(['1', '555', '123', '4567']);
  });

  it('gives selected checkboxes, the chosen radio and likert answers', () => {
    expect(collectFieldValue({ id: 'c', kind: 'checkbox', selected: ['a', 'c'] })).toEqual([
      'a',
      'c',
    ]);
    expect(collectFieldValue({ id: 'r', kind: 'radio', selected: 'b' })).toBe('b');
    expect(collectFieldValue({ id: 'r', kind: 'radio', selected: null })).toBe('');
    expect(
      collectFieldValue({ id: 'l', kind: 'likert', answers: { 'Fast?': '2', 'Kind?': '1' } }),
    ).toEqual({ 'Fast?': '2', 'Kind?': '1' });
  });

  it('fills hidden fields from the query string, else their default', () => {
    const hidden: FormField = { id: 'h', kind: 'hidden', name: 'utm_source', defaultValue: 'web' };
    expect(collectFieldValue(hidden, '?utm_source=mail&x=1')).toBe('mail');
    expect(collectFieldValue(hidden, '?x=1')).toBe('web');
    expect(collectFieldValue(hidden)).toBe('web');
  });

  it('gives the text for everything else and skips sections in the form map', () => {
    expect(
      collectFormValues([
        { id: 's', kind: 'section' },
        { id: 'sel', kind: 'select', value: 'M' },
        { id: 'msg', kind: 'textarea', value: 'Hi' },
      ]),
    ).toEqual({ sel: 'M', msg: 'Hi' });
    expect(collectFieldValue({ id: 's', kind: 'section' })).toBe('');
  });
});

describe('likert', () => {
  it('labels -2..2 from Strongly Disagree to Strongly Agree', () => {
    expect(LIKERT_VALUES.map((v) => likertLabel(v))).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
    ]);
  });

  it('takes localized labels over the defaults', () => {
    expect(likertLabel(0, { 0: 'Neutre' })).toBe('Neutre');
    expect(likertLabel(1, { 0: 'Neutre' })).toBe('Agree');
    expect(isLikertValue(2)).toBe(true);
    expect(isLikertValue(3)).toBe(false);
  });
});

describe('character counter', () => {
  it('reads the max-length attribute as an integer', () => {
    expect(parseMaxLength('120')).toBe(120);
    expect(parseMaxLength('80px')).toBe(80);
    expect(parseMaxLength(40)).toBe(40);
  });

  it('reads a non-number as 0 and clamps negatives to 0', () => {
    expect(parseMaxLength('abc')).toBe(0);
    expect(parseMaxLength(null)).toBe(0);
    expect(parseMaxLength(undefined)).toBe(0);
    expect(parseMaxLength('-5')).toBe(0);
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(parseMaxLength(text)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("shows 'current / max', flags going over, and has no counter at 0", () => {
    expect(characterCount({ length: 3, maxLength: 10 })).toEqual({
      text: '3 / 10',
      isOverLimit: false,
    });
    expect(characterCount({ length: 11, maxLength: 10 })).toEqual({
      text: '11 / 10',
      isOverLimit: true,
    });
    expect(characterCount({ length: 3, maxLength: 0 })).toBeNull();
  });
});
