import { randomUUID } from 'node:crypto';
import { ProductType, Role } from '@atelier/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body, as a browser's file input would send it. */
function multipart(parts: Part[]) {
  const boundary = `----atelier${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'data' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A 1200×800 PNG: four coloured quarters, so the colour data has something to find. */
async function makePng(): Promise<Buffer> {
  const quarter = (background: string) =>
    sharp({ create: { width: 600, height: 400, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000000' } })
    .composite([
      { input: await quarter('#ff0000'), left: 0, top: 0 },
      { input: await quarter('#00ff00'), left: 600, top: 0 },
      { input: await quarter('#0000ff'), left: 0, top: 400 },
      { input: await quarter('#ffffff'), left: 600, top: 400 },
    ])
    .png()
    .toBuffer();
}

describe(`image upload (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let png: Buffer;

  const upload = (parts: Part[], headers: Record<string, string> = key.headers) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/media/images',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const file = (filename: string, data: Buffer, contentType = 'image/png'): Part => ({
    name: 'file',
    filename,
    contentType,
    data,
  });

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t, { role: Role.editor });
    png = await makePng();
  });
  afterAll(() => t.close());

  it('stores a PNG with renditions up to its width, served immutable under /files', async () => {
    const response = await upload([
      { name: 'altText', value: 'Four colours' },
      { name: 'focalX', value: '0.25' },
      file('quarters.png', png),
    ]);
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({
      filename: 'quarters.png',
      contentType: 'image/png',
      byteSize: png.length,
      width: 1200,
      height: 800,
      altText: 'Four colours',
      focalPoint: { x: 0.25, y: 0.5 },
      colorData: {
        topLeftAverage: '#ff0000',
        topRightAverage: '#00ff00',
        bottomLeftAverage: '#0000ff',
        bottomRightAverage: '#ffffff',
      },
    });
    const widths = [...image.srcset.matchAll(/ (\d+)w/g)].map((m) => Number(m[1]));
    expect(widths).toEqual([100, 300, 500, 750, 1000]);
    expect(image.src).toBe(`/files/${key.websiteId}/${image.id}/1000.webp`);

    for (const width of widths) {
      const rendition = await t.app.inject(`/files/${key.websiteId}/${image.id}/${width}.webp`);
      expect(rendition.statusCode).toBe(200);
      expect(rendition.headers['content-type']).toBe('image/webp');
      expect(rendition.headers['cache-control']).toContain('immutable');
      const meta = await sharp(rendition.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
  });

  it('attaches uploaded images to a product in the order given', async () => {
    const first = (await upload([file('first.png', png)])).json();
    const second = (await upload([file('second.png', png)])).json();
    // An editor uploads the images; a store manager puts them on the product.
    const manager = await createKey(t, { role: Role.storeManager });
    const shop = await t.app.services.catalog.getCollectionList(key.websiteId, 'shop');
    const base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/products`,
      headers: manager.headers,
      payload: {
        collectionId: shop.collection.id,
        productType: ProductType.digital,
        title: 'Illustrated Pattern',
        priceMoney: { value: '5' },
        mediaIds: [second.id, first.id],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().images.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);

    const reordered = await t.app.inject({
      method: 'PATCH',
      url: `${base}/products/${created.json().id}`,
      headers: manager.headers,
      payload: { mediaIds: [first.id] },
    });
    expect(reordered.json().images.map((i: { id: string }) => i.id)).toEqual([first.id]);

    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `${base}/products/${created.json().id}`,
      headers: manager.headers,
      payload: { mediaIds: [randomUUID()] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      mediaIds: 'Upload the image first: one of these is not an image of this website',
    });
  });

  it('refuses a text file renamed .png with the editor message, whatever type it claims', async () => {
    const response = await upload([
      file('notes.png', Buffer.from('Remember to order more linen.\n'), 'image/png'),
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'The file notes.png does not appear to be a supported file',
      code: 'FILE_UNSUPPORTED',
    });
  });

  it('refuses a file that starts like a PNG but does not decode', async () => {
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(2048, 7)]);
    const response = await upload([file('broken.png', broken)]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(
      'The file broken.png does not appear to be a supported file',
    );
  });

  it('refuses a file over 20 MB (20,000,000 bytes) with the editor message', async () => {
    const tooBig = Buffer.alloc(20_000_001, 0);
    png.copy(tooBig);
    const response = await upload([file('huge.png', tooBig)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'The file huge.png is too large. The maximum allowed file size is 20 MB',
      code: 'FILE_TOO_LARGE',
    });
  });

  it('answers a missing file or a bad focal point with field messages', async () => {
    const noFile = await upload([{ name: 'altText', value: 'Nothing here' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: 'Choose an image to upload' });

    const badFocus = await upload([{ name: 'focalY', value: '1.5' }, file('a.png', png)]);
    expect(badFocus.statusCode).toBe(400);
    expect(Object.keys(badFocus.json().errors)).toEqual(['focalY']);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/media/images',
      headers: key.headers,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('needs an API key', async () => {
    const response = await upload([file('quarters.png', png)], { host: 'localhost' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Sign in or send an API key to do that.',
      code: 'SIGN_IN_REQUIRED',
    });
  });
});
