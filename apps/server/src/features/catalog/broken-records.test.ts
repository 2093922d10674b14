import { ProductType } from '@atelier/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import { createFormsRepo } from '../forms/forms.repo.ts';

// References are checked on write, and reading is defensive: a product that points at
// nothing is refused, and a row broken anyway (an old version, a manual edit) takes only
// itself off the shop, never the list or the other pages (issue 16).

describe(`broken and dangling product records (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let base: string;
  let shopId: string;
  const page = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const api = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url: `${base}${url}`, headers: key.headers, payload });
  const physical = (title: string, sku: string, extra: object = {}) => ({
    collectionId: shopId,
    productType: ProductType.physical,
    title,
    variants: [{ sku, priceMoney: { value: '10.00', currency: 'USD' }, qtyInStock: 4 }],
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(key.websiteId, 'shop')).collection.id;
  });
  afterAll(() => t.close());

  it('refuses a product whose additional-fields form does not exist, and the shop stays up', async () => {
    const missing = '6f1c2a52-1111-4000-8000-000000000000';
    const created = await api(
      'POST',
      '/products',
      physical('Ghost Form', 'GHOST-1', { additionalFieldsFormId: missing }),
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({
      additionalFieldsFormId: 'Choose a form of this website: no form has this id',
    });

    const plain = await api('POST', '/products', physical('Plain Apron', 'PLAIN-1'));
    expect(plain.statusCode).toBe(201);
    const patched = await api('PATCH', `/products/${plain.json().id}`, {
      additionalFieldsFormId: missing,
    });
    expect(patched.statusCode).toBe(400);
    expect((await page('/shop')).statusCode).toBe(200);
    expect((await page('/shop/p/plain-apron')).statusCode).toBe(200);
  });

  it('accepts a form of the website, and deleting the form leaves the product without one', async () => {
    const form = await createFormsRepo(t.database.db).insertForm({
      website_id: key.websiteId,
      name: 'Monogram',
      fields: [],
    });
    const created = await api(
      'POST',
      '/products',
      physical('Monogram Towel', 'TOWEL-1', { additionalFieldsFormId: form.form_id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    await sql`delete from forms where form_id = ${form.form_id}`.execute(t.database.db);
    const product = await t.app.inject(`/api/catalog/collections/shop/products/monogram-towel`);
    expect(product.json().additionalFieldsFormId).toBeNull();
  });

  it('leaves a product broken in the database off the shop, listing all the others', async () => {
    const broken = await api('POST', '/products', physical('Broken Basket', 'BASKET-1'));
    expect(broken.statusCode).toBe(201);
    const before = (await t.app.inject('/api/catalog/collections/shop/products')).json().products;

    // As a manual edit or an old version might have left it: options that are not a list.
    await sql`update product_variants set option_values = '"not a list"'::jsonb
      where product_id = ${broken.json().id}`.execute(t.database.db);
    t.app.services.pageCache.invalidateAll();

    const shop = await page('/shop');
    expect(shop.statusCode).toBe(200);
    expect(shop.body).not.toContain('Broken Basket');
    expect(shop.body).toContain('Plain Apron');
    const list = await t.app.inject('/api/catalog/collections/shop/products');
    expect(list.statusCode).toBe(200);
    expect(list.json().products).toHaveLength(before.length - 1);
    expect((await page('/shop/p/linen-work-shirt')).statusCode).toBe(200);
    expect((await page('/search?q=basket')).statusCode).toBe(200);
  });
});
