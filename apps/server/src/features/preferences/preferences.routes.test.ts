import { ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import { createShopper, injectSend } from '../checkout/commerce-test-kit.ts';

describe(`commerce preferences (${testDialect})`, () => {
  let t: TestApp;
  let admin: KeyFixture;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createKey(t);
  });
  afterAll(() => t.close());

  const put = (body: unknown, headers: Record<string, string> = admin.headers) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/checkout',
      headers,
      payload: body as object,
    });

  it('starts from the defaults, without the website id', async () => {
    const response = await t.app.inject({
      url: '/api/v1/commerce-preferences/checkout',
      headers: admin.headers,
    });
    expect(response.json()).toEqual({
      namespace: 'checkout',
      preferences: {
        isExpressCheckout: false,
        stockHoldMinutes: 10,
        minimumSubtotalCents: 0,
        isPhoneRequired: false,
        hasOrderNotes: false,
      },
    });
  });

  it('is for the owner and store manager only, with a key of this website', async () => {
    expect((await t.app.inject({ url: '/api/v1/commerce-preferences/checkout' })).statusCode).toBe(
      401,
    );
    const editor = await createKey(t, { role: Role.editor });
    expect((await put({ isExpressCheckout: true }, editor.headers)).statusCode).toBe(403);
    const manager = await createKey(t, { role: Role.storeManager });
    expect((await put({ isExpressCheckout: false }, manager.headers)).statusCode).toBe(200);
  });

  it('refuses unknown namespaces and values with a 400, keeping what was saved', async () => {
    const unknown = await t.app.inject({
      url: '/api/v1/commerce-preferences/nope',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(400);
    const bad = await put({ isExpressCheckout: 'yes', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('These preferences are not valid.');
    const read = await t.app.inject({
      url: '/api/v1/commerce-preferences/checkout',
      headers: admin.headers,
    });
    expect(read.json().preferences).toEqual({
      isExpressCheckout: false,
      stockHoldMinutes: 10,
      minimumSubtotalCents: 0,
      isPhoneRequired: false,
      hasOrderNotes: false,
    });
  });

  it('turns on express checkout: products go straight to checkout and the pill is gone', async () => {
    // A cached copy of the page from before the change must not survive it.
    await t.app.inject({ url: '/shop/p/stoneware-mug', headers: { accept: 'text/html' } });
    const saved = await put({ isExpressCheckout: true });
    expect(saved.json()).toEqual({
      namespace: 'checkout',
      preferences: {
        isExpressCheckout: true,
        stockHoldMinutes: 10,
        minimumSubtotalCents: 0,
        isPhoneRequired: false,
        hasOrderNotes: false,
      },
    });
    const page = await t.app.inject({
      url: '/shop/p/stoneware-mug',
      headers: { accept: 'text/html' },
    });
    const props = page.body.match(/data-island="ProductForm" data-props="([^"]+)"/)?.[1] ?? '';
    expect(props.replaceAll('&quot;', '"')).toContain('"isExpressCheckout":true');
    const header = page.body.match(/data-island="CartStatus" data-props="([^"]+)"/)?.[1] ?? '';
    expect(header.replaceAll('&quot;', '"')).toContain('"isExpressCheckout":true');
  });
});

describe(`the stock hold at checkout is the website's setting (${testDialect})`, () => {
  let t: TestApp;
  let admin: KeyFixture;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createKey(t);
  });
  afterAll(() => t.close());

  async function startCheckoutWithHold(stockHoldMinutes: number) {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/checkout',
      headers: admin.headers,
      payload: { isExpressCheckout: false, stockHoldMinutes },
    });
    expect(saved.statusCode).toBe(200);
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    const list = (await t.app.inject('/api/catalog/collections/shop/products')).json();
    const product = list.products.find(
      (p: { productType: number; variants: { isUnlimited: boolean }[] }) =>
        p.productType === ProductType.physical && !p.variants[0]?.isUnlimited,
    );
    await shopper.add({ itemId: product.id, sku: product.variants[0].sku });
    return (await shopper.start()).body.checkout;
  }

  it('holds the stock for as many minutes as the setting says, or not at all with 0', async () => {
    const held = await startCheckoutWithHold(30);
    const minutesHeld = (held.reservationExpiresAt - Date.now()) / 60_000;
    expect(minutesHeld).toBeGreaterThan(29);
    expect(minutesHeld).toBeLessThanOrEqual(30);
    expect((await startCheckoutWithHold(0)).reservationExpiresAt).toBeNull();
  });

  it('refuses a hold longer than a day', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/checkout',
      headers: admin.headers,
      payload: { isExpressCheckout: false, stockHoldMinutes: 1441 },
    });
    expect(response.statusCode).toBe(400);
  });
});
