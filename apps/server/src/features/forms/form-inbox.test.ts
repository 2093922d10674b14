import type { FormAnswers, FormFieldDefinitionDto } from '@atelier/contract';
import { parseCsv, Role, unguardFormula } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';
import { createFormInboxRepo } from './form-inbox.repo.ts';
import { createFormsRepo } from './forms.repo.ts';

// Issue 20: the owner's inbox of a site form. Submissions are stored straight through the
// repo (the visitor's submission call is built beside this); the owner lists, searches,
// filters, marks, deletes and exports them, and nobody else may.

const FIELDS: FormFieldDefinitionDto[] = [
  { id: 'name', kind: 'name', label: 'Your name' },
  { id: 'intro', kind: 'section', label: 'About you' },
  { id: 'email', kind: 'email', label: 'Email' },
  { id: 'message', kind: 'textarea', label: 'Message', maxLength: 200 },
  { id: 'topics', kind: 'checkbox', label: 'Topics', options: ['Orders', 'Returns'] },
  { id: 'mood', kind: 'likert', label: 'How do you feel', questions: ['Service'] },
];
const XSS = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';

describe(`form inbox (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let key: KeyFixture;
  let websiteId: string;
  let formId: string;
  let otherFormId: string;
  let base: string;
  const ids: string[] = [];

  const inbox = (path = '', query = '') => `${base}${path}${query ? `?${query}` : ''}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    key = await createKey(t);
    websiteId = key.websiteId;
    const forms = createFormsRepo(t.database.db);
    formId = (await forms.insertForm({ website_id: websiteId, name: 'Contact us', fields: FIELDS }))
      .form_id;
    const second = await t.app.services.websites.create({
      title: 'Second Shop',
      hosts: ['second.example'],
    });
    otherFormId = (
      await forms.insertForm({ website_id: second.id, name: 'Theirs', fields: FIELDS })
    ).form_id;
    base = `/api/content-service/forms/1.1/websites/${websiteId}/forms/${formId}/submissions`;

    const repo = createFormInboxRepo(t.database.db);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    const stored: { values: FormAnswers; pagePath: string; createdAt: Date; isRead?: boolean }[] = [
      {
        values: {
          name: ['Ada', 'Lovelace'],
          email: 'ada@example.com',
          message: 'Do you ship\nto Paris?',
          topics: ['Orders', 'Returns'],
          mood: { Service: '2' },
        },
        pagePath: '/contact',
        createdAt: at(1),
      },
      {
        values: { name: ['Eve', ''], email: 'eve@example.com', message: XSS, topics: [] },
        pagePath: '/contact',
        createdAt: at(2),
      },
      {
        values: {
          name: ['Mallory', 'X'],
          email: 'mal@example.com',
          message: `=HYPERLINK("http://evil.example") ${IMG}`,
          // A field the owner removed since.
          budget: '500',
        },
        pagePath: '/about',
        createdAt: at(3),
        isRead: true,
      },
    ];
    for (const [index, row] of stored.entries()) {
      const saved = await repo.insert({
        websiteId,
        formId,
        submissionKey: `key-${index}`,
        ...row,
      });
      ids.push(saved.submission_id);
    }
    await repo.insert({
      websiteId: second.id,
      formId: otherFormId,
      values: { email: 'theirs@example.com' },
      submissionKey: 'theirs',
    });
  });
  afterAll(() => t.close());

  it('lists newest first with the form and its labels, unread counted', async () => {
    const list = await owner.call('GET', inbox());
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.form).toEqual({
      id: formId,
      name: 'Contact us',
      fields: [
        { id: 'name', label: 'Your name', kind: 'name' },
        { id: 'email', label: 'Email', kind: 'email' },
        { id: 'message', label: 'Message', kind: 'textarea' },
        { id: 'topics', label: 'Topics', kind: 'checkbox' },
        { id: 'mood', label: 'How do you feel', kind: 'likert' },
      ],
    });
    expect(body).toMatchObject({ total: 3, unreadCount: 2, page: 1, pageSize: 25 });
    expect(body.submissions.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1], ids[0]]);
    // Stored as typed: the inbox returns text, and the screen renders it as text.
    expect(body.submissions[1].values.message).toBe(XSS);
    expect(body.submissions[0]).toMatchObject({ pagePath: '/about', isRead: true });
  });

  it('searches answers at any depth and the page, and filters read and unread', async () => {
    const ids0 = async (query: string) =>
      (await owner.call('GET', inbox('', query)))
        .json()
        .submissions.map((s: { id: string }) => s.id);
    expect(await ids0('q=LOVELACE')).toEqual([ids[0]]);
    expect(await ids0('q=paris')).toEqual([ids[0]]);
    expect(await ids0('q=%2Fabout')).toEqual([ids[2]]);
    expect(await ids0('q=%25')).toEqual([]);
    expect(await ids0('q=script')).toEqual([ids[1]]);
    expect(await ids0('status=read')).toEqual([ids[2]]);
    expect(await ids0('status=unread')).toEqual([ids[1], ids[0]]);
    const paged = (await owner.call('GET', inbox('', 'pageSize=10&page=2'))).json();
    expect(paged).toMatchObject({ total: 3, submissions: [] });
  });

  it('reads one without marking it, and PATCH marks one or many', async () => {
    const one = await owner.call('GET', inbox(`/${ids[0]}`));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().submission).toMatchObject({ id: ids[0], isRead: false });
    expect(one.json().form.name).toBe('Contact us');

    const marked = await owner.call('PATCH', inbox(), { ids: [ids[0], ids[1]], isRead: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ count: 2 });
    expect((await owner.call('GET', inbox())).json().unreadCount).toBe(0);
    const unmarked = await owner.call('PATCH', inbox(), { ids: [ids[1]], isRead: false });
    expect(unmarked.json()).toEqual({ count: 1 });
    expect((await owner.call('GET', inbox())).json().unreadCount).toBe(1);
  });

  it('exports every submission as CSV in field order, removed fields last, formulas guarded', async () => {
    const csv = await owner.call('GET', inbox('/export.csv'));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="contact-us-submissions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(csv.body.slice(1)).records.map((record) => record.cells);
    expect(rows[0]).toEqual([
      'Submitted at',
      'Page',
      'Your name',
      'Email',
      'Message',
      'Topics',
      'How do you feel',
      'budget (removed field)',
    ]);
    // Oldest first, as a spreadsheet reads down.
    expect(rows[1]).toEqual([
      '2026-11-01T12:01:00.000Z',
      '/contact',
      'Ada Lovelace',
      'ada@example.com',
      'Do you ship\nto Paris?',
      'Orders, Returns',
      'Service: Strongly Agree',
      '',
    ]);
    expect(rows[2]?.[4]).toBe(XSS);
    const hostile = rows[3]?.[4] ?? '';
    expect(hostile.startsWith('=')).toBe(false);
    expect(unguardFormula(hostile)).toBe(`=HYPERLINK("http://evil.example") ${IMG}`);
    expect(rows[3]?.[7]).toBe('500');
    expect(rows.filter((row) => row.some((cell) => cell !== ''))).toHaveLength(4);
  });

  it('answers 404 for an unknown form or another website’s, 400 for bad ids and queries', async () => {
    const unknown = `/api/content-service/forms/1.1/websites/${websiteId}/forms/00000000-0000-4000-8000-000000000000/submissions`;
    const notFound = await owner.call('GET', unknown);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().code).toBe('FORM_NOT_FOUND');
    expect((await owner.call('GET', `${unknown}/export.csv`)).statusCode).toBe(404);
    const theirs = base.replace(formId, otherFormId);
    expect((await owner.call('GET', theirs)).statusCode).toBe(404);
    expect((await owner.call('PATCH', theirs, { ids: [ids[0]], isRead: true })).statusCode).toBe(
      404,
    );
    expect((await owner.call('POST', `${theirs}/delete`, { ids: [ids[0]] })).statusCode).toBe(404);
    // The other website's id in the path is a path that does not exist here.
    const otherSite = (await t.app.services.websites.resolveByHost('second.example'))!.id;
    const crossSite = base.replace(websiteId, otherSite).replace(formId, otherFormId);
    expect((await owner.call('GET', crossSite)).statusCode).toBe(404);
    const missing = await owner.call('GET', inbox('/00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('FORM_SUBMISSION_NOT_FOUND');

    for (const [method, url, payload] of [
      ['GET', `/api/content-service/forms/1.1/websites/${websiteId}/forms/nope/submissions`],
      ['GET', inbox('/not-an-id')],
      ['GET', inbox('', 'status=starred')],
      ['GET', inbox('', 'pageSize=7')],
      ['GET', inbox('', 'page=0')],
      ['GET', inbox('', `q=${'x'.repeat(201)}`)],
      ['PATCH', inbox(), { ids: [], isRead: true }],
      ['PATCH', inbox(), { ids: ['nope'], isRead: true }],
      ['PATCH', inbox(), { ids: [ids[0]], isRead: 'yes' }],
      ['PATCH', inbox(), { ids: [ids[0]], isRead: true, extra: 1 }],
      ['POST', inbox('/delete'), { ids: Array.from({ length: 501 }, () => ids[0]) }],
      ['DELETE', inbox('/nope')],
    ] as const) {
      const response = await owner.call(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
    }
  });

  it('deletes one or many, and only this form’s', async () => {
    const spare = await createFormInboxRepo(t.database.db).insert({
      websiteId,
      formId,
      values: { email: 'spare@example.com' },
      submissionKey: 'spare',
    });
    const one = await owner.call('DELETE', inbox(`/${spare.submission_id}`));
    expect(one.statusCode, one.body).toBe(204);
    expect((await owner.call('DELETE', inbox(`/${spare.submission_id}`))).statusCode).toBe(404);

    const many = await owner.call('POST', inbox('/delete'), {
      ids: [ids[1], ids[2], '00000000-0000-4000-8000-000000000000'],
    });
    expect(many.json()).toEqual({ count: 2 });
    const left = (await owner.call('GET', inbox())).json();
    expect(left.submissions.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
  });

  it('is closed to editors and to keys without the forms area; read keys only read', async () => {
    const added = await owner.call('POST', '/api/config/members', {
      email: 'editor@example.com',
      password: 'member password 1',
      role: Role.editor,
    });
    expect(added.statusCode, added.body).toBe(201);
    const editor = await editorClient(t);
    await editor.call('POST', '/api/config/session', {
      email: 'editor@example.com',
      password: 'member password 1',
    });
    expect((await editor.call('GET', inbox())).statusCode).toBe(403);
    expect((await editor.call('GET', inbox('/export.csv'))).statusCode).toBe(403);

    const scoped = async (scopes: Record<string, string>, role: Role = Role.admin) => {
      const made = await t.app.services.apiKeys.create({
        websiteId,
        name: 'scoped',
        role,
        scopes: scopes as never,
      });
      return { host: 'localhost', authorization: `Bearer ${made.secret}` };
    };
    const reader = await scoped({ forms: 'read' });
    expect((await t.app.inject({ url: inbox(), headers: reader })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: inbox(),
      headers: reader,
      payload: { ids: [ids[0]], isRead: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('This API key may only read forms.');
    const writer = await scoped({ forms: 'write' });
    const allowed = await t.app.inject({
      method: 'PATCH',
      url: inbox(),
      headers: writer,
      payload: { ids: [ids[0]], isRead: true },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const ordersOnly = await scoped({ orders: 'write' });
    const closed = await t.app.inject({ url: inbox(), headers: ordersOnly });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error).toBe('This API key has no access to forms.');
    const editorKey = await scoped({ forms: 'write' }, Role.editor);
    expect((await t.app.inject({ url: inbox(), headers: editorKey })).json().code).toBe(
      'ROLE_FORBIDDEN',
    );
    expect((await t.app.inject({ url: inbox(), headers: key.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: inbox() })).statusCode).toBe(401);
  });
});
