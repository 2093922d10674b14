import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { editorMessages, Role } from '@atelier/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';

/** One file in a multipart/form-data body, as the file manager's Upload File sends it. */
function fileBody(filename: string, data: Buffer, contentType = 'image/png') {
  const boundary = `----atelier${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (background: string) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();

type MediaFile = { id: string; filename: string; src: string };

describe(`the file manager's API: list, upload, rename, delete (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  async function upload(filename: string, data: Buffer, client = owner) {
    const body = fileBody(filename, data);
    return client.call('POST', '/api/config/media', body.payload, body.headers);
  }
  const list = async (query = '') => {
    const response = await owner.call('GET', `/api/config/media${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { files: MediaFile[]; nextOffset: number | null };
  };

  it('uploads images and lists them newest first, a page at a time', async () => {
    for (const [i, colour] of ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa'].entries()) {
      const response = await upload(`photo-${i}.png`, await png(colour));
      expect(response.statusCode, response.body).toBe(201);
    }
    const first = await list('?limit=2');
    expect(first.files.map((f) => f.filename)).toEqual(['photo-4.png', 'photo-3.png']);
    expect(first.nextOffset).toBe(2);
    const second = await list(`?limit=2&offset=${first.nextOffset}`);
    expect(second.files.map((f) => f.filename)).toEqual(['photo-2.png', 'photo-1.png']);
    // Load More until the end gives every file once, in the same order as one long page.
    const everything = (await list('?limit=100')).files.map((f) => f.id);
    const paged: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await list(`?limit=2&offset=${offset}`);
      paged.push(...page.files.map((f) => f.id));
      offset = page.nextOffset;
    }
    expect(paged).toEqual(everything);
    expect((await owner.call('GET', '/api/config/media?limit=0')).statusCode).toBe(400);
  });

  it('renames a file, and asks for a name when it is empty', async () => {
    const [file] = (await list('?limit=1')).files;
    const renamed = await owner.call('PATCH', `/api/config/media/${file?.id}`, {
      filename: '  Harbour at dusk.png ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ filename: 'Harbour at dusk.png', src: file?.src });
    expect((await list('?limit=1')).files[0]?.filename).toBe('Harbour at dusk.png');

    const empty = await owner.call('PATCH', `/api/config/media/${file?.id}`, { filename: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: 'Please enter a file name',
      errors: { filename: editorMessages.enterFileName },
    });
    const missing = await owner.call('PATCH', `/api/config/media/${randomUUID()}`, {
      filename: 'x.png',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a file with its renditions', async () => {
    const [file] = (await list('?limit=1')).files;
    const folder = join(t.dataDir, 'files', file?.src.split('/')[2] ?? '', file?.id ?? '');
    expect(existsSync(folder)).toBe(true);
    const deleted = await owner.call('DELETE', `/api/config/media/${file?.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(folder)).toBe(false);
    expect((await list()).files.some((f) => f.id === file?.id)).toBe(false);
    expect((await owner.call('DELETE', `/api/config/media/${file?.id}`)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image and one that is too large, with the spec messages', async () => {
    // Binary bytes that are no image, document or audio (text is a document since issue 7).
    const binary = await upload('notes.png', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]));
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error).toBe('The file notes.png does not appear to be a supported file');

    // A PNG signature: the image limit applies, not the larger audio one the stream allows.
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const huge = await upload(
      'huge.png',
      Buffer.concat([pngSignature, Buffer.alloc(20_000_001, 1)]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(
      'The file huge.png is too large. The maximum allowed file size is 20 MB',
    );
  });

  it('is for signed-in editors, and every write needs the crumb', async () => {
    const stranger = await editorClient(t);
    expect((await stranger.call('GET', '/api/config/media')).statusCode).toBe(401);
    expect((await upload('a.png', await png('#123456'), stranger)).statusCode).toBe(401);
    const [file] = (await list('?limit=1')).files;
    const forged = await owner.call('DELETE', `/api/config/media/${file?.id}`, undefined, {
      'x-csrf-token': 'forged',
    });
    expect(forged.statusCode).toBe(403);

    await owner.call('POST', '/api/config/members', {
      email: 'editor@example.com',
      password: 'editor password 1',
      role: Role.editor,
    });
    const editor = await editorClient(t);
    await editor.call('POST', '/api/config/session', {
      email: 'editor@example.com',
      password: 'editor password 1',
    });
    expect((await editor.call('GET', '/api/config/media')).statusCode).toBe(200);
    expect((await upload('by-editor.png', await png('#654321'), editor)).statusCode).toBe(201);
  });
});
