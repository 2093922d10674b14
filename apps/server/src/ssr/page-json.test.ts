import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';

describe(`public pages as template data, ?format=json (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const json = async (url: string) => {
    const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json();
  };

  it('gives a product page its website, collection and item with variants in money form', async () => {
    const context = await json('/shop/p/linen-work-shirt?format=json');
    expect(context.website).toMatchObject({
      siteTitle: 'Fern & Flax',
      timeZone: 'America/New_York',
    });
    expect(context.website.storeSettings.currency).toBe('USD');
    expect(context.collection).toMatchObject({ urlId: 'shop', fullUrl: '/shop', type: 'products' });
    expect(context.item).toMatchObject({
      recordType: 'store-item',
      fullUrl: '/shop/p/linen-work-shirt',
      title: 'Linen Work Shirt',
      excerpt: '<p>A boxy, breathable shirt in washed European linen.</p>',
    });
    expect(context.item.mainImage.assetUrl).toMatch(/^\/files\/.+\.webp$/);
    const sale = context.item.structuredContent.variants.find(
      (v: { sku: string }) => v.sku === 'LWS-M-INDIGO',
    );
    expect(sale).toMatchObject({
      attributes: { Size: 'M', Colour: 'Indigo' },
      priceMoney: { value: '68.00', currency: 'USD' },
      salePriceMoney: { value: '54.00', currency: 'USD' },
      onSale: true,
      qtyInStock: 5,
      unlimited: false,
    });
  });

  it('gives a list page its items and a content page its blocks', async () => {
    const list = await json('/shop?format=json');
    expect(list.items).toHaveLength(7);
    expect(list.collection.categories.map((c: { slug: string }) => c.slug)).toContain('workwear');
    const home = await json('/?format=json');
    expect(home.page.blocks.map((b: { type: string }) => b.type)).toEqual([
      'image',
      'heading',
      'text',
      'button',
      'products',
    ]);
  });

  it('never carries private fields', async () => {
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key.toLowerCase());
          walk(inner);
        }
      }
    };
    walk(await json('/shop?format=json'));
    walk(await json('/shop/p/private-sewing-lesson?format=json'));
    for (const key of keys)
      expect(key).not.toMatch(/secret|token|email|password|apikey|cost|cartid|orderid/);
  });
});
