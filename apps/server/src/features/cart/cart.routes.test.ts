import type { Product, ShoppingCart } from '@atelier/contract';
import { ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';

// Each visitor comes from its own address, as real shoppers do, so the per-address rate
// limit counts each one separately.
type Visitor = { cookies: Record<string, string>; ip: string };
let visitorCount = 0;

describe(`the shopping cart API (${testDialect})`, () => {
  let t: TestApp;
  let products: Record<string, Product>;

  beforeAll(async () => {
    t = await createTestApp();
    const list = await t.app.inject('/api/catalog/collections/shop/products');
    products = Object.fromEntries(list.json().products.map((p: Product) => [p.urlId, p]));
  });
  afterAll(() => t.close());

  const cookieHeader = (v: Visitor) =>
    Object.entries(v.cookies)
      .map(([k, value]) => `${k}=${value}`)
      .join('; ');

  const remember = (v: Visitor, setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && value !== undefined) v.cookies[name] = value;
    }
  };

  /** A new visitor who has loaded the cart once, as a page's script does, to get a crumb. */
  async function newVisitor(): Promise<Visitor> {
    visitorCount += 1;
    const v: Visitor = {
      cookies: {},
      ip: `127.0.${Math.floor(visitorCount / 250)}.${(visitorCount % 250) + 1}`,
    };
    const response = await t.app.inject('/api/commerce/shopping-cart');
    remember(v, response.headers['set-cookie']);
    return v;
  }

  async function add(v: Visitor, body: object, options: { crumb?: string } = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      remoteAddress: v.ip,
      headers: { cookie: cookieHeader(v), 'x-csrf-token': options.crumb ?? v.cookies.crumb ?? '' },
      payload: body,
    });
    remember(v, response.headers['set-cookie']);
    return response;
  }

  const sku = (urlId: string, wanted: string) => {
    const variant = products[urlId]?.variants.find((x) => x.sku === wanted);
    if (!variant) throw new Error(`no ${wanted}`);
    return { itemId: products[urlId]?.id, sku: variant.sku };
  };

  it('gives a new visitor an empty cart and a CSRF crumb', async () => {
    const response = await t.app.inject('/api/commerce/shopping-cart');
    expect(response.statusCode).toBe(200);
    const cart: ShoppingCart = response.json().shoppingCart;
    expect(cart).toMatchObject({
      id: null,
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
      isPurchased: false,
    });
    expect(cart.subtotalAmount).toEqual({ value: '0.00', currency: 'USD' });
    expect(String(response.headers['set-cookie'])).toMatch(/crumb=[\w-]{16,}/);
  });

  /** The visitor's cart as a later page load reads it. */
  async function readCart(v: Visitor): Promise<ShoppingCart> {
    const read = await t.app.inject({
      url: '/api/commerce/shopping-cart',
      headers: { cookie: cookieHeader(v) },
    });
    return read.json().shoppingCart;
  }

  /** A first add that must answer exactly what a later read of its new cart shows. */
  async function expectFirstAddAnswersItsCart(body: object) {
    const v = await newVisitor();
    const added = await add(v, body);
    expect(added.statusCode, added.body).toBe(200);
    const cart = await readCart(v);
    expect(cart.entries).toHaveLength(1);
    // The add answers the goods; a read adds what checkout would charge (cart-figures.test.ts).
    expect(added.json().shoppingCart).toEqual({ ...cart, ...goodsOnlyFigures(cart) });
    expect(added.json().newlyAdded).toEqual(cart.entries[0]);
    return cart;
  }

  it('answers a first add with the same cart a later read of it shows', async () => {
    // A first add answers from the variant it chose instead of reading the new cart back:
    // the answer must be exactly what the cart holds (price, sale, image, link, totals),
    // whether the one-statement add took it or the reading path did (form answers).
    await expectFirstAddAnswersItsCart({
      ...sku('linen-work-shirt', products['linen-work-shirt']?.variants[0]?.sku ?? ''),
      quantity: 2,
    });
    await expectFirstAddAnswersItsCart({ ...sku('stoneware-mug', 'MUG-OAT'), quantity: 2 });
    await expectFirstAddAnswersItsCart({ itemId: products['stoneware-mug']?.id, quantity: 1 });
    await expectFirstAddAnswersItsCart({
      ...sku('gift-card', 'GIFT-25'),
      quantity: 1,
      additionalFields: JSON.stringify({ recipientName: 'Ada', recipientEmail: 'a@example.com' }),
    });
  });

  it('refuses a first add beyond the stock with the stock message, and makes no cart', async () => {
    // L / Sand has 3 in stock; S / Indigo none. Carts hold no stock, so earlier tests'
    // carts do not count.
    for (const [wanted, quantity] of [
      ['LWS-L-SAND', 4],
      ['LWS-S-INDIGO', 1],
    ] as const) {
      const v = await newVisitor();
      const over = await add(v, { ...sku('linen-work-shirt', wanted), quantity });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        error: 'Sorry, we do not have enough of that item available.',
        code: 'OUT_OF_STOCK',
      });
      expect(over.headers['set-cookie']).toBeUndefined();
      expect(v.cookies.atelier_cart).toBeUndefined();
    }
    await expectFirstAddAnswersItsCart({ ...sku('linen-work-shirt', 'LWS-L-SAND'), quantity: 3 });
  });

  it('refuses a write without the crumb, with the session-expired message', async () => {
    const v = await newVisitor();
    const response = await add(
      v,
      { ...sku('stoneware-mug', 'MUG-OAT'), quantity: 1 },
      { crumb: 'forged-value-000000000000' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Your session has expired. Please reload the page and try again.',
      code: 'CSRF_FAILED',
    });
  });

  it('adds an item, remembers the cart in a cookie and prices it at the sale price', async () => {
    const v = await newVisitor();
    const response = await add(v, {
      ...sku('linen-work-shirt', 'LWS-M-INDIGO'),
      quantity: 2,
      additionalFields: null,
    });
    expect(response.statusCode).toBe(200);
    const { shoppingCart, newlyAdded } = response.json();
    expect(newlyAdded).toMatchObject({
      title: 'Linen Work Shirt',
      quantity: 2,
      chosenVariant: { sku: 'LWS-M-INDIGO', attributes: { Size: 'M', Colour: 'Indigo' } },
      purchasePriceCents: 5400,
      subTotalCents: 10800,
      subTotal: { value: '108.00', currency: 'USD' },
      productUrl: '/shop/p/linen-work-shirt',
    });
    expect(shoppingCart).toMatchObject({
      totalQuantity: 2,
      subtotalCents: 10800,
      requiresShipping: true,
      hasDigital: false,
    });
    expect(v.cookies.atelier_cart).toBe(shoppingCart.id);
    expect(v.cookies.hasCart).toBe('true');

    // The same variant again merges into one line.
    const again = await add(v, { ...sku('linen-work-shirt', 'LWS-M-INDIGO'), quantity: 1 });
    expect(again.json().shoppingCart.entries).toHaveLength(1);
    expect(again.json().shoppingCart.totalQuantity).toBe(3);

    const read = await t.app.inject({
      url: '/api/commerce/shopping-cart',
      headers: { cookie: cookieHeader(v) },
    });
    expect(read.json().shoppingCart.totalQuantity).toBe(3);
  });

  it('never lets a cart hold more than the stock', async () => {
    const v = await newVisitor();
    // L / Sand has 3 in stock.
    expect(
      (await add(v, { ...sku('linen-work-shirt', 'LWS-L-SAND'), quantity: 2 })).statusCode,
    ).toBe(200);
    const over = await add(v, { ...sku('linen-work-shirt', 'LWS-L-SAND'), quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('Sorry, we do not have enough of that item available.');
    expect(
      (await add(v, { ...sku('linen-work-shirt', 'LWS-L-SAND'), quantity: 1 })).statusCode,
    ).toBe(200);

    const soldOut = await add(v, { ...sku('linen-work-shirt', 'LWS-S-INDIGO'), quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error).toBe('Sorry, we do not have enough of that item available.');
  });

  it('serialises concurrent adds to one cart so the stock check holds', async () => {
    const v = await newVisitor();
    await add(v, { ...sku('stoneware-mug', 'MUG-OAT'), quantity: 15 });
    // 20 mugs in stock, 15 already held: of ten parallel single adds, exactly 5 fit.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => add(v, { ...sku('stoneware-mug', 'MUG-OAT'), quantity: 1 })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const read = await t.app.inject({
      url: '/api/commerce/shopping-cart',
      headers: { cookie: cookieHeader(v) },
    });
    expect(read.json().shoppingCart.totalQuantity).toBe(20);
  });

  it('takes a product with an additional-fields form only with valid answers', async () => {
    const v = await newVisitor();
    const lesson = sku('private-sewing-lesson', 'LESSON-1H');
    const missing = await add(v, {
      ...lesson,
      quantity: 1,
      additionalFields: JSON.stringify({ notes: 'hi' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'One or more fields is invalid, please check your entries.',
      code: 'FORM_INVALID',
      errors: { name: 'Required', topic: 'Required' },
    });
    const forged = await add(v, {
      ...lesson,
      quantity: 1,
      additionalFields: JSON.stringify({ name: ['Ada', 'L'], topic: 'Free fabric' }),
    });
    expect(forged.json().errors).toEqual({
      topic: 'Free fabric is not one of the expected options',
    });
    const broken = await add(v, { ...lesson, quantity: 1, additionalFields: '{not json' });
    expect(broken.json().error).toBe('Could not parse the form fields, please check your entries.');

    const answers = {
      name: ['Ada', 'Lovelace'],
      topic: 'Fitting a pattern',
      level: 'Some',
      stray: 'dropped',
    };
    const ok = await add(v, { ...lesson, quantity: 1, additionalFields: JSON.stringify(answers) });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.json().newlyAdded.additionalFields)).toEqual({
      name: ['Ada', 'Lovelace'],
      topic: 'Fitting a pattern',
      level: 'Some',
    });
  });

  it('explains what is wrong with a request in the spec’s words', async () => {
    const v = await newVisitor();
    const shirt = products['linen-work-shirt']?.id;
    const cases: [object, string][] = [
      [
        { itemId: shirt, quantity: 1 },
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [
        { itemId: shirt, sku: 'NOPE', quantity: 1 },
        'Sorry, that item variant is unavailable. Please select another variant.',
      ],
      [{ ...sku('linen-work-shirt', 'LWS-M-SAND'), quantity: 'two' }, 'Quantity must be a number.'],
      [
        { ...sku('linen-work-shirt', 'LWS-M-SAND'), quantity: 1.5 },
        'Quantity must be a whole number',
      ],
      [
        { itemId: products['gift-card']?.id, quantity: 1 },
        'Select a denomination for the Gift Card',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await add(v, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('sells digital goods and gift cards without a stock limit', async () => {
    const v = await newVisitor();
    const pattern = await add(v, {
      ...sku('everyday-tote-sewing-pattern', 'PAT-TOTE'),
      quantity: 500,
    });
    expect(pattern.statusCode).toBe(200);
    const gift = await add(v, { ...sku('gift-card', 'GIFT-50'), quantity: 1 });
    expect(gift.json().shoppingCart).toMatchObject({
      hasDigital: true,
      purelyDigital: true,
      requiresShipping: false,
      subtotalCents: 500 * 1200 + 5000,
    });
  });

  it('keeps a gift card’s recipient, and refuses a bad one with field messages', async () => {
    const v = await newVisitor();
    const recipient = {
      recipientName: 'Grace',
      recipientEmail: 'grace@example.com',
      message: 'Happy birthday!',
      sendDate: '2026-12-24',
    };
    const ok = await add(v, {
      ...sku('gift-card', 'GIFT-25'),
      quantity: 1,
      additionalFields: JSON.stringify(recipient),
    });
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.json().newlyAdded.additionalFields)).toEqual(recipient);
    const bad = await add(v, {
      ...sku('gift-card', 'GIFT-25'),
      quantity: 1,
      additionalFields: JSON.stringify({ recipientEmail: 'not-an-email', admin: true }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('One or more fields is invalid, please check your entries.');
    expect(bad.json().errors.recipientEmail).toBe('Email is invalid');
    // Fields sent for a product that asks for none are not stored.
    const mug = await add(v, {
      ...sku('stoneware-mug', 'MUG-OAT'),
      quantity: 1,
      additionalFields: '{"x":1}',
    });
    expect(mug.json().newlyAdded.additionalFields).toBeNull();
  });

  describe('after a catalog change', () => {
    let admin: (
      method: 'POST' | 'PATCH' | 'PUT',
      path: string,
      payload: object,
    ) => Promise<Awaited<ReturnType<typeof t.app.inject>>>;
    let candle: { itemId: string; variantId: string };

    beforeAll(async () => {
      const website = await t.app.services.websites.resolveByHost('localhost');
      if (!website) throw new Error('no demo website');
      const { secret } = await t.app.services.apiKeys.create({
        websiteId: website.id,
        name: 'cart test',
        role: Role.admin,
      });
      admin = (method, path, payload) =>
        t.app.inject({
          method,
          url: `/api/content-service/product/1.1/websites/${website.id}${path}`,
          headers: { host: 'localhost', authorization: `Bearer ${secret}` },
          payload,
        });
      const mug = products['stoneware-mug'];
      const shop = await t.app.services.catalogAdmin.getProduct(website.id, mug?.id ?? '');
      const created = await admin('POST', '/products', {
        collectionId: shop.collectionId,
        productType: ProductType.physical,
        title: 'Cart Test Candle',
        variants: [{ priceMoney: { value: '12.00', currency: 'USD' }, qtyInStock: 2 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      candle = { itemId: created.json().id, variantId: created.json().variants[0].id };
    });

    it('prices the very next first add at a new price', async () => {
      const before = await expectFirstAddAnswersItsCart({ itemId: candle.itemId, quantity: 1 });
      expect(before.entries[0]?.purchasePriceCents).toBe(1200);
      const changed = await admin('PATCH', `/products/${candle.itemId}`, {
        variants: [
          {
            id: candle.variantId,
            priceMoney: { value: '31.00', currency: 'USD' },
            salePriceMoney: { value: '27.50', currency: 'USD' },
            onSale: true,
          },
        ],
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const after = await expectFirstAddAnswersItsCart({ itemId: candle.itemId, quantity: 1 });
      expect(after.entries[0]?.purchasePriceCents).toBe(2750);
      expect(after.subtotalAmount).toEqual({ value: '27.50', currency: 'USD' });
    });

    it('refuses a first add of a hidden product and takes it once shown again', async () => {
      const hidden = await admin('PATCH', `/products/${candle.itemId}`, { isVisible: false });
      expect(hidden.statusCode, hidden.body).toBe(200);
      const refused = await add(await newVisitor(), { itemId: candle.itemId, quantity: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(
        'Sorry, that item variant is unavailable. Please select another variant.',
      );
      const shown = await admin('PATCH', `/products/${candle.itemId}`, { isVisible: true });
      expect(shown.statusCode, shown.body).toBe(200);
      await expectFirstAddAnswersItsCart({ itemId: candle.itemId, quantity: 1 });
    });

    it('judges a first add by the stock as it is now, both ways', async () => {
      const stock = (qtyInStock: number) =>
        admin('PUT', `/products/${candle.itemId}/variants/${candle.variantId}/stock`, {
          qtyInStock,
        });
      expect((await stock(0)).statusCode).toBe(200);
      const soldOut = await add(await newVisitor(), { itemId: candle.itemId, quantity: 1 });
      expect(soldOut.statusCode).toBe(409);
      expect(soldOut.json().error).toBe('Sorry, we do not have enough of that item available.');
      expect((await stock(5)).statusCode).toBe(200);
      await expectFirstAddAnswersItsCart({ itemId: candle.itemId, quantity: 5 });
    });
  });

  it('slows down a visitor who adds too fast', async () => {
    const v = await newVisitor();
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      last = (await add(v, { ...sku('everyday-tote-sewing-pattern', 'PAT-TOTE'), quantity: 1 }))
        .statusCode;
    }
    expect(last).toBe(429);
    const response = await add(v, {
      ...sku('everyday-tote-sewing-pattern', 'PAT-TOTE'),
      quantity: 1,
    });
    expect(response.json().error).toBe('Please try again in a few seconds.');
  });
});

/** The shipping, tax and discount fields as the answer to an add carries them. */
function goodsOnlyFigures(cart: { subtotalCents: number }) {
  return {
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: cart.subtotalCents,
  };
}
