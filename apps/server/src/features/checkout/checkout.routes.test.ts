import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/test-app.ts';
import {
  approvedCard,
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
  type Shopper,
} from './commerce-test-kit.ts';

describe(`checkout and orders (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  const newShopper = async () => {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    return shopper;
  };
  const flatOption = (checkout: { shippingOptions: { id: string; kind: string }[] }) =>
    checkout.shippingOptions.find((o) => o.kind === 'flat')?.id;

  /** A started checkout with email, a California address and flat shipping chosen. */
  async function readyCheckout(shopper: Shopper) {
    const started = await shopper.start();
    expect(started.status).toBe(200);
    const id: string = started.body.checkout.id;
    expect((await shopper.put(id, '/email', { email: 'ada@example.com' })).status).toBe(200);
    const addressed = await shopper.put(id, '/shipping-address', { shippingAddress: caAddress });
    const optionId = flatOption(addressed.body.checkout);
    if (optionId) await shopper.put(id, '/shipping-option', { optionId });
    return id;
  }

  beforeAll(async () => {
    kit = await createCommerceTestApp();
  });
  afterAll(() => kit.close());

  it('lists every checkout call in the OpenAPI document', async () => {
    const paths = Object.keys((await kit.app.inject('/api/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/commerce/checkout',
        '/api/commerce/checkout/{checkoutId}',
        '/api/commerce/checkout/{checkoutId}/coupon',
        '/api/commerce/checkout/{checkoutId}/orders',
        '/api/commerce/orders/{orderId}',
        '/api/commerce/shopping-cart/entries/{entryId}',
        '/api/commerce/shopping-cart/entries/{entryId}/additionalFields',
      ]),
    );
  });

  it('lists a free-over rate below its threshold as unavailable, saying what is missing', async () => {
    const shopper = await newShopper();
    await shopper.add(kit.variant('MUG-OAT'), 1);
    const started = await shopper.start();
    expect(started.body.checkout.shippingOptions).toEqual([
      expect.objectContaining({ kind: 'flat', isAvailable: true, unavailableReason: null }),
      expect.objectContaining({
        kind: 'free_over',
        isAvailable: false,
        unavailableReason: 'Only for orders of $100.00 or more (add $76.00).',
      }),
    ]);
    const refused = await shopper.put(started.body.checkout.id, '/shipping-option', {
      optionId: started.body.checkout.shippingOptions[1].id,
    });
    expect(refused.body.code).toBe('SHIPPING_OPTION_UNAVAILABLE');
  });

  it('says how to write an email the contact step refuses', async () => {
    const shopper = await newShopper();
    await shopper.add(kit.variant('MUG-OAT'), 1);
    const started = await shopper.start();
    const refused = await shopper.put(started.body.checkout.id, '/email', { email: 'ada@' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ email: 'Enter an email address like ada@example.com.' });
  });

  it('prices coupon, shipping and tax on the server and places the order once per key', async () => {
    const shirt = kit.variant('LWS-M-SAND');
    const mug = kit.variant('MUG-OAT');
    const shopper = await newShopper();
    await shopper.add(shirt, 1);
    await shopper.add(mug, 2);
    const started = await shopper.start();
    expect(started.body.checkout.shippingOptions).toEqual([
      expect.objectContaining({ kind: 'flat', priceCents: 695, isAvailable: true }),
      expect.objectContaining({ kind: 'free_over', priceCents: 0, isAvailable: true }),
    ]);
    expect(started.body.checkout.reservationExpiresAt).toBeGreaterThan(Date.now());
    const id = await readyCheckout(shopper);
    const withCoupon = await shopper.put(id, '/coupon', { code: 'welcome10' });
    expect(withCoupon.status).toBe(200);
    // 68.00 + 2×24.00 = 116.00; −11.60; +6.95; CA 7.25% per line: 4.44 + 3.13
    expect(withCoupon.body.checkout.totals).toEqual({
      subtotalCents: 11600,
      discountCents: 1160,
      shippingCents: 695,
      taxCents: 757,
      isTaxIncluded: false,
      totalCents: 11892,
      giftCardCents: 0,
      grandTotalCents: 11892,
    });
    expect(
      withCoupon.body.checkout.lines.map((l: { discountCents: number }) => l.discountCents),
    ).toEqual([680, 480]);

    const placed = await shopper.place(id, 'order-key-1');
    expect(placed.status).toBe(200);
    const { order, token } = placed.body;
    expect(order).toMatchObject({
      orderNumber: 1,
      testMode: true,
      status: 'paid',
      grandTotalCents: 11892,
      shippingTotalCents: 695,
      taxTotalCents: 757,
      payment: { brand: 'Visa', last4: '4242' },
      items: [
        { sku: 'LWS-M-SAND', productName: 'Linen Work Shirt', quantity: 1, unitPriceCents: 6800 },
        { sku: 'MUG-OAT', productName: 'Stoneware Mug', quantity: 2, unitPriceCents: 2400 },
      ],
    });
    expect(await kit.stockOf(shirt.variantId)).toBe(11);
    expect(await kit.stockOf(mug.variantId)).toBe(18);

    const retry = await shopper.place(id, 'order-key-1');
    expect(retry.status).toBe(200);
    expect(retry.body.order.id).toBe(order.id);
    expect(await kit.stockOf(mug.variantId)).toBe(18);
    const otherBody = await shopper.place(id, 'order-key-1', {
      ...approvedCard,
      nameOnCard: 'Someone Else',
    });
    expect(otherBody.status).toBe(409);
    const otherKey = await shopper.place(id, 'order-key-2');
    expect(otherKey.body.error).toBe('This checkout has already been completed.');

    const read = await kit.app.inject(`/api/commerce/orders/${order.id}?token=${token}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().order.id).toBe(order.id);
    const wrong = await kit.app.inject(`/api/commerce/orders/${order.id}?token=not-the-token`);
    expect(wrong.statusCode).toBe(404);

    const cart = await shopper.visit();
    expect(cart.body.shoppingCart.entries).toEqual([]);
    const mails = await kit.app.services.commerce.outbox.listOutbox(kit.websiteId);
    expect(mails.find((m) => m.kind === 'order-confirmation')?.body_text).toContain('$118.92');
    const events = await kit.app.services.commerce.store.orders.listAnalyticsEvents(
      kit.websiteId,
      'purchase',
    );
    expect(events[0]?.payload).toMatchObject({
      transaction_id: order.id,
      value: 11892,
      shipping: 695,
      tax: 757,
      items: [
        { id: 'LWS-M-SAND', name: 'Linen Work Shirt', quantity: 1, price: 6800 },
        { id: 'MUG-OAT', name: 'Stoneware Mug', quantity: 2, price: 2400 },
      ],
    });
  });

  let giftCardCode = '';

  it('issues a bought gift card to its recipient and redeems it partially on a later order', async () => {
    const buyer = await newShopper();
    const fields = JSON.stringify({
      recipientName: 'Grace',
      recipientEmail: 'grace@example.com',
      message: 'Happy birthday',
      sendDate: '2030-01-01T09:00:00Z',
    });
    // The recipient travels as the entry's additional-fields answers (the gift card form).
    const gift = kit.variant('GIFT-50');
    const added = await buyer.add(gift, 1);
    expect(added.status).toBe(200);
    const withFields = await buyer.call(
      'PUT',
      `/api/commerce/shopping-cart/entries/${added.body.newlyAdded.id}/additionalFields`,
      { itemId: gift.itemId, sku: gift.sku, additionalFields: fields },
    );
    expect(withFields.status).toBe(200);
    const started = await buyer.start();
    const id = started.body.checkout.id;
    expect(started.body.checkout.requiresShipping).toBe(false);
    await buyer.put(id, '/email', { email: 'buyer@example.com' });
    const placed = await buyer.place(id, 'gift-1');
    expect(placed.status).toBe(200);
    expect(placed.body.order.grandTotalCents).toBe(5000);
    const mail = (await kit.app.services.commerce.outbox.listOutbox(kit.websiteId)).find(
      (m) => m.kind === 'gift-card',
    );
    expect(mail).toMatchObject({ to_email: 'grace@example.com' });
    expect(new Date(mail?.send_after ?? 0).toISOString()).toBe('2030-01-01T09:00:00.000Z');
    giftCardCode = /Your code: (\S+)/.exec(mail?.body_text ?? '')?.[1] ?? '';
    expect(giftCardCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

    const spender = await newShopper();
    await spender.add(kit.variant('MUG-OAT'), 1);
    const spendId = await readyCheckout(spender);
    const applied = await spender.put(spendId, '/gift-card', { code: giftCardCode.toLowerCase() });
    // 24.00 + 6.95 + CA tax 1.74 = 32.69, all from the card's 50.00
    expect(applied.body.checkout.totals).toMatchObject({
      totalCents: 3269,
      giftCardCents: 3269,
      grandTotalCents: 0,
    });
    const paid = await spender.call(
      'POST',
      `/api/commerce/checkout/${spendId}/orders`,
      {},
      { 'idempotency-key': 'gift-2' },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.order).toMatchObject({
      giftCardTotalCents: 3269,
      grandTotalCents: 0,
      payment: null,
    });
    const left = await kit.app.services.commerce.store.giftCards.findByCode(
      kit.websiteId,
      giftCardCode,
    );
    expect(left?.balance_cents).toBe(1731);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 1234', 'Your card number is invalid.'],
  ])('a card ending %s is refused with "%s" and nothing is taken', async (number, message) => {
    const shirt = kit.variant('LWS-L-INDIGO');
    const shopper = await newShopper();
    await shopper.add(shirt, 1);
    const id = await readyCheckout(shopper);
    await kit.app.services.commerce.settings.insertCoupon({
      website_id: kit.websiteId,
      code: `ONCE-${number.slice(-4)}`,
      kind: 'fixed_amount',
      amount_cents: 500,
      usage_limit: 1,
    });
    expect((await shopper.put(id, '/coupon', { code: `once-${number.slice(-4)}` })).status).toBe(
      200,
    );
    expect((await shopper.put(id, '/gift-card', { code: giftCardCode })).status).toBe(200);
    const before = await kit.stockOf(shirt.variantId);

    const declined = await shopper.place(id, `decline-${number}`, { ...approvedCard, number });
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({ error: message, code: 'CARD_DECLINED' });
    expect(await kit.stockOf(shirt.variantId)).toBe(before);
    const card = await kit.app.services.commerce.store.giftCards.findByCode(
      kit.websiteId,
      giftCardCode,
    );
    expect(card?.balance_cents).toBe(1731);
    const coupon = await kit.app.services.commerce.settings.findCoupon(
      kit.websiteId,
      `ONCE-${number.slice(-4)}`,
    );
    expect(coupon?.times_used).toBe(0);
    const still = await shopper.get(id);
    expect(still.body.checkout.status).toBe('open');
  });

  it('explains why a coupon cannot be used', async () => {
    const { settings } = kit.app.services.commerce;
    const base = { website_id: kit.websiteId, kind: 'percentage' as const, percent_bp: 500 };
    await settings.insertCoupon({ ...base, code: 'OLD', expires_at: new Date('2020-01-01') });
    await settings.insertCoupon({ ...base, code: 'SOON', starts_at: new Date('2099-01-01') });
    await settings.insertCoupon({ ...base, code: 'GONE', usage_limit: 0 });
    await settings.insertCoupon({ ...base, code: 'BIG', min_subtotal_cents: 50_000 });
    const shopper = await newShopper();
    await shopper.add(kit.variant('MUG-OAT'), 1);
    const id = (await shopper.start()).body.checkout.id;
    const messages: Record<string, string> = {};
    for (const code of ['NOPE', 'OLD', 'SOON', 'GONE', 'BIG']) {
      const response = await shopper.put(id, '/coupon', { code });
      expect(response.status).toBe(400);
      messages[code] = response.body.error;
    }
    expect(messages).toEqual({
      NOPE: 'That coupon code is not valid.',
      OLD: 'That coupon code has expired.',
      SOON: 'That coupon code is not active yet.',
      GONE: 'That coupon code has reached its usage limit.',
      BIG: 'To check out, your order subtotal must be $500.00 or more.',
    });
    const unknownCard = await shopper.put(id, '/gift-card', { code: 'AAAA-BBBB' });
    expect(unknownCard.body.error).toBe('That gift card code is not valid.');
  });

  it('counts a limited coupon once: the second shopper is told it is used up', async () => {
    await kit.app.services.commerce.settings.insertCoupon({
      website_id: kit.websiteId,
      code: 'SINGLE',
      kind: 'free_shipping',
      usage_limit: 1,
    });
    const [first, second] = [await newShopper(), await newShopper()];
    const ids: string[] = [];
    for (const shopper of [first, second]) {
      await shopper.add(kit.variant('MUG-OAT'), 1);
      const id = await readyCheckout(shopper);
      const applied = await shopper.put(id, '/coupon', { code: 'single' });
      expect(applied.body.checkout.totals.shippingCents).toBe(0);
      ids.push(id);
    }
    expect((await first.place(ids[0] ?? '', 'single-1')).status).toBe(200);
    const refused = await second.place(ids[1] ?? '', 'single-2');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('That coupon code has reached its usage limit.');
  });

  it('asks for what is missing before taking payment', async () => {
    const shopper = await newShopper();
    await shopper.add(kit.variant('MUG-OAT'), 1);
    const id = (await shopper.start()).body.checkout.id;
    expect((await shopper.place(id, 'missing-1')).body.error).toBe('Enter your email address.');
    await shopper.put(id, '/email', { email: 'a@example.com' });
    expect((await shopper.place(id, 'missing-2')).body.error).toBe('Enter a shipping address.');
    await shopper.put(id, '/shipping-address', { shippingAddress: caAddress });
    expect((await shopper.place(id, 'missing-3')).body.error).toBe('Choose a shipping option.');
    const noKey = await shopper.call('POST', `/api/commerce/checkout/${id}/orders`, {
      card: approvedCard,
    });
    expect(noKey.status).toBe(400);
    const stranger = await newShopper();
    expect((await stranger.get(id)).status).toBe(404);
    const forged = await shopper.call('POST', '/api/commerce/checkout', undefined, {
      'x-csrf-token': 'x'.repeat(32),
    });
    expect(forged.status).toBe(403);
  });

  it('changes, re-forms and removes cart entries of the visitor only', async () => {
    const shopper = await newShopper();
    const added = await shopper.add(kit.variant('MUG-OAT'), 1);
    const entryId = added.body.newlyAdded.id;
    const url = `/api/commerce/shopping-cart/entries/${entryId}`;

    const three = await shopper.call('PUT', url, { quantity: 3 });
    expect(three.status).toBe(200);
    expect(three.body.shoppingCart.totalQuantity).toBe(3);
    const tooMany = await shopper.call('PUT', url, { quantity: 500 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toBe('Sorry, we do not have enough of that item available.');
    const notANumber = await shopper.call('PUT', url, { quantity: 'lots' });
    expect(notANumber.body.error).toBe('Quantity must be a number.');

    const fields = await shopper.call('PUT', `${url}/additionalFields`, {
      itemId: kit.variant('MUG-OAT').itemId,
      sku: 'MUG-OAT',
      additionalFields: '{"note":"gift wrap"}',
    });
    expect(fields.status).toBe(200);
    expect(fields.body.updatedEntry).toMatchObject({
      id: entryId,
      additionalFields: '{"note":"gift wrap"}',
    });

    const stranger = await newShopper();
    expect((await stranger.call('DELETE', url)).status).toBe(404);
    expect((await shopper.call('DELETE', url, undefined, { 'x-csrf-token': '' })).status).toBe(403);
    const removed = await shopper.call('DELETE', url);
    expect(removed.status).toBe(200);
    expect(removed.body.shoppingCart.entries).toEqual([]);

    const again = await shopper.add(kit.variant('MUG-OAT'), 2);
    const zero = await shopper.call(
      'PUT',
      `/api/commerce/shopping-cart/entries/${again.body.newlyAdded.id}`,
      { quantity: 0 },
    );
    expect(zero.body.shoppingCart.entries).toEqual([]);
  });
});
