import { randomUUID } from 'node:crypto';
import { newSectionBlock } from '@atelier/contract';
import { editorApiMessages, headerFooterMessages, Role } from '@atelier/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import {
  type EditorClient,
  editorClient,
  memberClient,
  ownerClient,
} from '../auth/editor-client.ts';

const heading = (text: string) => ({ type: 'heading', version: 1, text, level: 2 });
const social = (serviceName: string, profileUrl: string) => ({
  type: 'social-links',
  version: 1,
  profiles: [{ serviceName, profileUrl }],
});
/** A 320×80 logo as the file manager's Upload File sends it. */
async function logoUpload() {
  const boundary = `----atelier${randomUUID()}`;
  const png = await sharp({
    create: { width: 320, height: 80, channels: 3, background: '#7a3e1d' },
  })
    .png()
    .toBuffer();
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** A section marker with the defaults, and any settings given. */
const section = (settings: object = {}) => ({ ...newSectionBlock(), ...settings });

describe(`the site header and footer (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  const home = async () =>
    (await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body;
  const current = async () => (await owner.call('GET', '/api/site-header-footer')).json();

  it('starts empty, and the public header keeps the site title and menu', async () => {
    const response = await owner.call('GET', '/api/site-header-footer');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ header: [], footer: [], revision: 0 });
    expect(await home()).not.toContain('site-header__blocks');
  });

  it('saves header and footer blocks that every public page shows at once (cached pages dropped)', async () => {
    // A first visit fills the page cache; the save must drop it.
    expect(await home()).not.toContain('Free shipping over $50');
    const saved = await owner.call('PUT', '/api/site-header-footer', {
      header: [heading('Free shipping over $50')],
      footer: [
        heading('Visit the studio'),
        section(),
        social('Instagram', 'https://instagram.com/atelier'),
      ],
      baseRevision: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 1 });
    expect(saved.json().footer).toHaveLength(3);

    const page = await home();
    const header = page.slice(page.indexOf('<header'), page.indexOf('</header>'));
    const footer = page.slice(page.indexOf('<footer'), page.indexOf('</footer>'));
    expect(header).toContain('Free shipping over $50');
    expect(footer).toContain('Visit the studio');
    expect(footer).toContain('href="https://instagram.com/atelier"');
    // Sections become their own wrappers in the footer.
    expect(footer.match(/class="page-section /g)).toHaveLength(2);
    const shop = await t.app.inject({
      method: 'GET',
      url: '/shop',
      headers: { accept: 'text/html' },
    });
    expect(shop.body).toContain('Free shipping over $50');

    expect(await current()).toMatchObject({
      revision: 1,
      header: [heading('Free shipping over $50')],
    });
  });

  it('refuses a save based on an older revision with 409', async () => {
    const stale = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [],
      baseRevision: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(
      'The header and footer were changed in another window. Reload to see the latest version.',
    );
    expect((await current()).header).toHaveLength(1);
  });

  it('refuses a 61st block in the header or the footer with the page limit message', async () => {
    const sixty = Array.from({ length: 60 }, (_, i) => heading(`Line ${i + 1}`));
    const { revision } = await current();
    const tooMany = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [...sixty, heading('Line 61')],
      baseRevision: revision,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(
      'A page can hold at most 60 blocks. Remove one before adding another.',
    );
    // Section breaks are layout and do not count.
    const withSections = await owner.call('PUT', '/api/site-header-footer', {
      header: [section(), ...sixty.slice(0, 30), section(), ...sixty.slice(30)],
      footer: [],
      baseRevision: revision,
    });
    expect(withSections.statusCode, withSections.body).toBe(200);
  });

  it('gives a leading section marker’s settings to the header’s first section', async () => {
    const { revision } = await current();
    const saved = await owner.call('PUT', '/api/site-header-footer', {
      header: [
        section({ background: { kind: 'colour', colour: 'ink' }, padding: 'small', width: 'full' }),
        heading('Winter sale'),
      ],
      footer: [],
      baseRevision: revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().header[0]).toMatchObject({ type: 'section', padding: 'small' });
    const page = await home();
    const header = page.slice(page.indexOf('<header'), page.indexOf('</header>'));
    expect(header).toContain(
      'class="page-section page-section--pad-small page-section--full page-section--bg-ink page-section--dark"',
    );
    expect(header.match(/class="page-section /g)).toHaveLength(1);
  });

  it('refuses a section background image that is not in the file manager', async () => {
    const before = await current();
    const refused = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [
        section({
          background: { kind: 'image', mediaId: '0b7f7a52-1111-4000-8000-00000000dead' },
        }),
        heading('Visit us'),
      ],
      baseRevision: before.revision,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'SECTION_IMAGE_MISSING',
      error: editorApiMessages.sectionImageMissing,
      errors: { footer: editorApiMessages.sectionImageMissing },
    });
    expect((await current()).revision).toBe(before.revision);
  });

  it('refuses blocks that are not valid, and javascript: links, with 400 and no change', async () => {
    const before = await current();
    for (const bad of [
      { type: 'heading', version: 1, text: '', level: 7 },
      social('Evil', 'javascript:alert(1)'),
      { type: 'video', version: 1, url: 'https://example.com/movie.mp4', title: 'x' },
      { type: 'audio', version: 1, title: 'Song', src: 'data:audio/mp3;base64,AAAA' },
    ]) {
      const response = await owner.call('PUT', '/api/site-header-footer', {
        header: [bad],
        footer: [],
        baseRevision: before.revision,
      });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await current()).toEqual(before);
    expect(await home()).not.toContain('javascript:alert');
  });

  it('needs a session, the CSRF crumb, and an editing role', async () => {
    const stranger = await editorClient(t);
    expect((await stranger.call('GET', '/api/site-header-footer')).statusCode).toBe(401);
    const { revision } = await current();
    const noCrumb = await owner.call(
      'PUT',
      '/api/site-header-footer',
      { header: [], footer: [], baseRevision: revision },
      { 'x-csrf-token': '' },
    );
    expect(noCrumb.statusCode).toBe(403);

    const editor = await memberClient(t, owner, { email: 'editor@example.com', role: Role.editor });
    const byEditor = await editor.call('PUT', '/api/site-header-footer', {
      header: [heading('Edited by the editor')],
      footer: [],
      baseRevision: revision,
    });
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    expect(await home()).toContain('Edited by the editor');
  });

  it('frames the canvas with what frames the public pages: title, menu, header, footer', async () => {
    const stranger = await editorClient(t);
    expect((await stranger.call('GET', '/api/config/site-frame')).statusCode).toBe(401);
    const response = await owner.call('GET', '/api/config/site-frame');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const frame = response.json();
    const page = await home();
    const html = (text: string) => text.replaceAll('&', '&amp;');
    // The same title, language and menu the public header shows.
    expect(page).toContain(`>${html(frame.title)}</a>`);
    expect(page).toContain(`<html lang="${frame.language}"`);
    expect(frame.navigation.length).toBeGreaterThan(0);
    for (const item of frame.navigation) expect(page).toContain(`>${html(item.title)}</a>`);
    expect(frame.headerFooter.header).toEqual((await current()).header);
  });

  it('shows the owner’s logo (named by the site title) and copyright line on every page', async () => {
    const before = await current();
    expect(before).toMatchObject({ logoMediaId: null, copyright: '' });
    // The default line until the owner writes one.
    expect(await home()).toMatch(/<p>© [^<]+<\/p>/);

    const upload = await logoUpload();
    const uploaded = await owner.call('POST', '/api/config/media', upload.payload, upload.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const logoMediaId: string = uploaded.json().id;
    const saved = await owner.call('PUT', '/api/site-header-footer', {
      header: before.header,
      footer: before.footer,
      baseRevision: before.revision,
      logoMediaId,
      copyright: '  © 2026 Fern & Flax Studio Ltd.  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      logoMediaId,
      copyright: '© 2026 Fern & Flax Studio Ltd.',
    });
    expect(saved.json().data.media[logoMediaId]).toMatchObject({ width: 320, height: 80 });

    const page = await home();
    const header = page.slice(page.indexOf('<header'), page.indexOf('</header>'));
    const { title } = (await owner.call('GET', '/api/config/site-frame')).json();
    expect(header).toMatch(/<a class="site-title" href="\/"><img class="site-title__logo"/);
    expect(header).toContain(`alt="${title.replaceAll('&', '&amp;')}"`);
    expect(header).toContain('width="320" height="80"');
    const footer = page.slice(page.indexOf('<footer'), page.indexOf('</footer>'));
    expect(footer).toContain('<p>© 2026 Fern &amp; Flax Studio Ltd.</p>');

    // A save that leaves them out (an older client) keeps them; null and '' clear them.
    const kept = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [],
      baseRevision: saved.json().revision,
    });
    expect(kept.json()).toMatchObject({ logoMediaId, copyright: '© 2026 Fern & Flax Studio Ltd.' });
    const cleared = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [],
      baseRevision: kept.json().revision,
      logoMediaId: null,
      copyright: '',
    });
    expect(cleared.json()).toMatchObject({ logoMediaId: null, copyright: '' });
    expect(await home()).not.toContain('<img class="site-title__logo"');
  });

  it('refuses a logo that is not in the file manager, and a copyright line over 300 characters', async () => {
    const before = await current();
    const missing = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [],
      baseRevision: before.revision,
      logoMediaId: randomUUID(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'LOGO_MISSING',
      error: headerFooterMessages.logoMissing,
      errors: { logoMediaId: headerFooterMessages.logoMissing },
    });
    const long = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [],
      baseRevision: before.revision,
      copyright: 'x'.repeat(301),
    });
    expect(long.statusCode).toBe(400);
    expect((await current()).revision).toBe(before.revision);
  });
});
