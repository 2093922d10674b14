import { ProductType, productMessages, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';

describe(`the tag manager (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let base: string;
  let shopId: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, who = key) =>
    t.app.inject({
      method,
      url: `${base}${path}`,
      headers: who.headers,
      ...(payload && { payload }),
    });
  const tagsOf = async (productId: string) =>
    (await call('GET', `/products/${productId}`)).json().tags as string[];
  const listed = async () =>
    (await call('GET', '/tags')).json().tags as { name: string; productCount: number }[];

  async function product(title: string, tags: string[]) {
    const created = await call('POST', '/products', {
      collectionId: shopId,
      productType: ProductType.physical,
      title,
      tags,
      variants: [{ sku: `SKU-${title}`, priceMoney: { value: '10.00', currency: 'USD' } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }

  let scarf: string;
  let towel: string;
  let apron: string;

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(key.websiteId, 'shop')).collection.id;
    scarf = await product('Scarf', ['flax', 'present', 'sunny']);
    towel = await product('Towel', ['Flax cloth', 'galley']);
    apron = await product('Apron', ['galley', 'flax']);
  });
  afterAll(() => t.close());

  it('lists every tag with how many products have it', async () => {
    const tags = await listed();
    expect(tags).toContainEqual({ name: 'flax', productCount: 2 });
    expect(tags).toContainEqual({ name: 'galley', productCount: 2 });
    expect(tags).toContainEqual({ name: 'Flax cloth', productCount: 1 });
  });

  it('renames a tag on every product, keeping its place; a name in use is refused', async () => {
    const renamed = await call('PATCH', '/tags', { from: 'sunny', to: 'warm days' });
    expect(renamed.json()).toEqual({ productsChanged: 1 });
    expect(await tagsOf(scarf)).toEqual(['flax', 'present', 'warm days']);

    const clash = await call('PATCH', '/tags', { from: 'present', to: 'Galley' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'TAG_EXISTS',
      error: productMessages.tagTypeExists('tag'),
    });
    expect(productMessages.tagTypeExists('tag')).toBe('This tag already exists');
    expect(await tagsOf(scarf)).toEqual(['flax', 'present', 'warm days']);

    const missing = await call('PATCH', '/tags', { from: 'winter', to: 'cold' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TAG_NOT_FOUND');
  });

  it('merges tags: each product has the one tag once, where the first stood', async () => {
    const merged = await call('POST', '/tags/merge', {
      tags: ['flax', 'Flax cloth'],
      into: 'Flax',
    });
    expect(merged.json()).toEqual({ productsChanged: 3 });
    expect(await tagsOf(scarf)).toEqual(['present', 'warm days', 'Flax']);
    expect(await tagsOf(towel)).toEqual(['galley', 'Flax']);
    expect(await tagsOf(apron)).toEqual(['galley', 'Flax']);
    expect((await listed()).find((tag) => tag.name === 'Flax')?.productCount).toBe(3);

    // Into a tag a product already has: kept where it was, never twice.
    await call('POST', '/tags/merge', { tags: ['galley'], into: 'Flax' });
    expect(await tagsOf(apron)).toEqual(['Flax']);
  });

  it('takes tags off every product', async () => {
    const removed = await call('POST', '/tags/delete', { tags: ['present', 'warm days'] });
    expect(removed.json()).toEqual({ productsChanged: 1 });
    expect(await tagsOf(scarf)).toEqual(['Flax']);
    expect((await listed()).map((tag) => tag.name)).not.toContain('present');
  });

  it('refuses a tag over 50 characters with the spec limit, and editors altogether', async () => {
    const long = await call('POST', '/tags/merge', { tags: ['Flax'], into: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(productMessages.tagTooLong);
    expect(await tagsOf(scarf)).toEqual(['Flax']);

    const editor = await createKey(t, { role: Role.editor });
    expect((await call('GET', '/tags', undefined, editor)).statusCode).toBe(403);
    const manager = await createKey(t, { role: Role.storeManager });
    expect((await call('GET', '/tags', undefined, manager)).statusCode).toBe(200);
  });
});
