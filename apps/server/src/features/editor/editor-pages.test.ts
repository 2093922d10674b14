import { editorApiMessages } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';

const heading = (text: string) => ({ type: 'heading', version: 1, text, level: 2 });
const paragraphs = (...texts: string[]) => ({
  type: 'text',
  version: 2,
  doc: {
    type: 'doc',
    content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  },
  html: texts.map((text) => `<p>${text}</p>`).join(''),
});

describe(`pages in the editor: drafts and publishing (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  const visit = (path: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' }, cookies });

  async function addPage(title: string, urlSlug?: string) {
    const response = await owner.call('POST', '/api/config/pages', {
      title,
      ...(urlSlug && { urlSlug }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('lists the pages in main-navigation order with their status', async () => {
    const response = await owner.call('GET', '/api/config/pages');
    expect(response.statusCode).toBe(200);
    const pages = response.json().pages;
    expect(pages.length).toBeGreaterThan(0);
    expect(pages[0]).toMatchObject({
      urlSlug: '',
      status: 'published',
      hasUnpublishedChanges: false,
    });
    const indexes = pages.map((p: { navigationIndex: number }) => p.navigationIndex);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });

  it('keeps a new page and its saved draft off the public site until it is published', async () => {
    const page = await addPage('Our Studio');
    expect(page).toMatchObject({ urlSlug: 'our-studio', status: 'draft', draftBlocks: [] });
    expect((await visit('/our-studio')).statusCode).toBe(404);

    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [heading('Made by hand'), paragraphs('We weave in small batches.')],
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draftBlocks).toHaveLength(2);
    expect(saved.json().hasUnpublishedChanges).toBe(true);
    expect((await visit('/our-studio')).statusCode).toBe(404);
    expect((await visit('/')).body).not.toContain('Our Studio');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('/our-studio');

    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', hasUnpublishedChanges: false });
    const live = await visit('/our-studio');
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Made by hand');
    expect(live.body).toContain('We weave in small batches.');
    expect((await visit('/')).body).toContain('Our Studio');

    // A later edit is a draft again: the public page keeps the published version.
    const edited = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [heading('Made by many hands')],
      baseRevision: published.json().draftRevision,
    });
    expect(edited.json().hasUnpublishedChanges).toBe(true);
    const still = await visit('/our-studio');
    expect(still.body).toContain('Made by hand');
    expect(still.body).not.toContain('Made by many hands');
  });

  it('refuses a 61st block on the server with a clear message', async () => {
    const page = await addPage('Long Read');
    const sixty = Array.from({ length: 60 }, (_, i) => heading(`Part ${i + 1}`));
    const ok = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: sixty,
      baseRevision: page.draftRevision,
    });
    expect(ok.statusCode).toBe(200);
    const tooMany = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [...sixty, heading('Part 61')],
      baseRevision: ok.json().draftRevision,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(
      'A page can hold at most 60 blocks. Remove one before adding another.',
    );
    const reread = await owner.call('GET', `/api/config/pages/${page.id}`);
    expect(reread.json().draftBlocks).toHaveLength(60);
  });

  it('refuses blocks that do not match the block schema', async () => {
    const page = await addPage('Broken Blocks');
    const response = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [{ type: 'heading', version: 1, text: '', level: 7 }],
      baseRevision: page.draftRevision,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a save or publish based on an older draft (changed in another window)', async () => {
    const page = await addPage('Two Windows');
    const first = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [heading('First window')],
      baseRevision: page.draftRevision,
    });
    expect(first.statusCode).toBe(200);
    const stale = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [heading('Second window')],
      baseRevision: page.draftRevision,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(editorApiMessages.pageChanged);
    const publishStale = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: page.draftRevision,
    });
    expect(publishStale.statusCode).toBe(409);
  });

  it('keeps url slugs clean, unique per website and clear of store addresses', async () => {
    const page = await addPage('About Us');
    const cases: [string, number, string][] = [
      ['Hello World', 400, 'Hello World is not a valid page URL'],
      ['ab', 400, 'ab is not a valid page URL'],
      ['cart', 400, editorApiMessages.slugReserved('cart')],
      ['shop', 409, editorApiMessages.slugTaken('shop')],
      ['our-studio', 409, editorApiMessages.slugTaken('our-studio')],
    ];
    for (const [urlSlug, status, message] of cases) {
      const response = await owner.call('PATCH', `/api/config/pages/${page.id}`, { urlSlug });
      expect(response.statusCode, urlSlug).toBe(status);
      expect(response.json().error).toBe(message);
    }
    const renamed = await owner.call('PATCH', `/api/config/pages/${page.id}`, {
      title: 'About the Studio',
      urlSlug: 'about-the-studio',
      description: 'Who we are.',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      title: 'About the Studio',
      urlSlug: 'about-the-studio',
      description: 'Who we are.',
    });
    // A title whose slug is taken gets core's -1 suffix.
    expect((await addPage('About the Studio')).urlSlug).toBe('about-the-studio-1');
  });

  it('shows a private page to signed-in members only, never cached', async () => {
    const page = await addPage('Members Corner');
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [paragraphs('For members only.')],
      baseRevision: page.draftRevision,
    });
    const early = await owner.call('PATCH', `/api/config/pages/${page.id}`, { status: 'private' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(editorApiMessages.publishFirst);
    await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    const made = await owner.call('PATCH', `/api/config/pages/${page.id}`, { status: 'private' });
    expect(made.json().status).toBe('private');

    expect((await visit('/members-corner')).statusCode).toBe(404);
    const member = await visit('/members-corner', owner.cookies);
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('For members only.');
    expect(member.headers['cache-control']).toBe('private, no-store');
    // What a member was shown is never remembered for the next visitor.
    expect((await visit('/members-corner')).statusCode).toBe(404);
  });

  it('hides a page in Draft or Needs Review again', async () => {
    const page = await addPage('Seasonal Notes');
    await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: page.draftRevision,
    });
    expect((await visit('/seasonal-notes')).statusCode).toBe(200);
    for (const status of ['needs-review', 'draft']) {
      const response = await owner.call('PATCH', `/api/config/pages/${page.id}`, { status });
      expect(response.json().status).toBe(status);
      expect((await visit('/seasonal-notes')).statusCode).toBe(404);
    }
  });

  it('publishes a scheduled page when its time comes', async () => {
    const page = await addPage('Spring Launch');
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [heading('Spring is here')],
      baseRevision: page.draftRevision,
    });
    const past = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const at = new Date(Date.now() + 1500);
    const scheduled = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
      at: at.toISOString(),
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() });
    expect((await visit('/spring-launch')).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 200));
    const live = await visit('/spring-launch');
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Spring is here');
  });

  it('deletes a page, but never the home page', async () => {
    const page = await addPage('Short Lived');
    await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: page.draftRevision,
    });
    expect((await owner.call('DELETE', `/api/config/pages/${page.id}`)).statusCode).toBe(204);
    expect((await visit('/short-lived')).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/config/pages/${page.id}`)).statusCode).toBe(404);
    const home = (await owner.call('GET', '/api/config/pages')).json().pages[0];
    const refused = await owner.call('DELETE', `/api/config/pages/${home.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(editorApiMessages.homePageDelete);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const visitor = await editorClient(t);
    expect((await visitor.call('GET', '/api/config/pages')).statusCode).toBe(401);
    expect((await visitor.call('POST', '/api/config/pages', { title: 'Nope' })).statusCode).toBe(
      401,
    );
  });

  it('serves the editor shell at /config, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('id="editor-root"');
    expect((await t.app.inject({ method: 'GET', url: '/config/pages/x' })).statusCode).toBe(200);
  });
});
