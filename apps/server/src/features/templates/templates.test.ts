import { editorApiMessages, Role, templateMessages } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';

const LIST_TEMPLATE = `<section class="dev-list">
<h1>{collection.title}</h1>
<ul>{.repeated section items}<li class="dev-item">{title} — {structuredContent.variants.0.priceMoney.value}</li>{.end}</ul>
</section>`;

describe(`developer mode templates (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  const visit = (path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });

  it('lists every slot, all on the default rendering at first', async () => {
    const response = await owner.call('GET', '/api/config/templates');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().templates).toEqual([
      { slot: 'collection-list', isCustom: false, source: '', updatedAt: null },
      { slot: 'item', isCustom: false, source: '', updatedAt: null },
      { slot: 'header', isCustom: false, source: '', updatedAt: null },
      { slot: 'footer', isCustom: false, source: '', updatedAt: null },
    ]);
  });

  it('refuses a template with errors, each at its line and column, and changes nothing live', async () => {
    const before = await visit('/shop');
    expect(before.statusCode).toBe(200);
    const response = await owner.call('PUT', '/api/config/templates/collection-list', {
      source: '<h1>{collection.title}</h1>\n{.repeated section items}\n  {title|nosuch}\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: templateMessages.invalid,
      code: 'TEMPLATE_INVALID',
      templateErrors: [
        { message: 'SyntaxError: Reached EOF in the middle of REPEATED', line: 2, column: 1 },
        { message: "SyntaxError: Formatter 'nosuch' is unknown", line: 3, column: 10 },
      ],
    });
    expect((await owner.call('GET', '/api/config/templates/collection-list')).json()).toMatchObject(
      { isCustom: false, source: '' },
    );
    const after = await visit('/shop');
    expect(after.body).toBe(before.body);
  });

  it('renders a saved template on the public page from the page context, then the default again after removal', async () => {
    await visit('/shop');
    expect((await visit('/shop')).headers['x-page-cache']).toBe('hit');
    const saved = await owner.call('PUT', '/api/config/templates/collection-list', {
      source: LIST_TEMPLATE,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ slot: 'collection-list', isCustom: true });
    expect(saved.json().updatedAt).toEqual(expect.any(String));

    // The page cache held /shop from before the save: the save invalidates it.
    const live = await visit('/shop');
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('<section class="dev-list">');
    expect(live.body).toContain('<li class="dev-item">Linen Work Shirt — ');
    const context = (await t.app.inject({ method: 'GET', url: '/shop?format=json' })).json();
    expect(live.body).toContain(`<h1>${context.collection.title}</h1>`);
    // The document around the region stays: head, stylesheet, header, footer, islands.
    expect(live.body).toMatch(/^<!doctype html>/);
    expect(live.body).toContain('class="site-header"');
    expect(live.body).toContain('<script');

    const removed = await owner.call('DELETE', '/api/config/templates/collection-list');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ isCustom: false });
    expect((await visit('/shop')).body).not.toContain('dev-list');
  });

  it('uses a new version of a template at once (compiled copies follow updated_at)', async () => {
    for (const word of ['First', 'Second']) {
      const saved = await owner.call('PUT', '/api/config/templates/item', {
        source: `<article class="dev-item-page"><h1>${word}: {item.title}</h1></article>`,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const page = await visit('/shop/p/linen-work-shirt');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<h1>${word}: Linen Work Shirt</h1>`);
    }
    await owner.call('DELETE', '/api/config/templates/item');
  });

  it('renders custom header and footer regions around every page', async () => {
    expect(
      (
        await owner.call('PUT', '/api/config/templates/header', {
          source:
            '<p class="dev-header">{website.siteTitle}</p>{.repeated section navigation}<a class="dev-nav" href="{href}">{title}</a>{.end}',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await owner.call('PUT', '/api/config/templates/footer', {
          source: '<p class="dev-footer">Made with care, {website.siteTitle}</p>',
        })
      ).statusCode,
    ).toBe(200);
    const home = await visit('/');
    const title = (await t.app.inject({ method: 'GET', url: '/?format=json' })).json().website
      .siteTitle;
    expect(home.body).toContain(`<p class="dev-header">${title}</p>`);
    // The header sees the public navigation, and the cart island stays beside it.
    expect(home.body).toMatch(/<a class="dev-nav" href="\/shop">[^<]+<\/a>/);
    expect(home.body).toContain('data-island');
    const cart = await visit('/cart');
    expect(cart.body).toContain(`<p class="dev-header">${title}</p>`);
    expect(home.body).toContain(`<p class="dev-footer">Made with care, ${title}</p>`);
    await owner.call('DELETE', '/api/config/templates/header');
    await owner.call('DELETE', '/api/config/templates/footer');
    expect((await visit('/')).body).not.toContain('dev-header');
  });

  it('saves a template whose partial is missing, warning with the line and column it renders from', async () => {
    const source = '<ul>\n{.repeated section items}\n  <li>{@|apply card}</li>\n{.end}\n</ul>\n';
    const saved = await owner.call('PUT', '/api/config/templates/collection-list', { source });
    expect(saved.statusCode, saved.body).toBe(200);
    // Rendered over the store's real list page: one warning however many items repeat it.
    expect(saved.json()).toMatchObject({
      slot: 'collection-list',
      isCustom: true,
      warnings: [
        {
          message: "RuntimeError: Attempt to apply partial 'card' which could not be found.",
          line: 3,
          column: 16,
        },
      ],
    });
    // A template that renders cleanly saves with no warnings.
    const clean = await owner.call('PUT', '/api/config/templates/collection-list', {
      source: LIST_TEMPLATE,
    });
    expect(clean.json().warnings).toEqual([]);
    // The item slot renders over the store's first product: its fields are found.
    const item = await owner.call('PUT', '/api/config/templates/item', {
      source: '<h1>{item.title|apply heading}</h1>',
    });
    expect(item.json().warnings).toEqual([
      {
        message: "RuntimeError: Attempt to apply partial 'heading' which could not be found.",
        line: 1,
        column: 23,
      },
    ]);
    await owner.call('DELETE', '/api/config/templates/collection-list');
    await owner.call('DELETE', '/api/config/templates/item');
  });

  it('is for admins only: an editor gets 403, a visitor 401, and a write needs the crumb', async () => {
    const added = await owner.call('POST', '/api/config/members', {
      email: 'editor@example.com',
      password: 'an editor password',
      role: Role.editor,
    });
    expect(added.statusCode, added.body).toBe(201);
    const editor = await editorClient(t);
    const signedIn = await editor.call('POST', '/api/config/session', {
      email: 'editor@example.com',
      password: 'an editor password',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { source: '<p>mine</p>' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await editor.call(method, '/api/config/templates/header', payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(editorApiMessages.adminOnly);
    }
    expect((await editor.call('GET', '/api/config/templates')).statusCode).toBe(403);

    const visitor = await editorClient(t);
    expect((await visitor.call('GET', '/api/config/templates')).statusCode).toBe(401);
    const noCrumb = await owner.call(
      'PUT',
      '/api/config/templates/header',
      { source: '<p>x</p>' },
      { 'x-csrf-token': 'wrong-crumb-wrong-crumb' },
    );
    expect(noCrumb.statusCode).toBe(403);
    expect((await visit('/')).body).not.toContain('<p>mine</p>');
  });

  it('answers 400, never 500, for an unknown slot or a missing source', async () => {
    expect((await owner.call('GET', '/api/config/templates/sidebar')).statusCode).toBe(400);
    const empty = await owner.call('PUT', '/api/config/templates/header', { source: '' });
    expect(empty.statusCode).toBe(400);
    const huge = await owner.call('PUT', '/api/config/templates/header', {
      source: 'x'.repeat(100_001),
    });
    expect(huge.statusCode).toBe(400);
  });

  it('documents the API in OpenAPI, with the 400 that carries line and column', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/config/templates', '/api/config/templates/{slot}']),
    );
    const put = spec.paths['/api/config/templates/{slot}'].put;
    expect(put.tags).toEqual(['editor']);
    expect(JSON.stringify(put.responses['400'])).toContain('#/components/schemas/TemplateInvalid');
    expect(JSON.stringify(put.requestBody)).toContain('#/components/schemas/TemplateSave');
  });
});
