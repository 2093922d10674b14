import { randomUUID } from 'node:crypto';
import { newSectionBlock } from '@atelier/contract';
import { editorApiMessages } from '@atelier/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';

const heading = (text: string) => ({ type: 'heading', version: 1, text, level: 2 });
/** A section marker with the defaults, and any settings given. */
const section = (settings: object = {}) => ({ ...newSectionBlock(), ...settings });
const SECTION = section();

/** An image as the file manager's Upload File sends it. */
async function imageUpload() {
  const boundary = `----atelier${randomUUID()}`;
  const png = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#8a6' } })
    .png()
    .toBuffer();
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="field.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`page sections on the server (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  it('stores section breaks, does not count them toward 60, and renders each section', async () => {
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Sections' })).json();
    const sixty = Array.from({ length: 60 }, (_, i) => heading(`Part ${i + 1}`));
    const blocks = [
      ...sixty.slice(0, 20),
      SECTION,
      ...sixty.slice(20, 40),
      SECTION,
      ...sixty.slice(40),
    ];
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks,
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draftBlocks).toEqual(blocks);

    const tooMany = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [...blocks, heading('Part 61')],
      baseRevision: saved.json().draftRevision,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(
      'A page can hold at most 60 blocks. Remove one before adding another.',
    );

    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = await t.app.inject({
      method: 'GET',
      url: '/sections',
      headers: { accept: 'text/html' },
    });
    expect(live.statusCode).toBe(200);
    const main = live.body.slice(live.body.indexOf('<main'), live.body.indexOf('</main>'));
    expect(main.match(/class="page-section /g)).toHaveLength(3);
    expect(main.match(/<h2 class="block block--heading">/g)).toHaveLength(60);
  });

  it('saves, publishes and shows a layout whose first section carries its settings', async () => {
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Pictured' })).json();
    const upload = await imageUpload();
    const uploaded = await owner.call('POST', '/api/config/media', upload.payload, upload.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const mediaId: string = uploaded.json().id;
    const blocks = [
      section({ background: { kind: 'colour', colour: 'sage' }, padding: 'large' }),
      heading('Made by hand'),
      section({ width: 'full', background: { kind: 'image', mediaId, overlay: 'strong' } }),
      heading('In the studio'),
    ];
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks,
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draftBlocks).toEqual(blocks);
    // The preview gets the background's renditions with the draft.
    expect(saved.json().data.media[mediaId]).toMatchObject({ id: mediaId });

    const published = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = await t.app.inject({
      method: 'GET',
      url: '/pictured',
      headers: { accept: 'text/html' },
    });
    expect(live.statusCode).toBe(200);
    const main = live.body.slice(live.body.indexOf('<main'), live.body.indexOf('</main>'));
    expect(main.match(/<div class="page-section [^"]*"/g)).toEqual([
      '<div class="page-section page-section--pad-large page-section--contained page-section--bg-sage"',
      '<div class="page-section page-section--pad-medium page-section--full page-section--bg-image page-section--dark"',
    ]);
    const img = main.match(/<img [^>]*>/)?.[0];
    expect(img).toBeDefined();
    expect(img).toContain('alt=""');
    expect(img).toContain(`/files/`);
    expect(img).toContain('srcSet=');
    expect(main).toContain('page-section__media--strong');
  });

  it('preloads the image behind a first section, as the top of the page', async () => {
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Hero' })).json();
    const upload = await imageUpload();
    const media = (
      await owner.call('POST', '/api/config/media', upload.payload, upload.headers)
    ).json();
    const saved = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [
        section({ width: 'full', background: { kind: 'image', mediaId: media.id } }),
        heading('Welcome'),
      ],
      baseRevision: page.draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: saved.json().draftRevision,
    });
    const live = await t.app.inject({
      method: 'GET',
      url: '/hero',
      headers: { accept: 'text/html' },
    });
    const head = live.body.slice(0, live.body.indexOf('</head>'));
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/)?.[0] ?? '';
    expect(preload).toContain(`/files/`);
    expect(preload).toContain('imageSizes="100vw"');
  });

  it('refuses a section image that is not in the file manager, with a sentence and the field', async () => {
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Missing' })).json();
    const refused = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [section({ background: { kind: 'image', mediaId: randomUUID() } }), heading('Hello')],
      baseRevision: page.draftRevision,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'SECTION_IMAGE_MISSING',
      error: editorApiMessages.sectionImageMissing,
      errors: { blocks: editorApiMessages.sectionImageMissing },
    });
    const stored = (await owner.call('GET', `/api/config/pages/${page.id}`)).json();
    expect(stored.draftRevision).toBe(page.draftRevision);
  });

  it('keeps saving a draft whose section image was deleted from the file manager since', async () => {
    const page = (await owner.call('POST', '/api/config/pages', { title: 'Deleted' })).json();
    const upload = await imageUpload();
    const mediaId: string = (
      await owner.call('POST', '/api/config/media', upload.payload, upload.headers)
    ).json().id;
    const blocks = [section({ background: { kind: 'image', mediaId } }), heading('Hello')];
    const first = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks,
      baseRevision: page.draftRevision,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await owner.call('DELETE', `/api/config/media/${mediaId}`)).statusCode).toBe(204);
    // Autosave of an unrelated edit must not be blocked by a file deleted elsewhere.
    const next = await owner.call('PUT', `/api/config/pages/${page.id}/draft`, {
      blocks: [...blocks, heading('More')],
      baseRevision: first.json().draftRevision,
    });
    expect(next.statusCode, next.body).toBe(200);
  });
});
