import type { FormFieldDefinitionDto } from '@atelier/contract';
import { formMessages, formSubmissionMessages } from '@atelier/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import { solve } from '../captcha/captcha-test-kit.ts';

// Issue 20, the visitor's side of site forms: single-use keys bound to the visitor, the
// submission checked with core's rules, stored with its notification email in one
// statement, the rate limits and the §8 refusals, and the form block on a page.

const KEY = '/api/form/FormSubmissionKey';
const SAVE = '/api/form/SaveFormSubmission';
const UNKNOWN_FORM = '0b7f7a52-2222-4000-8000-000000000009';

const CONTACT_FIELDS: FormFieldDefinitionDto[] = [
  { id: 'email', kind: 'email', label: 'Email', isRequired: true },
  { id: 'message', kind: 'textarea', label: 'Message', maxLength: 200 },
  { id: 'topic', kind: 'select', label: 'Topic', options: ['Orders', 'Lessons'] },
  { id: 'source', kind: 'hidden', label: 'Source', defaultValue: 'site' },
];

describe(`site form submissions (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;
  let owner: EditorClient;
  let address = 0;
  /** A fresh visitor address, so one test's requests never count against another's. */
  const visitor = () => {
    address += 1;
    return `192.0.2.${address}`;
  };

  async function insertForm(values: {
    name: string;
    fields?: FormFieldDefinitionDto[];
    captcha?: boolean;
    notificationEmail?: string | null;
    storageOnly?: boolean;
  }): Promise<string> {
    const row = await t.database.db
      .insertInto('forms')
      .values({
        website_id: websiteId,
        name: values.name,
        fields: JSON.stringify(values.fields ?? CONTACT_FIELDS),
        submission_message: 'Thanks, we will write back soon.',
        is_captcha_enabled: values.captcha ?? false,
        notification_email: values.notificationEmail ?? null,
        is_storage_only: values.storageOnly ?? false,
      })
      .returning('form_id')
      .executeTakeFirstOrThrow();
    return row.form_id;
  }

  const keyFor = async (remoteAddress: string): Promise<string> => {
    const response = await t.app.inject({ method: 'POST', url: KEY, remoteAddress });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().key;
  };

  const save = (remoteAddress: string, payload: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url: SAVE, remoteAddress, payload });

  /** A challenge fetched and solved by brute force, as the browser's widget does. */
  async function solvedCaptcha(
    remoteAddress: string,
    scope = 'FORM_BLOCK_SUBMISSION',
  ): Promise<string> {
    const response = await t.app.inject({
      url: `/api/captcha/challenge?scope=${scope}`,
      remoteAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
    return solve(response.json());
  }

  /** A refused send: its status, code and SPEC's words. */
  function expectRefused(
    response: LightMyRequestResponse,
    status: number,
    code: string,
    error: string,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code, error });
  }

  /** How many submissions are stored with this key, or for this form. */
  async function storedCount(where: { key: string } | { formId: string }): Promise<number> {
    const query = t.database.db.selectFrom('form_submissions').select('submission_id');
    const rows = await ('key' in where
      ? query.where('submission_key', '=', where.key)
      : query.where('form_id', '=', where.formId)
    ).execute();
    return rows.length;
  }

  const mailTo = (to: string) =>
    t.database.db.selectFrom('mail_outbox').selectAll().where('to_email', '=', to).execute();

  let contactId: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { FORM_RATE_LIMIT: '5', FORM_RATE_LIMIT_PER_FORM: '12', CAPTCHA_MAX_NUMBER: '1000' },
    });
    websiteId = (
      await t.database.db.selectFrom('websites').select('website_id').executeTakeFirstOrThrow()
    ).website_id;
    owner = await ownerClient(t);
    await t.database.db
      .updateTable('websites')
      .set({ notification_email: 'store@example.com' })
      .where('website_id', '=', websiteId)
      .execute();
    contactId = await insertForm({ name: 'Contact', notificationEmail: 'forms@example.com' });
  });
  afterAll(() => t.close());

  it('issues a fresh single-use key per request, never cached', async () => {
    const ip = visitor();
    const first = await t.app.inject({ method: 'POST', url: KEY, remoteAddress: ip });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().key).toMatch(/^[\w-]{32}$/);
    expect(await keyFor(ip)).not.toBe(first.json().key);
  });

  it('stores a valid submission, spends its key and mails the form’s address', async () => {
    const ip = visitor();
    const key = await keyFor(ip);
    const response = await save(ip, {
      formId: contactId,
      key,
      form: { email: 'ada@example.com', message: 'Hello', topic: 'Orders', source: 'ad' },
      pageTitle: 'Contact',
      pagePath: '/contact',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const stored = await t.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('submission_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      form_id: contactId,
      page_title: 'Contact',
      page_path: '/contact',
      is_read: false,
    });
    expect(stored.field_values).toEqual({
      email: 'ada@example.com',
      message: 'Hello',
      topic: 'Orders',
      source: 'ad',
    });
    const [mail] = await mailTo('forms@example.com');
    expect(mail).toMatchObject({ kind: 'form-submission', subject: 'New submission: Contact' });
    expect(mail?.body_text).toContain('Email: ada@example.com');
    expect(mail?.body_text).toContain('Sent from the page /contact');

    // The same key again: refused with the key-failure words, nothing stored twice.
    const again = await save(ip, {
      formId: contactId,
      key,
      form: { email: 'ada@example.com' },
    });
    expectRefused(again, 403, 'FORM_KEY_REFUSED', formMessages.submissionKeyFailed);
    expect(await storedCount({ key })).toBe(1);
  });

  it('refuses a key that is unknown, expired or fetched from another address', async () => {
    const ip = visitor();
    const body = (key: string) => ({ formId: contactId, key, form: { email: 'a@example.com' } });
    const unknown = await save(ip, body('not-a-key-anyone-was-given'));
    expectRefused(unknown, 403, 'FORM_KEY_REFUSED', formMessages.submissionKeyFailed);

    const othersKey = await keyFor(visitor());
    const stolen = await save(ip, body(othersKey));
    expectRefused(stolen, 403, 'FORM_KEY_REFUSED', formMessages.submissionKeyFailed);

    const expiring = await keyFor(ip);
    await t.database.db
      .updateTable('form_submission_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('submission_key', '=', expiring)
      .execute();
    const expired = await save(ip, body(expiring));
    expectRefused(expired, 403, 'FORM_KEY_REFUSED', formMessages.submissionKeyFailed);
  });

  it('stores one submission when the same key is sent twice at once', async () => {
    const ip = visitor();
    const key = await keyFor(ip);
    const body = { formId: contactId, key, form: { email: 'twice@example.com' } };
    const statuses = (await Promise.all([save(ip, body), save(ip, body)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 403]);
    expect(await storedCount({ key })).toBe(1);
  });

  it('answers 404 with SPEC’s words for a form that does not exist', async () => {
    const ip = visitor();
    const response = await save(ip, { formId: UNKNOWN_FORM, key: await keyFor(ip), form: {} });
    expectRefused(response, 404, 'FORM_NOT_FOUND', formMessages.notConfigured);
  });

  it('checks the answers with core’s rules and keeps the key for the corrected send', async () => {
    const ip = visitor();
    const key = await keyFor(ip);
    const invalid = await save(ip, {
      formId: contactId,
      key,
      form: { email: 'not-an-email', message: 'x'.repeat(201) },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'FORM_INVALID',
      error: formMessages.someFieldsInvalid,
      errors: {
        email: formMessages.emailInvalid('user@domain.com'),
        message: formMessages.characterLimitExceeded,
      },
    });
    const missing = await save(ip, { formId: contactId, key, form: {} });
    expect(missing.json().errors).toEqual({ email: formMessages.required });

    const fixed = await save(ip, { formId: contactId, key, form: { email: 'fixed@example.com' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('refuses unknown fields, wrong shapes and choices outside the options, field by field', async () => {
    const ip = visitor();
    const key = await keyFor(ip);
    const response = await save(ip, {
      formId: contactId,
      key,
      form: { email: ['a@example.com'], nope: 'x', topic: 'Refunds' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'FORM_INVALID',
      errors: {
        email: formSubmissionMessages.wrongShape,
        nope: formSubmissionMessages.unknownField,
      },
    });
    const badChoice = await save(ip, {
      formId: contactId,
      key,
      form: { email: 'a@example.com', topic: 'Refunds' },
    });
    expect(badChoice.statusCode).toBe(400);
    expect(Object.keys(badChoice.json().errors)).toEqual(['topic']);

    // A body that is not the schema's at all: the field map names what is wrong.
    const extra = await save(ip, { formId: contactId, key, form: {}, admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('REQUEST_INVALID');
    const wrongType = await save(ip, { formId: contactId, key, form: { email: 5 } });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors ?? {}).join(' ')).toContain('form');
  });

  it('refuses a body over 64 KB with 413', async () => {
    const ip = visitor();
    const response = await save(ip, {
      formId: contactId,
      key: await keyFor(ip),
      form: { message: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('asks for the captcha when the form has one and none was solved', async () => {
    const formId = await insertForm({ name: 'Guarded', captcha: true });
    const ip = visitor();
    const key = await keyFor(ip);
    const response = await save(ip, { formId, key, form: { email: 'c@example.com' } });
    expectRefused(response, 400, 'FORM_CAPTCHA_REQUIRED', formMessages.completeCaptcha);
  });

  it('takes a solved captcha once; a replay is a key failure and spends nothing', async () => {
    const formId = await insertForm({ name: 'Guarded by work', captcha: true });
    const ip = visitor();
    const solvedFor = (scope: string) => solvedCaptcha(ip, scope);

    // A solution for another action is refused with SPEC's captcha words, key kept.
    const key = await keyFor(ip);
    const wrongScope = await save(ip, {
      formId,
      key,
      form: { email: 'w@example.com' },
      captchaKey: await solvedFor('PRODUCT_WAITLIST_SUBMISSION'),
    });
    expectRefused(wrongScope, 400, 'FORM_CAPTCHA_FAILED', formMessages.completeCaptcha);

    const body = {
      formId,
      key,
      form: { email: 'w@example.com' },
      captchaKey: await solvedFor('FORM_BLOCK_SUBMISSION'),
    };
    const accepted = await save(ip, body);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const replay = await save(ip, body);
    expectRefused(replay, 403, 'FORM_KEY_REFUSED', formMessages.submissionKeyFailed);
    expect(await storedCount({ formId })).toBe(1);
  });

  it('stores a submission with a solved captcha once; a replayed solution keeps its key', async () => {
    const formId = await insertForm({ name: 'Guarded twice', captcha: true });
    const ip = visitor();
    const captchaKey = await solvedCaptcha(ip);
    const answers = { email: 'solved@example.com' };
    const first = await save(ip, { formId, key: await keyFor(ip), captchaKey, form: answers });
    expect(first.statusCode, first.body).toBe(200);

    const secondKey = await keyFor(ip);
    const replayed = await save(ip, { formId, key: secondKey, captchaKey, form: answers });
    expectRefused(replayed, 400, 'FORM_CAPTCHA_FAILED', formMessages.completeCaptcha);
    // The replay spent nothing: the same key goes through with a fresh solution.
    const fresh = await save(ip, {
      formId,
      key: secondKey,
      captchaKey: await solvedCaptcha(ip),
      form: answers,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await storedCount({ formId })).toBe(2);
  });

  it('stores script and javascript: answers as given, and escapes them in the email', async () => {
    const formId = await insertForm({
      name: 'Feedback <b>',
      fields: [
        { id: 'email', kind: 'email', label: 'Email', isRequired: true },
        { id: 'note', kind: 'text', label: 'Note' },
      ],
    });
    const ip = visitor();
    const key = await keyFor(ip);
    const note = '<script>alert(1)</script><img src=x onerror=alert(2)> javascript:alert(3)';
    const response = await save(ip, { formId, key, form: { email: 'x@example.com', note } });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await t.database.db
      .selectFrom('form_submissions')
      .select('field_values')
      .where('submission_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(stored.field_values).toMatchObject({ note });
    // No notification address on the form: the store's.
    const mails = await mailTo('store@example.com');
    const mail = mails.find((m) => m.subject === 'New submission: Feedback <b>');
    expect(mail?.body_text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.body_text).toContain('Feedback &lt;b&gt;');
    expect(mail?.body_text).not.toContain('<script>');
    expect(mail?.body_text).not.toContain('<img');
  });

  it('sends no email for a storage-only form', async () => {
    const formId = await insertForm({
      name: 'Quiet',
      notificationEmail: 'quiet@example.com',
      storageOnly: true,
    });
    const ip = visitor();
    const response = await save(ip, {
      formId,
      key: await keyFor(ip),
      form: { email: 'q@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(await mailTo('quiet@example.com')).toEqual([]);
  });

  it('limits each visitor per form, then everyone per form, with SPEC’s 429 words', async () => {
    const formId = await insertForm({ name: 'Busy' });
    const ip = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await save(ip, { formId, key: 'k', form: { email: 'b@example.com' } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({
          code: 'RATE_LIMITED',
          error: formMessages.rateLimited,
        });
      }
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429]);
    // Forwarded-for headers do not make a new visitor without a trusted proxy.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: SAVE,
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.1' },
      payload: { formId, key: 'k', form: { email: 'b@example.com' } },
    });
    expect(spoofed.statusCode).toBe(429);

    // The form's own limit (12 a minute here) counts every visitor together; the 7 above
    // count too, 5 of them let through.
    const others: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const response = await save(visitor(), { formId, key: 'k', form: {} });
      others.push(response.statusCode);
    }
    expect(others.filter((s) => s === 429).length).toBeGreaterThan(0);
  });

  it('answers the form block type’s JSON Schema, and 404 for an unknown type', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/template/GetTemplateSchema?type=form',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ type: 'form', version: 1 });
    expect(body.schema.properties).toHaveProperty('formId');
    expect(body.schema.required).toEqual(expect.arrayContaining(['type', 'version', 'formId']));

    const newsletter = await t.app.inject({
      method: 'GET',
      url: '/api/template/GetTemplateSchema?type=newsletter',
    });
    expect(newsletter.json().schema.properties).toHaveProperty('buttonLabel');

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/template/GetTemplateSchema?type=carousel',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'BLOCK_TYPE_NOT_FOUND',
      error: formSubmissionMessages.unknownBlockType('carousel'),
    });
    const none = await t.app.inject({ method: 'GET', url: '/api/template/GetTemplateSchema' });
    expect(none.statusCode).toBe(400);
  });

  it('lists the forms to page editors, and nobody else', async () => {
    const listed = await owner.call('GET', '/api/config/form-choices');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().forms).toEqual(
      expect.arrayContaining([{ id: contactId, name: 'Contact' }]),
    );
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/config/form-choices' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('renders a form block on a published page, and nothing once the form is deleted', async () => {
    const formId = await insertForm({ name: 'Visit us' });
    const created = await owner.call('POST', '/api/config/pages', { title: 'Write to us' });
    const page = created.json();
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [
        { type: 'form', version: 1, formId, title: 'Write to us' },
        { type: 'newsletter', version: 1, formId, title: 'News', description: 'Monthly.' },
      ],
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.forms[formId]).toMatchObject({ name: 'Visit us' });
    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);

    const visit = () =>
      t.app.inject({ method: 'GET', url: '/write-to-us', headers: { accept: 'text/html' } });
    const live = await visit();
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('data-island="SiteForm"');
    expect(live.body).toMatch(/<label for="[^"]+-email">Email/);
    expect(live.body).toContain('block--newsletter');
    // The owner's notification address is not part of the page.
    expect(live.body).not.toContain('forms@example.com');

    await t.database.db
      .deleteFrom('forms')
      .where('website_id', '=', websiteId)
      .where('form_id', '=', formId)
      .execute();
    t.app.services.pageCache.invalidate(websiteId);
    const gone = await visit();
    expect(gone.statusCode).toBe(200);
    expect(gone.body).not.toContain('data-island="SiteForm"');
  });
});
