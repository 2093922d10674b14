import { Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/test-app.ts';
import {
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
  type Shopper,
} from '../checkout/commerce-test-kit.ts';

// Issue 19: the merchant's coupons, from the Discounts screen's API to a shopper's total.

describe(`coupons admin (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let headers: Record<string, string>;
  const path = () => `/api/content-service/product/1.1/websites/${kit.websiteId}/coupons`;
  const call = async (method: string, url: string, payload?: object) => {
    const response = await kit.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload && { payload }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const newShopper = async () => {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    return shopper;
  };
  async function checkoutWith(shopper: Shopper, sku: string, quantity: number) {
    await shopper.add(kit.variant(sku), quantity);
    const id: string = (await shopper.start()).body.checkout.id;
    await shopper.put(id, '/email', { email: 'ada@example.com' });
    await shopper.put(id, '/shipping-address', { shippingAddress: caAddress });
    return id;
  }

  beforeAll(async () => {
    kit = await createCommerceTestApp();
    const { secret } = await kit.app.services.apiKeys.create({
      websiteId: kit.websiteId,
      name: 'discounts',
      role: Role.storeManager,
    });
    headers = { host: 'localhost', authorization: `Bearer ${secret}` };
  });
  afterAll(() => kit.close());

  it('lists the demo WELCOME10 as an ordinary coupon the merchant can delete', async () => {
    const list = await call('GET', path());
    expect(list.status).toBe(200);
    const welcome = list.body.coupons.find((c: { code: string }) => c.code === 'WELCOME10');
    expect(welcome).toMatchObject({ kind: 'percentage', percentOff: 10, timesUsed: 0 });
    expect((await call('DELETE', `${path()}/${welcome.id}`)).status).toBe(204);
    expect((await call('DELETE', `${path()}/${welcome.id}`)).status).toBe(404);
    const shopper = await newShopper();
    const id = await checkoutWith(shopper, 'MUG-OAT', 1);
    const refused = await shopper.put(id, '/coupon', { code: 'WELCOME10' });
    expect(refused.body.error).toBe('That coupon code is not valid.');
  });

  it('creates a 10% coupon that a shopper then buys with', async () => {
    const created = await call('POST', path(), {
      code: 'save10',
      kind: 'percentage',
      percentOff: 10,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'SAVE10', percentOff: 10, timesUsed: 0 });

    const shopper = await newShopper();
    const id = await checkoutWith(shopper, 'MUG-OAT', 2);
    const before = (await shopper.get(id)).body.checkout.totals.subtotalCents;
    const applied = await shopper.put(id, '/coupon', { code: 'save10' });
    expect(applied.status).toBe(200);
    expect(applied.body.checkout.totals.discountCents).toBe(Math.round(before / 10));
    const option = applied.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    expect((await shopper.place(id, 'coupon-order-1')).status).toBe(200);

    const listed = (await call('GET', path())).body.coupons.find(
      (c: { code: string }) => c.code === 'SAVE10',
    );
    expect(listed.timesUsed).toBe(1);
  });

  it('refuses bad coupons with the message of each field, saving nothing', async () => {
    const cases: [object, string, string][] = [
      [
        { code: 'P0', kind: 'percentage', percentOff: 0 },
        'percentOff',
        'Enter a percentage from 1 to 100',
      ],
      [
        { code: 'P101', kind: 'percentage', percentOff: 101 },
        'percentOff',
        'Enter a percentage from 1 to 100',
      ],
      [{ code: 'FIX', kind: 'fixed_amount' }, 'amountCents', 'Enter the amount to take off'],
      [
        {
          code: 'BACKWARDS',
          kind: 'free_shipping',
          startsAt: '2030-02-01T00:00:00Z',
          endsAt: '2030-01-01T00:00:00Z',
        },
        'endsAt',
        'The end date must be after the start date',
      ],
      [{ code: 'has space', kind: 'free_shipping' }, 'code', 'Use letters, digits, - and _ only'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', path(), payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(response.body), field).toContain(message);
    }
    const codes = (await call('GET', path())).body.coupons.map((c: { code: string }) => c.code);
    expect(codes).not.toContain('P0');
    expect(codes).not.toContain('BACKWARDS');

    const taken = await call('POST', path(), { code: 'Save10', kind: 'free_shipping' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('A coupon with this code already exists.');
  });

  it('edits a coupon, and checkout honours its minimum, window and usage limit', async () => {
    const created = await call('POST', path(), {
      code: 'FIVE',
      kind: 'fixed_amount',
      amountCents: 500,
    });
    const couponId = created.body.id;
    const put = (changes: object) =>
      call('PUT', `${path()}/${couponId}`, {
        code: 'FIVE',
        kind: 'fixed_amount',
        amountCents: 500,
        ...changes,
      });

    expect((await put({ minSubtotalCents: 100_000 })).body.minSubtotalCents).toBe(100_000);
    const shopper = await newShopper();
    const id = await checkoutWith(shopper, 'MUG-OAT', 1);
    const tooSmall = await shopper.put(id, '/coupon', { code: 'five' });
    expect(tooSmall.body.error).toBe(
      'To check out, your order subtotal must be $1,000.00 or more.',
    );

    await put({ startsAt: '2099-01-01T00:00:00Z' });
    expect((await shopper.put(id, '/coupon', { code: 'five' })).body.error).toBe(
      'That coupon code is not active yet.',
    );
    await put({ endsAt: '2001-01-01T00:00:00Z' });
    expect((await shopper.put(id, '/coupon', { code: 'five' })).body.error).toBe(
      'That coupon code has expired.',
    );
    await put({ usageLimit: 1 });
    const ok = await shopper.put(id, '/coupon', { code: 'five' });
    expect(ok.status).toBe(200);
    expect(ok.body.checkout.totals.discountCents).toBe(500);

    expect(
      (
        await call('PUT', `${path()}/00000000-0000-4000-8000-000000000000`, {
          code: 'X',
          kind: 'free_shipping',
        })
      ).status,
    ).toBe(404);
  });

  async function homeCategoryId(): Promise<string> {
    const base = `/api/content-service/product/1.1/websites/${kit.websiteId}`;
    const { collections } = (await call('GET', `${base}/collections`)).body;
    for (const collection of collections) {
      const { categories } = (await call('GET', `${base}/products/${collection.id}/categories`))
        .body;
      const home = categories.find((c: { displayName: string }) => c.displayName === 'Home');
      if (home) return home.id;
    }
    throw new Error('no Home category');
  }

  it('discounts only the products or categories a coupon names', async () => {
    const mug = kit.variant('MUG-OAT');
    const shirt = kit.variant('LWS-M-SAND');
    const byProduct = await call('POST', path(), {
      code: 'MUGHALF',
      kind: 'percentage',
      percentOff: 50,
      appliesTo: 'products',
      targetIds: [mug.itemId],
    });
    expect(byProduct.status).toBe(201);
    expect(byProduct.body).toMatchObject({ appliesTo: 'products', targetIds: [mug.itemId] });

    const shopper = await newShopper();
    const id = await checkoutWith(shopper, 'MUG-OAT', 1);
    await shopper.add(shirt, 1);
    const applied = await shopper.put(id, '/coupon', { code: 'mughalf' });
    expect(applied.status).toBe(200);
    const lines = applied.body.checkout.lines;
    const mugLine = lines.find((l: { sku: string }) => l.sku === 'MUG-OAT');
    const shirtLine = lines.find((l: { sku: string }) => l.sku === 'LWS-M-SAND');
    expect(mugLine.discountCents).toBe(mugLine.lineTotalCents / 2);
    expect(shirtLine.discountCents).toBe(0);
    expect(applied.body.checkout.totals.discountCents).toBe(mugLine.lineTotalCents / 2);

    const shirtOnly = await newShopper();
    const other = await checkoutWith(shirtOnly, 'LWS-M-SAND', 1);
    const refused = await shirtOnly.put(other, '/coupon', { code: 'MUGHALF' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('That coupon code does not apply to the items in your cart.');

    const byCategory = await call('POST', path(), {
      code: 'HOME20',
      kind: 'percentage',
      percentOff: 20,
      appliesTo: 'categories',
      targetIds: [await homeCategoryId()],
    });
    expect(byCategory.status).toBe(201);
    const both = await shopper.put(id, '/coupon', { code: 'HOME20' });
    expect(both.status).toBe(200);
    expect(both.body.checkout.totals.discountCents).toBe(Math.round(mugLine.lineTotalCents / 5));

    const empty = await call('POST', path(), {
      code: 'NOTHING',
      kind: 'free_shipping',
      appliesTo: 'categories',
      targetIds: [],
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Choose at least one category');
  });

  it('lets each customer use a once-per-customer coupon once, whatever the case of the email', async () => {
    await call('POST', path(), {
      code: 'FIRSTORDER',
      kind: 'fixed_amount',
      amountCents: 300,
      oncePerCustomer: true,
    });
    const first = await newShopper();
    const id = await checkoutWith(first, 'MUG-OAT', 1);
    const applied = await first.put(id, '/coupon', { code: 'FIRSTORDER' });
    expect(applied.status).toBe(200);
    const option = applied.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await first.put(id, '/shipping-option', { optionId: option.id });
    expect((await first.place(id, 'once-1')).status).toBe(200);

    const again = await newShopper();
    const secondId = await checkoutWith(again, 'MUG-OAT', 1);
    await again.put(secondId, '/email', { email: 'ADA@example.com' });
    const refused = await again.put(secondId, '/coupon', { code: 'FIRSTORDER' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('You have already used this coupon code.');

    await again.put(secondId, '/email', { email: 'grace@example.com' });
    expect((await again.put(secondId, '/coupon', { code: 'FIRSTORDER' })).status).toBe(200);
  });

  it('applies the best automatic discount with no code, unless a valid code is typed', async () => {
    const auto = await call('POST', path(), {
      code: 'SUMMER-SALE',
      kind: 'fixed_amount',
      amountCents: 200,
      isAutomatic: true,
    });
    expect(auto.status).toBe(201);
    expect(auto.body.isAutomatic).toBe(true);
    await call('POST', path(), {
      code: 'BIG-SPENDER',
      kind: 'fixed_amount',
      amountCents: 5000,
      minSubtotalCents: 100_000,
      isAutomatic: true,
    });

    const shopper = await newShopper();
    const id = await checkoutWith(shopper, 'MUG-OAT', 1);
    const priced = (await shopper.get(id)).body.checkout;
    expect(priced.automaticDiscount).toEqual({ name: 'SUMMER-SALE', kind: 'fixed_amount' });
    expect(priced.totals.discountCents).toBe(200);
    expect(priced.coupon).toBeNull();

    const typed = await shopper.put(id, '/coupon', { code: 'MUGHALF' });
    expect(typed.body.checkout.automaticDiscount).toBeNull();
    expect(typed.body.checkout.totals.discountCents).toBeGreaterThan(200);
    await shopper.call('DELETE', `/api/commerce/checkout/${id}/coupon`);

    const option = priced.shippingOptions.find((o: { isAvailable: boolean }) => o.isAvailable);
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    const placed = await shopper.place(id, 'auto-1');
    expect(placed.status).toBe(200);
    const listed = (await call('GET', path())).body.coupons.find(
      (c: { code: string }) => c.code === 'SUMMER-SALE',
    );
    expect(listed.timesUsed).toBe(1);
    expect((await call('DELETE', `${path()}/${listed.id}`)).status).toBe(204);
  });

  it('gives a once-per-customer automatic discount to one of two checkouts placed at once', async () => {
    const auto = await call('POST', path(), {
      code: 'WELCOME-BACK',
      kind: 'fixed_amount',
      amountCents: 150,
      isAutomatic: true,
      oncePerCustomer: true,
    });
    expect(auto.status).toBe(201);
    // Different goods, so no stock lock lines the two up before the discount does.
    const ready = async (sku: string) => {
      const shopper = await newShopper();
      const id = await checkoutWith(shopper, sku, 1);
      await shopper.put(id, '/email', { email: 'twin@example.com' });
      const priced = (await shopper.get(id)).body.checkout;
      expect(priced.automaticDiscount).toEqual({ name: 'WELCOME-BACK', kind: 'fixed_amount' });
      const option = priced.shippingOptions.find((o: { isAvailable: boolean }) => o.isAvailable);
      await shopper.put(id, '/shipping-option', { optionId: option.id });
      return { shopper, id };
    };
    const twins = [await ready('MUG-OAT'), await ready('LWS-M-SAND')];
    // Both were priced with the discount; on PostgreSQL they race for it, on the embedded
    // database the second runs after the first and is simply priced without it.
    const placed = await Promise.all(twins.map((t, i) => t.shopper.place(t.id, `twin-${i}`)));
    for (const [i, result] of placed.entries()) {
      if (result.status === 200) continue;
      expect(result.status).toBe(400);
      expect(result.body.error).toBe('You have already used this coupon code.');
      const twin = twins[i];
      if (!twin) throw new Error('no twin');
      const retried = await twin.shopper.place(twin.id, `twin-${i}-again`);
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      placed[i] = retried;
    }
    const discounts = placed.map((p) => p.body.order.discountCents);
    expect(discounts.sort((a, b) => a - b)).toEqual([0, 150]);
    const listed = (await call('GET', path())).body.coupons.find(
      (c: { code: string }) => c.code === 'WELCOME-BACK',
    );
    expect(listed.timesUsed).toBe(1);
  });

  it('refuses editors', async () => {
    const { secret } = await kit.app.services.apiKeys.create({
      websiteId: kit.websiteId,
      name: 'editor',
      role: Role.editor,
    });
    const response = await kit.app.inject({
      url: path(),
      headers: { host: 'localhost', authorization: `Bearer ${secret}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
