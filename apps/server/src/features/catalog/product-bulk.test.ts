import { ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';

// The product list's bulk actions (issue 18): publish, hide or delete the selected
// products, only ever the website's own, with the public shop following at once.

describe(`bulk actions on products (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let base: string;
  const ids: string[] = [];

  const bulk = (payload: object, who = key) =>
    t.app.inject({ method: 'POST', url: `${base}/products/bulk`, headers: who.headers, payload });
  const shopTitles = async () =>
    (await t.app.inject({ url: '/api/catalog/collections/shop/products' }))
      .json()
      .products.map((p: { title: string }) => p.title) as string[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.websites.create({ title: 'Second Shop', hosts: ['second.example'] });
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    const shop = await t.app.services.catalog.getCollectionList(key.websiteId, 'shop');
    for (const title of ['Bulk One', 'Bulk Two', 'Bulk Three']) {
      const created = await t.app.inject({
        method: 'POST',
        url: `${base}/products`,
        headers: key.headers,
        payload: {
          collectionId: shop.collection.id,
          productType: ProductType.physical,
          title,
          variants: [
            {
              sku: title.toUpperCase(),
              priceMoney: { value: '9.00', currency: 'USD' },
              qtyInStock: 1,
            },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
  });
  afterAll(() => t.close());

  it('hides and publishes the selected products, and the shop follows at once', async () => {
    expect(await shopTitles()).toEqual(expect.arrayContaining(['Bulk One', 'Bulk Two']));
    const hidden = await bulk({ action: 'hide', productIds: [ids[0], ids[1]] });
    expect(hidden.json()).toEqual({ changed: 2 });
    expect(await shopTitles()).not.toContain('Bulk One');
    expect(await shopTitles()).not.toContain('Bulk Two');
    // Hiding what is hidden changes nothing.
    expect((await bulk({ action: 'hide', productIds: [ids[0]] })).json()).toEqual({ changed: 0 });
    const published = await bulk({ action: 'publish', productIds: [ids[0]] });
    expect(published.json()).toEqual({ changed: 1 });
    expect(await shopTitles()).toContain('Bulk One');
  });

  it('deletes the selected products, and never another website’s', async () => {
    const other = await createKey(t, { host: 'second.example' });
    expect(other.websiteId).not.toBe(key.websiteId);
    const otherBase = `/api/content-service/product/1.1/websites/${other.websiteId}`;
    // The other website's key, naming this website's products: nothing of it changes.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${otherBase}/products/bulk`,
      headers: { ...other.headers, host: 'second.example' },
      payload: { action: 'delete', productIds: [ids[2]] },
    });
    expect(foreign.json()).toEqual({ changed: 0 });
    const deleted = await bulk({ action: 'delete', productIds: [ids[2], ids[2]] });
    expect(deleted.json()).toEqual({ changed: 1 });
    const gone = await t.app.inject({ url: `${base}/products/${ids[2]}`, headers: key.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses an empty selection, a bad action and an editor', async () => {
    expect((await bulk({ action: 'hide', productIds: [] })).statusCode).toBe(400);
    expect((await bulk({ action: 'archive', productIds: [ids[0]] })).statusCode).toBe(400);
    const editor = await createKey(t, { role: Role.editor });
    expect((await bulk({ action: 'hide', productIds: [ids[0]] }, editor)).statusCode).toBe(403);
  });
});
