import { Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import {
  type EditorClient,
  editorClient,
  memberClient,
  ownerClient,
} from '../auth/editor-client.ts';

// Issue 20: the form builder's API, as the /config screen and integrations call it.

const PREFIX = '/api/content-service/forms/1.1/websites/{websiteId}/forms';
const ID = '00000000-0000-4000-8000-000000000000';

const contactForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Contact',
  fields: [
    { id: 'email', kind: 'email', label: 'Email', isRequired: true },
    { id: 'message', kind: 'textarea', label: 'Message', maxLength: 200 },
  ],
  submitLabel: 'Send',
  submissionMessage: 'Thanks, we will reply soon.',
  postSubmitHtml: null,
  successRedirect: null,
  disclaimer: null,
  notificationEmail: 'owner@example.com',
  isStorageOnly: false,
  captchaSettings: { isEnabled: true },
  ...overrides,
});

describe(`forms admin (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let websiteId: string;
  const path = (rest = '') => `${PREFIX.replace('{websiteId}', websiteId)}${rest}`;

  const member = (email: string, role: Role) => memberClient(t, owner, { email, role });

  async function keyWith(scopes: Record<string, string> | undefined, role: Role = Role.admin) {
    const created = await owner.call('POST', '/api/api-keys', {
      name: 'forms key',
      role,
      ...(scopes && { scopes }),
    });
    expect(created.statusCode, created.body).toBe(201);
    return { authorization: `Bearer ${created.json().secret}` };
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    websiteId = (await owner.call('GET', '/api/config/session')).json().websiteId;
  });
  afterAll(() => t.close());

  it('creates, reads, lists, changes and deletes a form', async () => {
    const created = await owner.call('POST', path(), contactForm());
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json();
    expect(form).toMatchObject({
      name: 'Contact',
      submitLabel: 'Send',
      notificationEmail: 'owner@example.com',
      captchaSettings: { isEnabled: true },
      submissionCount: 0,
      unreadCount: 0,
    });
    expect(form.fields.map((f: { id: string }) => f.id)).toEqual(['email', 'message']);

    const read = await owner.call('GET', path(`/${form.id}`));
    expect(read.json()).toEqual(form);
    const list = await owner.call('GET', path());
    expect(list.json().forms.map((f: { id: string }) => f.id)).toContain(form.id);

    const reordered = await owner.call(
      'PUT',
      path(`/${form.id}`),
      contactForm({ fields: [...contactForm().fields].reverse(), isStorageOnly: true }),
    );
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().fields.map((f: { id: string }) => f.id)).toEqual(['message', 'email']);
    expect(reordered.json().isStorageOnly).toBe(true);

    expect((await owner.call('DELETE', path(`/${form.id}`))).statusCode).toBe(204);
    expect((await owner.call('GET', path(`/${form.id}`))).statusCode).toBe(404);
    expect((await owner.call('DELETE', path(`/${form.id}`))).statusCode).toBe(404);
    expect((await owner.call('PUT', path(`/${ID}`), contactForm())).statusCode).toBe(404);
  });

  it('counts submissions and unread ones per form', async () => {
    const form = (await owner.call('POST', path(), contactForm({ name: 'Counted' }))).json();
    await t.database.db
      .insertInto('form_submissions')
      .values(
        [true, false, false].map((isRead, i) => ({
          website_id: websiteId,
          form_id: form.id,
          field_values: JSON.stringify({ email: `a${i}@example.com` }),
          submission_key: `key-${i}`,
          is_read: isRead,
        })),
      )
      .execute();
    const listed = (await owner.call('GET', path()))
      .json()
      .forms.find((f: { id: string }) => f.id === form.id);
    expect(listed).toMatchObject({ submissionCount: 3, unreadCount: 2 });
    // A copy has the fields and settings, not the submissions.
    const copy = await owner.call('POST', path(`/${form.id}/duplicate`));
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      name: 'Counted (copy)',
      fields: form.fields,
      submitLabel: 'Send',
      submissionCount: 0,
    });
    expect(copy.json().id).not.toBe(form.id);
    expect((await owner.call('POST', path(`/${ID}/duplicate`))).statusCode).toBe(404);
  });

  it('refuses fields sharing an id, hidden ids that are no query parameter, empty choices', async () => {
    const refused = await owner.call(
      'POST',
      path(),
      contactForm({
        fields: [
          { id: 'email', kind: 'email', label: 'Email' },
          { id: 'email', kind: 'text', label: 'Email again' },
          { id: '2source', kind: 'hidden', label: 'Source' },
          { id: 'topic', kind: 'select', label: 'Topic', options: [] },
          { id: 'likes', kind: 'likert', label: 'Likes' },
          { id: 'size', kind: 'radio', label: 'Size', options: ['S', 'S'] },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'fields.1.id': 'Another field already uses the id "email". Give each field its own id.',
      'fields.2.id': expect.stringContaining('query parameter of the same name'),
      'fields.3.options': 'Add at least one option.',
      'fields.4.questions': 'Add at least one question.',
      'fields.5.options': '"S" is listed twice.',
    });
    const badRedirect = await owner.call(
      'POST',
      path(),
      contactForm({ successRedirect: 'javascript:alert(1)', notificationEmail: 'nope' }),
    );
    expect(badRedirect.statusCode).toBe(400);
    expect(Object.keys(badRedirect.json().errors).sort()).toEqual([
      'notificationEmail',
      'successRedirect',
    ]);
    for (const body of ['not json', { name: 5 }, { ...contactForm(), fields: 'x' }]) {
      const response = await owner.call('POST', path(), body as object, {
        'content-type': 'application/json',
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await owner.call('GET', path('/not-a-uuid'))).statusCode).toBe(400);
  });

  it('keeps formatting, links and images in post-submit HTML and drops scripts', async () => {
    const created = await owner.call(
      'POST',
      path(),
      contactForm({
        postSubmitHtml:
          '<p onclick="x()"><strong>Thanks!</strong> <a href="https://example.com/a">Read</a>' +
          ' <a href="javascript:alert(1)">bad</a> <a href="/faq">FAQ</a></p>' +
          '<script>alert(1)</script><img src="https://example.com/i.png" alt="Hi" onerror="x()">' +
          '<img src="data:image/png;base64,AAAA"><iframe src="https://evil.example"></iframe>',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const html: string = created.json().postSubmitHtml;
    expect(html).toBe(
      '<p><strong>Thanks!</strong> <a href="https://example.com/a">Read</a>' +
        ' <span>bad</span> <a href="/faq">FAQ</a></p><img src="https://example.com/i.png" alt="Hi" />',
    );
    const emptied = await owner.call(
      'POST',
      path(),
      contactForm({ postSubmitHtml: '<script>only</script>' }),
    );
    expect(emptied.json().postSubmitHtml).toBeNull();
  });

  it('lets a deleted form go from the products that asked for it', async () => {
    const form = (await owner.call('POST', path(), contactForm({ name: 'Engraving' }))).json();
    const products = `/api/content-service/product/1.1/websites/${websiteId}/products`;
    const productId = (await owner.call('GET', products)).json().products[0].id;
    const linked = await owner.call('PATCH', `${products}/${productId}`, {
      additionalFieldsFormId: form.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await owner.call('DELETE', path(`/${form.id}`))).statusCode).toBe(204);
    const product = (await owner.call('GET', `${products}/${productId}`)).json();
    expect(product.additionalFieldsFormId).toBeNull();
  });

  it('shows a changed or deleted form on cached published pages at once', async () => {
    const form = (await owner.call('POST', path(), contactForm({ name: 'Cached' }))).json();
    const created = (await owner.call('POST', '/api/config/pages', { title: 'Ask us' })).json();
    const saved = await owner.call('PUT', `/api/config/pages/${created.id}/draft`, {
      blocks: [{ type: 'form', version: 1, formId: form.id, title: 'Ask us' }],
      baseRevision: created.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await owner.call('POST', `/api/config/pages/${created.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    // A product asking for the same form as its additional fields.
    const products = `/api/content-service/product/1.1/websites/${websiteId}/products`;
    const product = (await owner.call('GET', products)).json().products[0];
    const linked = await owner.call('PATCH', `${products}/${product.id}`, {
      additionalFieldsFormId: form.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const productUrl = `/shop/p/${product.urlId}`;

    const visit = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const page = await visit('/ask-us');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-island="SiteForm"');
    expect(page.body).toMatch(/<label for="[^"]+-email">Email/);
    expect((await visit('/ask-us')).headers['x-page-cache']).toBe('hit');
    const productPage = await visit(productUrl);
    expect(productPage.statusCode, productPage.body).toBe(200);
    expect(productPage.body).toContain('Message');
    expect(productPage.body).not.toContain('Your question');

    const relabelled = contactForm({
      name: 'Cached',
      fields: [
        { id: 'email', kind: 'email', label: 'Reply address', isRequired: true },
        { id: 'message', kind: 'textarea', label: 'Your question', maxLength: 200 },
      ],
    });
    expect((await owner.call('PUT', path(`/${form.id}`), relabelled)).statusCode).toBe(200);
    const changed = await visit('/ask-us');
    expect(changed.body).toMatch(/<label for="[^"]+-email">Reply address/);
    expect(changed.body).toContain('Your question');
    expect((await visit(productUrl)).body).toContain('Your question');

    expect((await owner.call('DELETE', path(`/${form.id}`))).statusCode).toBe(204);
    const gone = await visit('/ask-us');
    expect(gone.statusCode).toBe(200);
    expect(gone.body).not.toContain('data-island="SiteForm"');
    expect(gone.body).not.toContain('Reply address');
    expect((await visit(productUrl)).body).not.toContain('Your question');
  });

  it('lets editors and store managers build forms on every route', async () => {
    const paths: Record<string, Record<string, unknown>> = (
      await t.app.inject('/api/openapi.json')
    ).json().paths;
    const routes = Object.entries(paths).flatMap(([p, methods]) =>
      // The inbox's routes share the prefix but take the orders' roles (form-inbox.test.ts).
      p.startsWith(PREFIX) && !p.includes('/submissions')
        ? Object.keys(methods).map((m) => ({ method: m.toUpperCase(), p }))
        : [],
    );
    expect(routes.map((r) => `${r.method} ${r.p.replace(PREFIX, '')}`).sort()).toEqual([
      'DELETE /{formId}',
      'GET ',
      'GET /{formId}',
      'POST ',
      'POST /{formId}/duplicate',
      'PUT /{formId}',
    ]);
    const editor = await member('editor@example.com', Role.editor);
    const manager = await member('manager@example.com', Role.storeManager);
    const anonymous = await editorClient(t);
    for (const client of [editor, manager]) {
      for (const route of routes) {
        const url = route.p.replace('{websiteId}', websiteId).replace('{formId}', ID);
        const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
        const response = await client.call(route.method as 'GET', url, body);
        expect([401, 403], `${route.method} ${route.p}: ${response.body}`).not.toContain(
          response.statusCode,
        );
        expect(response.statusCode).toBeLessThan(500);
        const refused = await anonymous.call(route.method as 'GET', url, body);
        expect(refused.statusCode, `${route.method} ${route.p}`).toBe(401);
      }
    }
    const made = await editor.call('POST', path(), contactForm({ name: 'By the editor' }));
    expect(made.statusCode, made.body).toBe(201);
  });

  it('needs the forms area on a scoped key: read for GET, write for the rest', async () => {
    const reader = await keyWith({ forms: 'read' });
    const writer = await keyWith({ forms: 'write' });
    const other = await keyWith({ products: 'write' });
    const call = (headers: Record<string, string>, method: 'GET' | 'POST', payload?: object) =>
      t.app.inject({
        method,
        url: path(),
        headers: { host: 'localhost', ...headers },
        ...(payload && { payload }),
      });
    expect((await call(reader, 'GET')).statusCode).toBe(200);
    const readOnly = await call(reader, 'POST', contactForm());
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().error).toBe('This API key may only read forms.');
    expect((await call(writer, 'POST', contactForm({ name: 'Keyed' }))).statusCode).toBe(201);
    expect((await call(other, 'GET')).statusCode).toBe(403);
    const contributor = await keyWith(undefined, Role.storeManager);
    expect((await call(contributor, 'GET')).statusCode).toBe(200);
  });
});
