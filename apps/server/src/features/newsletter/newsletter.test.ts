import type { FormFieldDefinitionDto } from '@atelier/contract';
import { newsletterEditorMessages } from '@atelier/contract';
import { Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';

// Issue 21, mailing lists: the owner's lists and subscribers (search, import, export,
// unsubscribe), the newsletter block's double opt-in through the form submission, the
// confirmation link, and the one-click unsubscribe of RFC 8058.

const LISTS = '/api/newsletter/1.0/lists';
const KEY = '/api/form/FormSubmissionKey';
const SAVE = '/api/form/SaveFormSubmission';

const SIGN_UP_FIELDS: FormFieldDefinitionDto[] = [
  { id: 'email', kind: 'email', label: 'Email', isRequired: true },
  { id: 'name', kind: 'name', label: 'Name' },
];

describe(`mailing lists and the newsletter (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;
  let owner: EditorClient;
  let formId: string;
  let address = 0;
  const visitor = () => {
    address += 1;
    return `198.51.100.${address}`;
  };

  const mailTo = (to: string, kind = 'newsletter-confirmation') =>
    t.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_email', '=', to)
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute();

  /** The confirmation link's path and query, from the newest email to this address. */
  async function confirmPathFor(to: string): Promise<string> {
    const mails = await mailTo(to);
    const link = mails.at(-1)?.body_text.match(/https?:\/\/\S+\/newsletter\/confirm\?t=\S+/)?.[0];
    if (!link) throw new Error(`no confirmation link to ${to}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }

  /** The confirmation page's button: a form POST to the link's own address. */
  const confirm = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  async function signUp(listId: string | undefined, email: string, name?: [string, string]) {
    const remoteAddress = visitor();
    const key = (await t.app.inject({ method: 'POST', url: KEY, remoteAddress })).json().key;
    return t.app.inject({
      method: 'POST',
      url: SAVE,
      remoteAddress,
      payload: {
        formId,
        key,
        form: { email, ...(name && { name }) },
        captchaScope: 'NEWSLETTER_BLOCK_SUBMISSION',
        ...(listId && { mailingListId: listId }),
      },
    });
  }

  async function createList(name: string): Promise<string> {
    const created = await owner.call('POST', LISTS, { name });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }

  const subscriberRow = (listId: string, email: string) =>
    t.database.db
      .selectFrom('mailing_list_subscribers')
      .selectAll()
      .where('list_id', '=', listId)
      .where('email_key', '=', email.toLowerCase())
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp();
    websiteId = (
      await t.database.db.selectFrom('websites').select('website_id').executeTakeFirstOrThrow()
    ).website_id;
    owner = await ownerClient(t);
    formId = (
      await t.database.db
        .insertInto('forms')
        .values({
          website_id: websiteId,
          name: 'Newsletter',
          fields: JSON.stringify(SIGN_UP_FIELDS),
          submission_message: 'Check your inbox to confirm.',
          is_storage_only: true,
        })
        .returning('form_id')
        .executeTakeFirstOrThrow()
    ).form_id;
  });
  afterAll(() => t.close());

  it('creates, renames and lists mailing lists with counts; names are unique', async () => {
    const id = await createList('Studio news');
    const taken = await owner.call('POST', LISTS, { name: 'studio NEWS' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'MAILING_LIST_NAME_TAKEN' });
    const blank = await owner.call('POST', LISTS, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toMatchObject({ name: 'Name is required' });

    const renamed = await owner.call('PUT', `${LISTS}/${id}`, {
      name: 'Studio letters',
      description: 'Monthly',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Studio letters', description: 'Monthly' });
    const all = await owner.call('GET', LISTS);
    expect(all.json().lists).toContainEqual(
      expect.objectContaining({
        id,
        name: 'Studio letters',
        counts: { pending: 0, subscribed: 0, unsubscribed: 0, bounced: 0 },
      }),
    );
    const missing = await owner.call('GET', `${LISTS}/00000000-0000-4000-8000-000000000000`);
    expect(missing.statusCode).toBe(404);
  });

  it('lets page editors read list names for the newsletter block, and nothing more', async () => {
    const added = await owner.call('POST', '/api/config/members', {
      email: 'pages@example.com',
      password: 'member password 1',
      role: Role.editor,
    });
    expect(added.statusCode, added.body).toBe(201);
    const editor = await editorClient(t);
    await editor.call('POST', '/api/config/session', {
      email: 'pages@example.com',
      password: 'member password 1',
    });
    const choices = await editor.call('GET', '/api/config/mailing-list-choices');
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json().lists[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect((await editor.call('GET', LISTS)).statusCode).toBe(403);
    // The editor's words for a block with no list, from SPEC §8.
    expect(newsletterEditorMessages.listRequired).toBe('A List must be selected');
  });

  it('signs a visitor up with double opt-in: pending, one email, subscribed by the link', async () => {
    const listId = await createList('Double opt-in');
    const response = await signUp(listId, 'Grace@Example.com', ['Grace', 'Hopper']);
    expect(response.statusCode, response.body).toBe(200);

    expect(await subscriberRow(listId, 'grace@example.com')).toMatchObject({
      email: 'Grace@Example.com',
      name: 'Grace Hopper',
      status: 'pending',
      source: 'newsletter',
    });
    const mails = await mailTo('Grace@Example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Confirm your subscription');
    expect(mails[0]?.body_text).toContain('"Double opt-in"');

    // A second sign-up minutes later sends nothing more: a form is not a way to flood an inbox.
    expect((await signUp(listId, 'grace@example.com')).statusCode).toBe(200);
    expect(await mailTo('Grace@Example.com')).toHaveLength(1);
    expect(await mailTo('grace@example.com')).toHaveLength(0);

    const path = await confirmPathFor('Grace@Example.com');
    // Opening the link only asks: mail scanners open links, and must not confirm.
    const asked = await t.app.inject({ url: path, headers: { accept: 'text/html' } });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['cache-control']).toBe('private, no-store');
    expect(asked.headers['referrer-policy']).toBe('no-referrer');
    expect(asked.body).toContain('Confirm subscription');
    expect((await subscriberRow(listId, 'grace@example.com'))?.status).toBe('pending');
    const page = await confirm(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You’re subscribed');
    expect(page.body).toContain('Double opt-in');
    const row = await subscriberRow(listId, 'grace@example.com');
    expect(row).toMatchObject({ status: 'subscribed' });
    expect(row?.subscribed_at).toBeTruthy();

    // The welcome email carries the way out.
    const [welcome] = await mailTo('Grace@Example.com', 'newsletter-welcome');
    const token = (await subscriberRow(listId, 'grace@example.com'))?.unsubscribe_token;
    expect(welcome?.body_text).toContain(`/newsletter/unsubscribe?t=${token}`);

    expect((await confirm(path)).body).toContain('You’re already subscribed');
    expect((await t.app.inject({ url: path })).body).toContain('You’re already subscribed');
    // Subscribed already: signing up again changes nothing and sends nothing.
    expect((await signUp(listId, 'grace@example.com')).statusCode).toBe(200);
    expect(await mailTo('Grace@Example.com')).toHaveLength(1);
    expect(await mailTo('Grace@Example.com', 'newsletter-welcome')).toHaveLength(1);
    expect(await subscriberRow(listId, 'grace@example.com')).toMatchObject({
      status: 'subscribed',
    });
  });

  it('refuses a mistyped or replaced confirmation link', async () => {
    const listId = await createList('Replaced links');
    await signUp(listId, 'lin@example.com');
    const first = await confirmPathFor('lin@example.com');
    // Ten minutes on, a second sign-up sends a new link, which replaces the first.
    await t.database.db
      .updateTable('mailing_list_subscribers')
      .set({ confirm_sent_at: new Date(Date.now() - 11 * 60_000) })
      .where('list_id', '=', listId)
      .execute();
    await signUp(listId, 'lin@example.com');
    expect(await mailTo('lin@example.com')).toHaveLength(2);
    const second = await confirmPathFor('lin@example.com');
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).body).toContain('This link no longer works');
    expect((await subscriberRow(listId, 'lin@example.com'))?.status).toBe('pending');
    const wrong = await t.app.inject({ url: '/newsletter/confirm?t=not-a-token-at-all-really' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('This link no longer works');
    const short = await t.app.inject({ url: '/newsletter/confirm?t=x' });
    expect(short.statusCode).toBe(404);
    expect((await confirm(first)).body).toContain('This link no longer works');
    expect((await confirm(second)).body).toContain('You’re subscribed');
  });

  it('emits newsletter.subscribed when an address is confirmed', async () => {
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({
        website_id: websiteId,
        url: 'https://hooks.example.com/in',
        events: ['newsletter.subscribed'],
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdHRlc3Q=',
        created_by: 'owner@example.com',
      })
      .execute();
    const listId = await createList('Hooked');
    await signUp(listId, 'hook@example.com');
    const before = await t.database.db
      .selectFrom('webhook_deliveries')
      .select('body')
      .where('event_type', '=', 'newsletter.subscribed')
      .execute();
    expect(before.filter((d) => d.body.includes('hook@example.com'))).toHaveLength(0);
    await confirm(await confirmPathFor('hook@example.com'));
    const after = await t.database.db
      .selectFrom('webhook_deliveries')
      .select('body')
      .where('event_type', '=', 'newsletter.subscribed')
      .execute();
    const mine = after.filter((d) => d.body.includes('hook@example.com'));
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]?.body ?? '{}').data).toMatchObject({
      listId,
      email: 'hook@example.com',
    });
  });

  it('unsubscribes with one click (RFC 8058) and from the page, never on a plain visit', async () => {
    const listId = await createList('Leavers');
    await owner.call('POST', `${LISTS}/${listId}/subscribers`, { email: 'ada@example.com' });
    await owner.call('POST', `${LISTS}/${listId}/subscribers`, { email: 'bob@example.com' });
    const tokenOf = async (email: string) =>
      (await subscriberRow(listId, email))?.unsubscribe_token ?? '';

    const adaUrl = `/newsletter/unsubscribe?t=${await tokenOf('ada@example.com')}`;
    const page = await t.app.inject({ url: adaUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe?');
    expect(page.body).toContain('ad•••@example.com');
    expect(page.body).not.toContain('ada@example.com');
    expect((await subscriberRow(listId, 'ada@example.com'))?.status).toBe('subscribed');

    // A mail client's one-click POST: form-encoded `List-Unsubscribe=One-Click`, no cookies.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: adaUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.body).toContain('You’re unsubscribed');
    const ada = await subscriberRow(listId, 'ada@example.com');
    expect(ada).toMatchObject({ status: 'unsubscribed' });
    expect(ada?.unsubscribed_at).toBeTruthy();

    // The page's own button: an empty form post, and multipart from other clients.
    const bobUrl = `/newsletter/unsubscribe?t=${await tokenOf('bob@example.com')}`;
    const button = await t.app.inject({
      method: 'POST',
      url: bobUrl,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(button.statusCode, button.body).toBe(200);
    expect((await subscriberRow(listId, 'bob@example.com'))?.status).toBe('unsubscribed');

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/newsletter/unsubscribe?t=aaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('This link no longer works');

    // Someone who left can come back only by signing up themselves, with a new confirmation.
    const readd = await owner.call('POST', `${LISTS}/${listId}/subscribers`, {
      email: 'ada@example.com',
    });
    expect(readd.statusCode).toBe(409);
    expect(readd.json().error).toBe(
      'ada@example.com unsubscribed from this list; only they can sign up again',
    );
    await signUp(listId, 'ada@example.com');
    expect(await subscriberRow(listId, 'ada@example.com')).toMatchObject({ status: 'pending' });
    expect(await mailTo('ada@example.com')).toHaveLength(1);
    // Pending again after leaving: until she follows the link, an import or an add still
    // treats her as someone who left (anyone could have typed her address).
    const imported = await owner.call('POST', `${LISTS}/${listId}/import`, {
      csv: 'email\nada@example.com',
    });
    expect(imported.json()).toMatchObject({ added: 0, confirmed: 0, skipped: 1 });
    expect(
      (await owner.call('POST', `${LISTS}/${listId}/subscribers`, { email: 'ada@example.com' }))
        .statusCode,
    ).toBe(409);
    expect(await subscriberRow(listId, 'ada@example.com')).toMatchObject({ status: 'pending' });
    await confirm(await confirmPathFor('ada@example.com'));
    expect(await subscriberRow(listId, 'ada@example.com')).toMatchObject({
      status: 'subscribed',
      unsubscribed_at: null,
    });
  });

  it('imports a CSV: adds, confirms pending, keeps leavers out, reports bad rows', async () => {
    const listId = await createList('Imported');
    await signUp(listId, 'pending@example.com');
    await owner.call('POST', `${LISTS}/${listId}/subscribers`, { email: 'gone@example.com' });
    const gone = await subscriberRow(listId, 'gone@example.com');
    await owner.call('PATCH', `${LISTS}/${listId}/subscribers/${gone?.subscriber_id}`, {
      status: 'unsubscribed',
    });
    const csv = [
      'Name,Email Address,Notes',
      'Mia,mia@example.com,first',
      ',PENDING@example.com,',
      'Gone,gone@example.com,',
      'Twice,Mia@Example.com,',
      'Bad,not an email,',
      '',
      'Eve,"=cmd|\' /C calc\'!A0",',
      'Zoe,zoe@example.com,',
    ].join('\r\n');
    const imported = await owner.call('POST', `${LISTS}/${listId}/import`, { csv });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      added: 2,
      confirmed: 1,
      unchanged: 0,
      skipped: 1,
      errorCount: 2,
      errors: [
        { line: 6, message: '"not an email" is not an email address' },
        { line: 8, message: `"=cmd|' /C calc'!A0" is not an email address` },
      ],
    });
    expect(await subscriberRow(listId, 'gone@example.com')).toMatchObject({
      status: 'unsubscribed',
    });
    expect(await subscriberRow(listId, 'pending@example.com')).toMatchObject({
      status: 'subscribed',
    });
    expect(await subscriberRow(listId, 'mia@example.com')).toMatchObject({
      name: 'Mia',
      source: 'import',
      status: 'subscribed',
    });

    const noEmail = await owner.call('POST', `${LISTS}/${listId}/import`, { csv: 'name\nMia' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'SUBSCRIBER_IMPORT_INVALID' });

    // Searched, filtered and paged; exported with every row.
    const found = await owner.call('GET', `${LISTS}/${listId}/subscribers?q=MI&status=all`);
    expect(found.json()).toMatchObject({ total: 1, subscribers: [{ email: 'mia@example.com' }] });
    const left = await owner.call('GET', `${LISTS}/${listId}/subscribers?status=unsubscribed`);
    expect(left.json().subscribers.map((s: { email: string }) => s.email)).toEqual([
      'gone@example.com',
    ]);
    expect(left.json().list.counts).toEqual({
      pending: 0,
      subscribed: 3,
      unsubscribed: 1,
      bounced: 0,
    });
    const badStatus = await owner.call('GET', `${LISTS}/${listId}/subscribers?status=nope`);
    expect(badStatus.statusCode).toBe(400);

    const exported = await owner.call('GET', `${LISTS}/${listId}/subscribers/export.csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toMatch(
      /filename="imported-\d{4}-\d\d-\d\d\.csv"/,
    );
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,name,status,source,added at,subscribed at,unsubscribed at');
    expect(lines).toHaveLength(5);
    expect(lines.some((line) => line.startsWith('gone@example.com,,Unsubscribed,member,'))).toBe(
      true,
    );
  });

  it('deletes a subscriber and a list with its addresses', async () => {
    const listId = await createList('Short-lived');
    const added = await owner.call('POST', `${LISTS}/${listId}/subscribers`, {
      email: 'tmp@example.com',
      name: 'Tim',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ status: 'subscribed', source: 'member', name: 'Tim' });
    const invalid = await owner.call('POST', `${LISTS}/${listId}/subscribers`, { email: 'tmp' });
    expect(invalid.statusCode).toBe(400);
    const dupe = await owner.call('POST', `${LISTS}/${listId}/subscribers`, {
      email: 'TMP@example.com',
    });
    expect(dupe.statusCode).toBe(409);

    const removed = await owner.call('DELETE', `${LISTS}/${listId}/subscribers/${added.json().id}`);
    expect(removed.statusCode).toBe(204);
    await owner.call('POST', `${LISTS}/${listId}/subscribers`, { email: 'keep@example.com' });
    expect((await owner.call('DELETE', `${LISTS}/${listId}`)).statusCode).toBe(204);
    const rows = await t.database.db
      .selectFrom('mailing_list_subscribers')
      .select('email')
      .where('list_id', '=', listId)
      .execute();
    expect(rows).toEqual([]);
    // A newsletter block still pointing at the deleted list stores the answer and joins nothing.
    const late = await signUp(listId, 'late@example.com');
    expect(late.statusCode, late.body).toBe(200);
    expect(await mailTo('late@example.com')).toHaveLength(0);
  });
});
