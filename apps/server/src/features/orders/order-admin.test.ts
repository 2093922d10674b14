import { Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-app.ts';
import { createKey } from '../api-keys/api-key-fixtures.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import {
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
} from '../checkout/commerce-test-kit.ts';

// Issue 19: the merchant's orders. A shopper buys through the real checkout; the owner,
// signed in at /config, lists, fulfils, refunds and cancels through the staff API.

describe(`order administration (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let owner: EditorClient;
  let base = '';
  let orderCount = 0;

  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: 0 });
    owner = await ownerClient({ app: kit.app } as TestApp);
    base = `/api/content-service/commerce/1.1/websites/${kit.websiteId}`;
  });
  afterAll(() => kit.close());

  /** A paid order of `quantity` mugs (24.00 each) shipped to California. */
  async function buy(quantity: number, email = 'ada@example.com') {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    expect((await shopper.add(kit.variant('MUG-OAT'), quantity)).status).toBe(200);
    const id: string = (await shopper.start()).body.checkout.id;
    await shopper.put(id, '/email', { email });
    const addressed = await shopper.put(id, '/shipping-address', {
      shippingAddress: { ...caAddress, name: 'Grace Hopper' },
    });
    const option = addressed.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    orderCount += 1;
    const placed = await shopper.place(id, `order-${orderCount}`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { id: placed.body.order.id as string, token: placed.body.token as string, placed };
  }

  const act = (orderId: string, path: string, body: object, key: string) =>
    owner.call('POST', `${base}/orders/${orderId}/${path}`, body, { 'idempotency-key': key });
  const stock = () => kit.stockOf(kit.variant('MUG-OAT').variantId);
  const outbox = () => kit.app.services.commerce.outbox.listOutbox(kit.websiteId);

  it('emails the merchant about a new order and lists it, searchable and filterable', async () => {
    const { id, placed } = await buy(1, 'searchme@example.com');
    const newOrder = (await outbox()).find((m) => m.kind === 'new-order');
    expect(newOrder).toMatchObject({ to_email: 'owner@example.com' });
    // Absolute, from the stored host (never the request's Host header): an email has no base.
    expect(newOrder?.body_text).toContain(`Open it: http://localhost:3000/config/orders/${id}`);

    const list = await owner.call('GET', `${base}/orders`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders[0]).toMatchObject({
      id,
      email: 'searchme@example.com',
      customerName: 'Grace Hopper',
      status: 'paid',
      paymentStatus: 'paid',
      fulfillmentStatus: 'unfulfilled',
      testMode: true,
    });
    const number = placed.body.order.orderNumber;
    for (const q of [`%23${number}`, 'searchme', 'grace hop']) {
      const found = await owner.call('GET', `${base}/orders?q=${q}`);
      expect(
        found.json().orders.map((o: { id: string }) => o.id),
        q,
      ).toContain(id);
    }
    const none = await owner.call('GET', `${base}/orders?q=nobody-like-this`);
    expect(none.json()).toMatchObject({ orders: [], total: 0 });
    const refunded = await owner.call('GET', `${base}/orders?status=refunded`);
    expect(refunded.json().total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await owner.call('GET', `${base}/orders?from=${today}&to=${today}`);
    expect(inRange.json().total).toBeGreaterThan(0);
    const past = await owner.call('GET', `${base}/orders?to=2000-01-01`);
    expect(past.json().total).toBe(0);
    const bad = await owner.call('GET', `${base}/orders?from=yesterday`);
    expect(bad.statusCode).toBe(400);
  });

  it('fulfils with tracking once per key, and the status page shows it shipped', async () => {
    const { id, token } = await buy(2);
    const body = {
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://ups.example/1Z999',
      items: [{ lineNumber: 1, quantity: 2 }],
    };
    const first = await act(id, 'fulfillments', body, 'ship-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await act(id, 'fulfillments', body, 'ship-1');
    expect(again.statusCode).toBe(200);
    const order = again.json().order;
    expect(order).toMatchObject({ status: 'fulfilled', fulfillmentStatus: 'fulfilled' });
    expect(order.shipments).toHaveLength(1);
    expect(order.events.filter((e: { kind: string }) => e.kind === 'fulfilled')).toEqual([
      expect.objectContaining({ actor: 'owner@example.com' }),
    ]);
    const shipped = (await outbox()).filter((m) => m.kind === 'order-shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.body_text).toContain('1Z999');
    expect(shipped[0]?.body_text).toContain(
      `Order status: http://localhost:3000/commerce/orders/${id}?token=`,
    );

    const page = await kit.app.inject(`/api/commerce/orders/${id}?token=${token}`);
    expect(page.json().order).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      shipments: [{ carrier: 'UPS', trackingNumber: '1Z999' }],
    });
    const more = await act(id, 'fulfillments', {}, 'ship-2');
    expect(more.statusCode).toBe(409);
  });

  it('refunds one unit with restock, refuses an over-refund, and replays a retried key', async () => {
    const { id, placed } = await buy(2);
    const before = await stock();
    const paid = placed.body.order.grandTotalCents;
    const refund = { items: [{ lineNumber: 1, quantity: 1 }], restock: true };
    const first = await act(id, 'refunds', refund, 'refund-1');
    expect(first.statusCode, first.body).toBe(200);
    const retried = await act(id, 'refunds', refund, 'refund-1');
    expect(retried.statusCode).toBe(200);
    expect(await stock()).toBe((before ?? 0) + 1);
    const order = retried.json().order;
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'partially_refunded' });
    expect(order.items[0]).toMatchObject({ refundedQuantity: 1, restockedQuantity: 1 });
    // One mug of two: half the lines' price with its tax; shipping stays paid.
    expect(order.refundedCardCents).toBeGreaterThan(2400);
    expect(order.refundedCardCents).toBeLessThan(paid / 2 + 1000);
    expect(order.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'refunded']);
    expect((await outbox()).filter((m) => m.kind === 'order-refunded')).toHaveLength(1);

    const tooMuch = await act(id, 'refunds', { amountCents: paid }, 'refund-2');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('ORDER_ACTION_INVALID');
    const rest = await act(id, 'refunds', { amountCents: order.refundableCents }, 'refund-3');
    expect(rest.json().order).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      refundableCents: 0,
      refundedCardCents: paid,
    });
    const noKey = await owner.call('POST', `${base}/orders/${id}/refunds`, { amountCents: 1 });
    expect(noKey.statusCode).toBe(400);
  });

  it('never over-refunds when two refunds race', async () => {
    const { id, placed } = await buy(1);
    const paid = placed.body.order.grandTotalCents;
    const results = await Promise.all([
      act(id, 'refunds', { amountCents: paid - 100 }, 'race-a'),
      act(id, 'refunds', { amountCents: paid - 100 }, 'race-b'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const detail = await owner.call('GET', `${base}/orders/${id}`);
    expect(detail.json().order.refundedCardCents).toBe(paid - 100);
  });

  it('cancels with restock, refunding in full, and refuses a second cancel', async () => {
    const { id, token } = await buy(3);
    const before = await stock();
    const cancelled = await act(id, 'cancel', { restock: true, reason: 'Out of glaze' }, 'c-1');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stock()).toBe((before ?? 0) + 3);
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', refundableCents: 0 });
    expect((await outbox()).some((m) => m.kind === 'order-cancelled')).toBe(true);
    const page = await kit.app.inject(`/api/commerce/orders/${id}?token=${token}`);
    expect(page.json().order.status).toBe('cancelled');
    const twice = await act(id, 'cancel', {}, 'c-2');
    expect(twice.statusCode).toBe(409);
    const ship = await act(id, 'fulfillments', {}, 'c-3');
    expect(ship.statusCode).toBe(409);
  });

  it('returns a gift card tender to the card it came from', async () => {
    const buyer = createShopper(injectSend(kit.app));
    await buyer.visit();
    await buyer.add(kit.variant('GIFT-50'), 1);
    const giftCheckout: string = (await buyer.start()).body.checkout.id;
    await buyer.put(giftCheckout, '/email', { email: 'buyer@example.com' });
    orderCount += 1;
    expect((await buyer.place(giftCheckout, `order-${orderCount}`)).status).toBe(200);
    const mail = (await outbox()).find((m) => m.kind === 'gift-card');
    const code = /Your code: (\S+)/.exec(mail?.body_text ?? '')?.[1] ?? '';
    const balance = async () =>
      (await kit.app.services.commerce.store.giftCards.findByCode(kit.websiteId, code))
        ?.balance_cents;
    expect(await balance()).toBe(5000);

    const spender = createShopper(injectSend(kit.app));
    await spender.visit();
    await spender.add(kit.variant('MUG-OAT'), 1);
    const id: string = (await spender.start()).body.checkout.id;
    await spender.put(id, '/email', { email: 'spender@example.com' });
    const addressed = await spender.put(id, '/shipping-address', { shippingAddress: caAddress });
    const option = addressed.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await spender.put(id, '/shipping-option', { optionId: option.id });
    await spender.put(id, '/gift-card', { code });
    orderCount += 1;
    const paid = await spender.call(
      'POST',
      `/api/commerce/checkout/${id}/orders`,
      {},
      { 'idempotency-key': `order-${orderCount}` },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const spent: number = paid.body.order.giftCardTotalCents;
    expect(await balance()).toBe(5000 - spent);

    const refunded = await act(paid.body.order.id, 'refunds', { amountCents: spent }, 'gc-1');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().order).toMatchObject({
      refundedCardCents: 0,
      refundedGiftCardCents: spent,
      status: 'refunded',
    });
    expect(await balance()).toBe(5000);
    const more = await act(paid.body.order.id, 'refunds', { amountCents: 1 }, 'gc-2');
    expect(more.statusCode).toBe(400);
  });

  it('lets a store manager key act and names it in the timeline; an editor key is refused', async () => {
    const { id } = await buy(1);
    const manager = await createKey({ app: kit.app } as TestApp, {
      role: Role.storeManager,
      name: 'Warehouse',
    });
    const shipped = await kit.app.inject({
      method: 'POST',
      url: `${base}/orders/${id}/fulfillments`,
      headers: { ...manager.headers, 'idempotency-key': 'key-ship-1' },
      payload: { trackingNumber: 'KEY-1' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order.events.at(-1)).toMatchObject({
      kind: 'fulfilled',
      actor: 'API key Warehouse',
    });
    const editor = await createKey({ app: kit.app } as TestApp, { role: Role.editor });
    for (const [method, url] of [
      ['GET', `${base}/orders`],
      ['POST', `${base}/orders/${id}/refunds`],
    ] as const) {
      const refused = await kit.app.inject({
        method,
        url,
        headers: { ...editor.headers, 'idempotency-key': 'editor-1' },
        ...(method === 'POST' && { payload: { amountCents: 1 } }),
      });
      expect(refused.statusCode, url).toBe(403);
    }
  });

  it('shows the mail log with each message status', async () => {
    const log = await owner.call('GET', `${base}/mail`);
    expect(log.statusCode).toBe(200);
    const kinds = log.json().messages.map((m: { kind: string }) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['new-order', 'order-shipped', 'order-refunded']));
    expect(log.json().messages[0]).toMatchObject({ status: 'waiting', sentAt: null });
  });
});
