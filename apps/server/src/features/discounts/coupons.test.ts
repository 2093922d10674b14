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
