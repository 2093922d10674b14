import type { FormDefinition } from '@atelier/contract';
import { formMessages } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormBlockView, NewsletterBlockView } from '../../blocks/form.tsx';
import { failureOf, SiteForm } from './SiteForm.island.tsx';

const FORM_ID = '0b7f7a52-3333-4000-8000-000000000001';
const contact: FormDefinition = {
  id: FORM_ID,
  name: 'Contact',
  fields: [
    { id: 'email', kind: 'email', label: 'Email', isRequired: true },
    { id: 'message', kind: 'textarea', label: 'Message', maxLength: 200 },
    { id: 'ref', kind: 'hidden', label: 'Ref' },
  ],
  submissionMessage: 'Thanks!',
  successRedirect: null,
  disclaimer: 'We answer within two days.',
  captchaSettings: { isEnabled: false },
  submitLabel: 'Send',
  postSubmitHtml: null,
};

describe('what a refused submission tells the visitor (SPEC §8)', () => {
  it('maps each status to its words', () => {
    expect(failureOf(401, null).message).toBe(formMessages.unauthorized);
    expect(failureOf(404, { code: 'FORM_NOT_FOUND' }).message).toBe(formMessages.notConfigured);
    expect(failureOf(429, { code: 'RATE_LIMITED' }).message).toBe(formMessages.rateLimited);
    expect(failureOf(500, null).message).toBe(formMessages.serverError);
    expect(failureOf(502, null).message).toBe(formMessages.unknownError);
    expect(failureOf(418, null).message).toBe(formMessages.unknownError);
  });

  it('gives the key-failure words for a refused key', () => {
    expect(failureOf(403, { code: 'FORM_KEY_REFUSED', error: 'x' }).message).toBe(
      formMessages.submissionKeyFailed,
    );
  });

  it('shows the server’s field errors under FORM_INVALID', () => {
    const failure = failureOf(400, {
      code: 'FORM_INVALID',
      error: formMessages.someFieldsInvalid,
      errors: { email: formMessages.required },
    });
    expect(failure).toEqual({
      message: formMessages.someFieldsInvalid,
      fieldErrors: { email: formMessages.required },
    });
  });

  it('calls a body the server could not read a parse failure, with its fields', () => {
    expect(
      failureOf(400, { code: 'REQUEST_INVALID', errors: { 'form.email': 'Invalid input' } }),
    ).toEqual({ message: formMessages.parseFailed, fieldErrors: { email: 'Invalid input' } });
    expect(failureOf(413, { code: 'PAYLOAD_TOO_LARGE' }).message).toBe(formMessages.parseFailed);
  });

  it('asks for the captcha again when it was missing or failed', () => {
    expect(failureOf(400, { code: 'FORM_CAPTCHA_REQUIRED' }).message).toBe(
      formMessages.completeCaptcha,
    );
    expect(failureOf(400, { code: 'FORM_CAPTCHA_FAILED' }).message).toBe(
      formMessages.completeCaptcha,
    );
  });
});

describe('the site form as the server renders it', () => {
  const html = renderToStaticMarkup(<SiteForm form={contact} variant="form" title="Write to us" />);

  it('shows labelled fields, the counter, the disclaimer and a locked button before hydration', () => {
    expect(html).toContain('<h2 class="site-form__title">Write to us</h2>');
    expect(html).toMatch(/<label for="[^"]+-email">Email/);
    expect(html).toContain('0 / 200');
    expect(html).toContain('We answer within two days.');
    // Hidden fields take their value from the query string; nothing is drawn for them.
    expect(html).not.toContain('Ref');
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Send<\/button>/);
    expect(html).toContain('aria-live="polite"');
  });

  it('draws a block’s form from the page data, and nothing for a deleted form', () => {
    const data = { media: {}, collections: {}, forms: { [FORM_ID]: contact } };
    const block = { type: 'form', version: 1, formId: FORM_ID, title: 'Hi' } as const;
    const drawn = renderToStaticMarkup(<FormBlockView block={block} data={data} />);
    expect(drawn).toContain('data-island="SiteForm"');
    expect(drawn).toContain('block--form');
    const gone = renderToStaticMarkup(
      <FormBlockView block={block} data={{ media: {}, collections: {} }} />,
    );
    expect(gone).toBe('');
  });

  it('uses the newsletter block’s own button label', () => {
    const data = { media: {}, collections: {}, forms: { [FORM_ID]: contact } };
    const drawn = renderToStaticMarkup(
      <NewsletterBlockView
        block={{
          type: 'newsletter',
          version: 1,
          formId: FORM_ID,
          title: 'News',
          description: 'Monthly.',
          buttonLabel: 'Subscribe',
        }}
        data={data}
      />,
    );
    expect(drawn).toContain('site-form--newsletter');
    expect(drawn).toContain('>Subscribe</button>');
  });
});
