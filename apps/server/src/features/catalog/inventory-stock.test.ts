import { ProductType, productMessages } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';

// The inventory panel's stock edits (SPEC §2, issue 18): set with the stock the person saw
// (refused when it changed meanwhile), or add a received quantity to whatever it is now.

describe(`inventory stock edits (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let path: string;
  let productPath: string;

  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: path, headers: key.headers, payload });
  const stock = async () =>
    (await t.app.inject({ url: productPath, headers: key.headers })).json().variants[0]
      .qtyInStock as number;

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    const base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    const shop = await t.app.services.catalog.getCollectionList(key.websiteId, 'shop');
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/products`,
      headers: key.headers,
      payload: {
        collectionId: shop.collection.id,
        productType: ProductType.physical,
        title: 'Beeswax Wraps',
        variants: [
          { sku: 'WRAP-3', priceMoney: { value: '12.00', currency: 'USD' }, qtyInStock: 10 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    productPath = `${base}/products/${product.id}`;
    path = `${productPath}/variants/${product.variants[0].id}/stock`;
  });
  afterAll(() => t.close());

  it('sets the stock when it is still what the person saw', async () => {
    const set = await put({ qtyInStock: 7, expectedQtyInStock: 10 });
    expect(set.statusCode, set.body).toBe(200);
    expect(await stock()).toBe(7);
  });

  it('refuses a set based on a stock that changed meanwhile, saying what it is now', async () => {
    const stale = await put({ qtyInStock: 20, expectedQtyInStock: 10 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STOCK_CHANGED',
      error: productMessages.stockChanged(7),
    });
    expect(productMessages.stockChanged(7)).toBe(
      'The stock changed to 7 meanwhile: check it and try again.',
    );
    expect(await stock()).toBe(7);
  });

  it('adds received quantities to the stock as it is, each counted', async () => {
    const [first, second] = await Promise.all([put({ adjustBy: 5 }), put({ adjustBy: 3 })]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    expect(await stock()).toBe(15);
    expect((await put({ adjustBy: -4 })).statusCode).toBe(200);
    expect(await stock()).toBe(11);
  });

  it('never lets the stock go below zero, and refuses setting and adding at once', async () => {
    const below = await put({ adjustBy: -12 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toBe(productMessages.stockBelowZero);
    expect(await stock()).toBe(11);
    const both = await put({ qtyInStock: 3, adjustBy: 1 });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain('Set the stock or add to it, not both');
  });
});
