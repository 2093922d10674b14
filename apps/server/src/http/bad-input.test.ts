import { unsafeTextMessage } from '@atelier/contract';
import { ProductType } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type KeyFixture } from '../features/api-keys/api-key-fixtures.ts';
import { type EditorClient, ownerClient } from '../features/auth/editor-client.ts';
import { createShopper, injectSend } from '../features/checkout/commerce-test-kit.ts';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';

// One regression test per class of bad input the fuzz of issue 16 found answering 500.
// Each must be a clear 4xx (or, for a page, the site's 404 page) and leave the shop whole.

describe(`bad input gets a clear answer, never a 500 (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let key: KeyFixture;
  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    key = await createKey(t);
  });
  afterAll(() => t.close());

  it('refuses a NUL byte in any text with a field error, signed in or not', async () => {
    const collection = await t.app.inject('/api/catalog/collections/a%00b/products');
    expect(collection.statusCode).toBe(400);
    expect(collection.json().errors.collectionUrlId).toBe(unsafeTextMessage);

    const signIn = await owner.call('POST', '/api/config/session', {
      email: 'owner\u0000@example.com',
      password: 'whatever it is',
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().errors.email).toBe(unsafeTextMessage);

    const renamed = await owner.call('POST', '/api/config/pages', { title: 'About\u0000us' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.title).toBe(unsafeTextMessage);
  });

  it('answers pages with a NUL in the address or the query as pages, not errors', async () => {
    const search = await page('/search?q=%00linen');
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-type']).toContain('text/html');
    for (const url of ['/shop/p/%00', '/gift-card/%00', '/%00', '/shop?category=%00']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Page not found');
    }
  });

  it('refuses a lone UTF-16 surrogate in a checkout address', async () => {
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    const list = (await t.app.inject('/api/catalog/collections/shop/products')).json();
    const product = list.products.find(
      (p: { productType: number }) => p.productType === ProductType.physical,
    );
    expect((await shopper.add({ itemId: product.id, sku: product.variants[0].sku })).status).toBe(
      200,
    );
    const checkout = (await shopper.start()).body.checkout;
    const response = await shopper.put(checkout.id, '/shipping-address', {
      shippingAddress: {
        name: 'Ada \uD800Lovelace',
        line1: '1 Main St',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors['shippingAddress.name']).toBe(unsafeTextMessage);
  });

  it('refuses integers larger than their column', async () => {
    const created = (await owner.call('POST', '/api/config/pages', { title: 'Numbers' })).json();
    const tooBig = 2_147_483_648;
    const draft = await owner.call('PUT', `/api/config/pages/${created.id}/draft`, {
      blocks: [],
      baseRevision: tooBig,
    });
    expect(draft.statusCode).toBe(400);
    expect(Object.keys(draft.json().errors)).toContain('baseRevision');
    const publish = await owner.call('POST', `/api/config/pages/${created.id}/publish`, {
      baseRevision: tooBig,
    });
    expect(publish.statusCode).toBe(400);
    const frame = await owner.call('PUT', '/api/site-header-footer', {
      header: [],
      footer: [],
      baseRevision: tooBig,
    });
    expect(frame.statusCode).toBe(400);
  });

  it('answers malformed multipart on both upload routes with the upload messages', async () => {
    const boundary = 'b0undary';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(100)}`;
    // The API-key upload and the editor's upload, each with its own caller.
    const upload = (url: string, payload: string, contentType: string) =>
      url === '/api/media/images'
        ? t.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { ...key.headers, 'content-type': contentType },
          })
        : owner.call('POST', url, payload, { 'content-type': contentType });
    for (const url of ['/api/media/images', '/api/config/media']) {
      const noBoundary = await upload(
        url,
        `${part}
--${boundary}--
`,
        'multipart/form-data',
      );
      expect(noBoundary.statusCode, url).toBe(400);
      expect(noBoundary.json().error, url).toBe('There was a problem while uploading your file.');

      const cutOff = await upload(url, part, `multipart/form-data; boundary=${boundary}`);
      expect(cutOff.statusCode, url).toBe(400);
      expect(cutOff.json().error, url).toBe('File upload failed to complete');
    }
  });

  it('documents the multipart body of both upload routes', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    for (const path of ['/api/media/images', '/api/config/media']) {
      const body = document.paths[path].post.requestBody;
      expect(body.content['multipart/form-data'].schema.properties.file).toMatchObject({
        type: 'string',
        format: 'binary',
      });
    }
  });

  it('shows the 404 page for order pages without a token or with an id that is not one', async () => {
    for (const url of [
      '/order-confirmed/not-a-uuid?token=abc',
      '/order-confirmed/6f1c2a52-0000-4000-8000-000000000000',
      '/commerce/orders/%00?token=abc',
      '/commerce/orders/6f1c2a52-0000-4000-8000-000000000000?token=',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
  });

  it('searches with the first 200 characters of a longer query', async () => {
    const response = await page(`/search?q=${'linen '.repeat(100)}`);
    expect(response.statusCode).toBe(200);
  });

  it('answers an address it cannot decode with a 404 page or a 400 for the API', async () => {
    const undecodable = await page('/shop/p/%ED%A0%80');
    expect(undecodable.statusCode).toBe(404);
    expect(undecodable.body).toContain('Page not found');
    const api = await t.app.inject('/api/catalog/collections/%ED%A0%80/products');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({
      error: 'The address is not valid.',
      code: 'REQUEST_MALFORMED',
    });
  });

  it('lets owners and members use any real address, like ana@studio.photography', async () => {
    const member = await owner.call('POST', '/api/config/members', {
      email: 'ana@studio.photography',
      password: 'correct horse battery',
      role: 4,
    });
    expect(member.statusCode, member.body).toBe(201);
  });
});
