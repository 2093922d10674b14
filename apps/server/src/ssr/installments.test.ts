import { INSTALLMENT_RANGE_CENTS, ProductType } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, type KeyFixture } from '../features/api-keys/api-key-fixtures.ts';
import { createShopper, injectSend } from '../features/checkout/commerce-test-kit.ts';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';

// Installment messaging (issue 22): the pill under the price of physical products and the
// cart subtotal, only when the merchant turned it on and the store is in a served market.

/** The pill's own markup: the class name alone is also in the page's inlined CSS. */
const PILL = '<div class="installment-pill"';

describe(`installment messaging on the storefront (${testDialect})`, () => {
  let t: TestApp;
  let admin: KeyFixture;
  let base: string;
  let shopId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${admin.websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(admin.websiteId, 'shop')).collection
      .id;
  });
  afterAll(() => t.close());

  const page = async (url: string, cookie = '') =>
    (await t.app.inject({ url, headers: { accept: 'text/html', ...(cookie && { cookie }) } })).body;
  const setEnabled = async (isEnabled: boolean) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/installments',
      headers: admin.headers,
      payload: { isEnabled },
    });
    expect(response.statusCode).toBe(200);
  };
  const setCountry = async (country: string, language = 'en-US') => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${base}/store-settings`,
      headers: admin.headers,
      payload: {
        language,
        storeAddress: {
          name: 'Fern & Flax',
          line1: '1 Main St',
          line2: '',
          city: 'Town',
          region: '',
          postalCode: '00001',
          country,
        },
      },
    });
    expect(response.statusCode).toBe(200);
  };
  /** A physical product at this price; its page's address. */
  const productAt = async (title: string, value: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/products`,
      headers: admin.headers,
      payload: {
        collectionId: shopId,
        productType: ProductType.physical,
        title,
        variants: [{ sku: title, priceMoney: { value, currency: 'USD' }, unlimited: true }],
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().fullUrl as string;
  };

  it('is off by default and refuses anything but the switch', async () => {
    const read = await t.app.inject({
      url: '/api/v1/commerce-preferences/installments',
      headers: admin.headers,
    });
    expect(read.json()).toEqual({ namespace: 'installments', preferences: { isEnabled: false } });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/installments',
      headers: admin.headers,
      payload: { isEnabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await page('/shop/p/stoneware-mug')).not.toContain(PILL);
  });

  it('shows the pill under the sale price of a physical product once turned on', async () => {
    await page('/shop/p/stoneware-mug'); // a cached copy must not outlive the change
    await setEnabled(true);
    const body = await page('/shop/p/stoneware-mug');
    // The mug sells at $24.00: four payments of $6.00.
    expect(body).toContain('or 4 interest-free payments of $6.00 with');
    expect(body).toMatch(/<button[^>]*class="installment-pill__brand"[^>]*>Afterpay<\/button>/);
    expect(body).toContain('aria-label="About paying with Afterpay"');
    expect(body).toMatch(/<dialog[^>]*class="installment-dialog"[^>]*aria-modal="true"/);
  });

  it('never shows it for digital products, services or gift cards', async () => {
    const list = (await t.app.inject('/api/catalog/collections/shop/products')).json();
    const others = (list.products as { productType: number; fullUrl: string }[]).filter(
      (p) => p.productType !== ProductType.physical,
    );
    expect(others.length).toBeGreaterThan(2);
    for (const product of others) {
      expect(await page(product.fullUrl), product.fullUrl).not.toContain(PILL);
    }
  });

  it("says which side of the provider's range the price is on, at its edges", async () => {
    expect(INSTALLMENT_RANGE_CENTS).toEqual({ min: 100, max: 200_000 });
    const atMin = await page(await productAt('At Minimum', '1.00'));
    expect(atMin).toContain('available for orders over $1.00');
    expect(atMin).not.toContain('interest-free payments of');
    const overMin = await page(await productAt('Over Minimum', '1.01'));
    // $1.01 in four: the odd cent is paid first.
    expect(overMin).toContain('or 4 interest-free payments of $0.26 with');
    const atMax = await page(await productAt('At Maximum', '2000.00'));
    expect(atMax).toContain('or 4 interest-free payments of $500.00 with');
    const overMax = await page(await productAt('Over Maximum', '2000.01'));
    expect(overMax).toContain('available for orders up to $2,000.00');
    expect(overMax).not.toContain('interest-free payments of');
  });

  it('shows on the cart for the subtotal only while every item is physical', async () => {
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    const list = (await t.app.inject('/api/catalog/collections/shop/products')).json();
    type Listed = { id: string; title: string; productType: number; variants: { sku: string }[] };
    const products = list.products as Listed[];
    const mug = products.find((p) => p.title === 'Stoneware Mug');
    const pattern = products.find((p) => p.productType === ProductType.digital);
    if (!mug || !pattern) throw new Error('the demo store has a mug and a digital pattern');
    await shopper.add({ itemId: mug.id, sku: mug.variants[0]?.sku ?? '' }, 2);
    const cookie = () =>
      Object.entries(shopper.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');
    // Two mugs: $48.00, four payments of $12.00.
    expect(await page('/cart', cookie())).toContain('or 4 interest-free payments of $12.00 with');
    await shopper.add({ itemId: pattern.id, sku: pattern.variants[0]?.sku ?? '' });
    expect(await page('/cart', cookie())).not.toContain(PILL);
  });

  it("follows the store's market: Clearpay in the UK, nothing outside the markets", async () => {
    await setCountry('GB', 'en-GB');
    expect(await page('/shop/p/stoneware-mug')).toMatch(
      /class="installment-pill__brand"[^>]*>Clearpay</,
    );
    await setCountry('FR', 'fr-FR');
    expect(await page('/shop/p/stoneware-mug')).not.toContain(PILL);
    await setCountry('CA', 'fr-CA');
    expect(await page('/shop/p/stoneware-mug')).toContain(PILL);
    await setEnabled(false);
    expect(await page('/shop/p/stoneware-mug')).not.toContain(PILL);
  });
});
