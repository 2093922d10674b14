import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import {
  approvedCard,
  createCommerceTestApp,
  createShopper,
  injectSend,
} from '../checkout/commerce-test-kit.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { createTestGateway } from '../payments/test-gateway.ts';

// Issue 22: a subscription bought through its own checkout renews by itself. The clock
// the renewals run by is the test's: a month passes in one assignment.

const DAY = 86_400_000;
const declinedCard = { ...approvedCard, number: '4000 0000 0000 0002' };

/** The test gateway, with every call it gets written down, and crashes on request. */
function recordingGateway(clock: () => Date) {
  const inner = createTestGateway({ now: clock });
  const calls = {
    authorizeKeys: [] as string[],
    captured: [] as string[],
    crashAfterAuthorize: 0,
    crashOnCapture: 0,
  };
  const gateway: PaymentProvider = {
    ...inner,
    async authorize(request) {
      const result = await inner.authorize(request);
      calls.authorizeKeys.push(request.idempotencyKey);
      if (calls.crashAfterAuthorize > 0) {
        calls.crashAfterAuthorize -= 1;
        // The provider took the authorisation; the server dies before its commit.
        throw new Error('simulated crash after the authorisation');
      }
      return result;
    },
    async capture(reference) {
      if (calls.crashOnCapture > 0) {
        calls.crashOnCapture -= 1;
        throw new Error('simulated crash before the capture');
      }
      calls.captured.push(reference);
    },
  };
  return { gateway, calls };
}

describe(`subscriptions (${testDialect})`, () => {
  let nowMs = Date.UTC(2027, 0, 15, 17, 0, 0);
  const clock = () => new Date(nowMs);
  const { gateway, calls } = recordingGateway(clock);
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let owner: EditorClient;
  let base = '';

  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: 0, clock, payments: gateway });
    owner = await ownerClient({ app: kit.app } as TestApp);
    base = `/api/content-service/commerce/1.1/websites/${kit.websiteId}`;
  });
  afterAll(() => kit.close());

  const runDue = () => kit.app.services.commerce.subscriptions.runDue();
  const outbox = () => kit.app.services.commerce.outbox.listOutbox(kit.websiteId);
  const detail = async (id: string) => {
    const response = await owner.call('GET', `${base}/subscriptions/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().subscription;
  };
  /** Each test's subscription ends with it, so the next test's sweep counts only its own. */
  const endSubscription = async (id: string) => {
    const response = await owner.call('POST', `${base}/subscriptions/${id}/cancel`, {});
    expect(response.statusCode, response.body).toBe(200);
  };
  const manageLinkOf = async (email: string) => {
    const mail = (await outbox()).find(
      (m) => m.to_email === email && /\/commerce\/subscriptions\//.test(m.body_text),
    );
    const match = /\/commerce\/subscriptions\/([0-9a-f-]+)\?token=([\w%-]+)/.exec(
      mail?.body_text ?? '',
    );
    if (!match) throw new Error(`no manage link emailed to ${email}`);
    return { id: match[1] ?? '', token: decodeURIComponent(match[2] ?? '') };
  };

  /** A shopper subscribing to the yarn club through the subscription checkout. */
  async function subscribe(email: string, card: object = approvedCard) {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    const started = await shopper.call('POST', '/api/3/commerce/cart/subscription', {
      itemId: kit.variant('YARN-CLUB').itemId,
      sku: 'YARN-CLUB',
      qty: 1,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const token: string = started.body.cartToken;
    const withToken = { 'x-cart-token': token };
    const checkout = await shopper.call('POST', '/api/commerce/checkout', undefined, withToken);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const id: string = checkout.body.checkout.id;
    expect(checkout.body.checkout.subscriptionPlan).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 0,
    });
    await shopper.call('PUT', `/api/commerce/checkout/${id}/email`, { email }, withToken);
    const addressed = await shopper.call(
      'PUT',
      `/api/commerce/checkout/${id}/shipping-address`,
      {
        shippingAddress: {
          name: 'Ada Lovelace',
          line1: '1 Main St',
          city: 'New York',
          region: 'NY',
          postalCode: '10001',
          country: 'US',
        },
      },
      withToken,
    );
    const option = addressed.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.call(
      'PUT',
      `/api/commerce/checkout/${id}/shipping-option`,
      { optionId: option.id },
      withToken,
    );
    const placed = await shopper.call(
      'POST',
      `/api/commerce/checkout/${id}/orders`,
      { card },
      { ...withToken, 'idempotency-key': `sub-${email}` },
    );
    return { shopper, placed, cartToken: token };
  }

  it('keeps a subscribable product out of the shared cart and starts its own checkout', async () => {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    const refused = await shopper.add(kit.variant('YARN-CLUB'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NOT_SUBSCRIBABLE',
      error: 'This product is sold as a subscription. Use its Subscribe button to start one.',
    });
    const notOffered = await shopper.call('POST', '/api/3/commerce/cart/subscription', {
      itemId: kit.variant('MUG-OAT').itemId,
      sku: 'MUG-OAT',
    });
    expect(notOffered.body).toMatchObject({
      code: 'NOT_SUBSCRIBABLE',
      error: 'This product is not offered as a subscription.',
    });
    // A token that is not a cart's id finds nothing, and never the visitor's own cart.
    await shopper.add(kit.variant('MUG-OAT'));
    const bogus = await shopper.call('POST', '/api/commerce/checkout', undefined, {
      'x-cart-token': 'not-a-token',
    });
    expect(bogus.body.code).toBe('CART_EMPTY');
  });

  it('charges the first month, keeps the card and emails a manage link', async () => {
    const stockBefore = await kit.stockOf(kit.variant('YARN-CLUB').variantId);
    const { shopper, placed } = await subscribe('ada@example.com');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.subscription).toMatchObject({ cycle: 0 });
    expect(placed.body.order.items).toMatchObject([{ sku: 'YARN-CLUB', unitPriceCents: 3200 }]);
    expect(await kit.stockOf(kit.variant('YARN-CLUB').variantId)).toBe((stockBefore ?? 0) - 1);
    // The shopper's shared cart is untouched by the subscription checkout.
    const cart = await shopper.call('GET', '/api/commerce/shopping-cart');
    expect(cart.body.shoppingCart.entries).toHaveLength(0);

    const link = await manageLinkOf('ada@example.com');
    const sub = await detail(link.id);
    expect(sub).toMatchObject({
      status: 'active',
      statusCode: 8,
      paymentsMade: 1,
      productName: 'Hand-Dyed Yarn Club',
      card: { brand: 'Visa', last4: '4242' },
      orders: [{ cycle: 0, orderNumber: placed.body.order.orderNumber }],
    });
    // A month later, at the same time of day in the store's zone.
    expect(sub.nextBillingAt).toBe(Date.UTC(2027, 1, 15, 17, 0, 0));
    // The order's own page says what comes next.
    const orderPage = await kit.app.inject(
      `/api/commerce/orders/${placed.body.order.id}?token=${placed.body.token}`,
    );
    expect(orderPage.json().order.subscription).toEqual({
      id: link.id,
      cycle: 0,
      terms: {
        renewalCents: 3200 + sub.shippingCents,
        plan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        nextBillingAt: Date.UTC(2027, 1, 15, 17, 0, 0),
        timeZone: expect.any(String),
        isEnded: false,
      },
    });
    const view = await kit.app.inject(
      `/api/commerce/subscriptions/${link.id}?token=${encodeURIComponent(link.token)}`,
    );
    expect(view.json().subscription).toMatchObject({ status: 'active', card: { last4: '4242' } });
    const tampered = await kit.app.inject(
      `/api/commerce/subscriptions/${link.id}?token=${encodeURIComponent(`${link.token}x`)}`,
    );
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().code).toBe('SUBSCRIPTION_NOT_FOUND');
  });

  it('renews every month with an order of its own, exactly once per month', async () => {
    const { id } = await manageLinkOf('ada@example.com');
    expect(await runDue()).toBe(0);
    for (const month of [1, 2, 3]) {
      nowMs = Date.UTC(2027, month, 15, 17, 0, 1);
      expect(await runDue()).toBe(1);
      // Running again the same moment finds nothing due.
      expect(await runDue()).toBe(0);
    }
    const sub = await detail(id);
    expect(sub.paymentsMade).toBe(4);
    expect(sub.orders.map((o: { cycle: number }) => o.cycle)).toEqual([3, 2, 1, 0]);
    // The store is in New York: noon stays noon across the change to summer time.
    expect(sub.nextBillingAt).toBe(Date.UTC(2027, 4, 15, 16, 0, 0));
    // Each renewal is an ordinary order: confirmation mail, merchant mail, list entry.
    const confirmations = (await outbox()).filter(
      (m) => m.kind === 'order-confirmation' && m.to_email === 'ada@example.com',
    );
    expect(confirmations).toHaveLength(4);
    const renewal = await owner.call('GET', `${base}/orders/${sub.orders[0].id}`);
    expect(renewal.json().order).toMatchObject({ status: 'paid', email: 'ada@example.com' });
    const keys = calls.authorizeKeys.filter((k) => k.includes(`subscription:${id}`));
    expect(keys).toEqual(
      [1, 2, 3].map((c) => `${kit.websiteId}:subscription:${id}:cycle:${c}:try:0`),
    );
  });

  it('dunning: a declined renewal makes it past due, retries, then a new card recovers it', async () => {
    const { id, token } = await manageLinkOf('ada@example.com');
    const switched = await kit.app.inject({
      method: 'POST',
      url: `/api/commerce/subscriptions/${id}/card`,
      payload: { token, card: declinedCard },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().subscription).toMatchObject({
      card: { last4: '0002' },
      notice: 'Your card was updated.',
    });

    nowMs = Date.UTC(2027, 4, 15, 17, 0, 1);
    expect(await runDue()).toBe(1);
    let sub = await detail(id);
    expect(sub).toMatchObject({
      status: 'past_due',
      statusCode: 2,
      failedAttempts: 1,
      lastFailure: 'Your card was declined.',
      nextRetryAt: nowMs + DAY,
    });
    const dunning = (await outbox()).filter((m) => m.kind === 'subscription-renewal-failed');
    expect(dunning).toHaveLength(1);
    expect(dunning[0]?.body_text).toContain('Your card was declined.');
    expect(dunning[0]?.body_text).toMatch(/\/commerce\/subscriptions\/[0-9a-f-]+\?token=/);

    // The first retry, a day later, fails too.
    nowMs += DAY;
    expect(await runDue()).toBe(1);
    sub = await detail(id);
    expect(sub.failedAttempts).toBe(2);

    // A card the customer enters that fails too is kept, and the page says the payment
    // did not go through; their own try does not move the store's schedule.
    const stillDeclined = await kit.app.inject({
      method: 'POST',
      url: `/api/commerce/subscriptions/${id}/card`,
      payload: { token, card: declinedCard },
    });
    expect(stillDeclined.statusCode, stillDeclined.body).toBe(200);
    expect(stillDeclined.json().subscription).toMatchObject({
      status: 'past_due',
      notice:
        "Your card was saved, but the overdue payment didn't go through. Your card was declined. Try another card.",
    });
    expect(await detail(id)).toMatchObject({
      status: 'past_due',
      failedAttempts: 2,
      nextRetryAt: sub.nextRetryAt,
      paymentsMade: 4,
    });
    expect(await runDue()).toBe(0);

    // The customer follows the newest email's link and gives a working card: charged now.
    const fresh = await manageLinkOf('ada@example.com');
    const recovered = await kit.app.inject({
      method: 'POST',
      url: `/api/commerce/subscriptions/${id}/card`,
      payload: { token: fresh.token, card: approvedCard },
    });
    expect(recovered.json().subscription).toMatchObject({
      status: 'active',
      notice: 'Your card was updated and the overdue payment went through.',
    });
    sub = await detail(id);
    expect(sub).toMatchObject({ status: 'active', failedAttempts: 0, paymentsMade: 5 });
    // Billing restarts from the late payment.
    expect(sub.nextBillingAt).toBe(Date.UTC(2027, 5, 16, 17, 0, 1));
    await endSubscription(id);
  });

  it('expires after the last retry fails, and tells the customer and the merchant', async () => {
    const { placed } = await subscribe('grace@example.com', declinedCard);
    // The first payment is taken at checkout: a declined card there is simply refused.
    expect(placed.status).toBe(400);
    expect(placed.body.code).toBe('CARD_DECLINED');

    await subscribe('grace@example.com');
    const { id, token } = await manageLinkOf('grace@example.com');
    await kit.app.inject({
      method: 'POST',
      url: `/api/commerce/subscriptions/${id}/card`,
      payload: { token, card: declinedCard },
    });
    const started = (await detail(id)).nextBillingAt as number;
    nowMs = started + 1000;
    expect(await runDue()).toBe(1);
    for (const days of [1, 3, 5]) {
      nowMs = started + 1000 + days * DAY;
      expect(await runDue()).toBe(1);
    }
    const sub = await detail(id);
    expect(sub).toMatchObject({ status: 'expired', statusCode: 1, nextBillingAt: null });
    const mails = await outbox();
    expect(
      mails.some((m) => m.kind === 'subscription-ended' && m.to_email === 'grace@example.com'),
    ).toBe(true);
    expect(mails.some((m) => m.kind === 'subscription-lapsed')).toBe(true);
    nowMs += 40 * DAY;
    expect(await runDue()).toBe(0);
    const again = await kit.app.inject({
      method: 'POST',
      url: `/api/commerce/subscriptions/${id}/cancel`,
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets the merchant pause, resume, move the next date and cancel', async () => {
    await subscribe('hedy@example.com');
    const { id } = await manageLinkOf('hedy@example.com');
    const act = (path: string) => owner.call('POST', `${base}/subscriptions/${id}/${path}`, {});
    expect((await act('resume')).json().code).toBe('SUBSCRIPTION_STATE_CONFLICT');
    const paused = await act('pause');
    expect(paused.json().subscription).toMatchObject({ status: 'paused', nextBillingAt: null });
    nowMs += 70 * DAY;
    expect(await runDue()).toBe(0);
    const resumed = (await act('resume')).json().subscription;
    expect(resumed.status).toBe('active');
    expect(resumed.nextBillingAt).toBeGreaterThan(nowMs);
    expect(resumed.paymentsMade).toBe(1);

    const past = await owner.call('PUT', `${base}/subscriptions/${id}/next-billing-date`, {
      date: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 'SUBSCRIPTION_DATE_INVALID',
      error: 'Choose a date in the future.',
    });
    const target = new Date(nowMs + 10 * DAY).toISOString().slice(0, 10);
    const moved = await owner.call('PUT', `${base}/subscriptions/${id}/next-billing-date`, {
      date: target,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(new Date(moved.json().subscription.nextBillingAt).toISOString().slice(0, 10)).toBe(
      target,
    );

    const list = await owner.call('GET', `${base}/subscriptions?q=hedy&pageSize=10`);
    expect(list.json()).toMatchObject({ total: 1, subscriptions: [{ id, status: 'active' }] });

    const cancelled = await act('cancel');
    expect(cancelled.json().subscription).toMatchObject({
      status: 'cancelled',
      nextBillingAt: null,
    });
    expect((await act('cancel')).statusCode).toBe(409);
    const mail = (await outbox()).find(
      (m) => m.kind === 'subscription-cancelled' && m.to_email === 'hedy@example.com',
    );
    expect(mail).toBeDefined();
    nowMs += 400 * DAY;
    expect(await runDue()).toBe(0);
  });

  it('ends with the order that started it when the merchant cancels that order', async () => {
    const { placed } = await subscribe('radia@example.com');
    const { id } = await manageLinkOf('radia@example.com');
    const cancelOrder = (orderId: string, key: string) =>
      owner.call(
        'POST',
        `${base}/orders/${orderId}/cancel`,
        { restock: false, notifyCustomer: true },
        { 'idempotency-key': key },
      );
    // Cancelling a renewal's order is one bad delivery: the subscription runs on.
    nowMs = (await detail(id)).nextBillingAt + 1000;
    expect(await runDue()).toBe(1);
    const renewal = (await detail(id)).orders.find((o: { cycle: number }) => o.cycle === 1);
    const renewalCancel = await cancelOrder(renewal.id, 'radia-renewal');
    expect(renewalCancel.statusCode, renewalCancel.body).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 'active', paymentsMade: 2 });

    const firstCancel = await cancelOrder(placed.body.order.id, 'radia-first');
    expect(firstCancel.statusCode, firstCancel.body).toBe(200);
    const events: { message: string }[] = firstCancel.json().order.events;
    expect(events.map((e) => e.message)).toContain('Subscription cancelled: Hand-Dyed Yarn Club');
    const sub = await detail(id);
    expect(sub).toMatchObject({ status: 'cancelled', nextBillingAt: null });
    const mails = (await outbox()).filter((m) => m.to_email === 'radia@example.com');
    expect(mails.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['order-cancelled', 'subscription-cancelled']),
    );
    nowMs += 40 * DAY;
    expect(await runDue()).toBe(0);
  });

  it('renews exactly once when two servers sweep at the same moment', async () => {
    await subscribe('katherine@example.com');
    const { id } = await manageLinkOf('katherine@example.com');
    const second = await kit.secondServer();
    nowMs = (await detail(id)).nextBillingAt + 1000;
    const [a, b] = await Promise.all([runDue(), second.services.commerce.subscriptions.runDue()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const sub = await detail(id);
    expect(sub.orders.filter((o: { cycle: number }) => o.cycle === 1)).toHaveLength(1);
    expect(sub.paymentsMade).toBe(2);
    const keys = calls.authorizeKeys.filter((k) => k.includes(`subscription:${id}:cycle:1:`));
    expect(keys).toHaveLength(1);
    await endSubscription(id);
  });

  it('after a failure mid-renewal charges once, and finishes a capture a crash left', async () => {
    await subscribe('mary@example.com');
    const { id } = await manageLinkOf('mary@example.com');
    nowMs = (await detail(id)).nextBillingAt + 1000;
    // The renewal throws after the provider authorised, before it committed: nothing is
    // written, and it is tried again an hour later under the next charge key (a provider
    // may remember the first as voided). A server that died here instead would ask again
    // with the same key: charge_attempts only moves with a commit.
    calls.crashAfterAuthorize = 1;
    expect(await runDue()).toBe(0);
    expect((await detail(id)).paymentsMade).toBe(1);
    expect(await runDue()).toBe(0);
    nowMs += 61 * 60_000;
    // This time it commits, and the process dies before the capture.
    calls.crashOnCapture = 1;
    const capturedBefore = calls.captured.length;
    expect(await runDue()).toBe(1);
    expect(calls.captured.length).toBe(capturedBefore);
    const keys = calls.authorizeKeys.filter((k) => k.includes(`subscription:${id}:cycle:1:`));
    expect(keys).toEqual([
      `${kit.websiteId}:subscription:${id}:cycle:1:try:0`,
      `${kit.websiteId}:subscription:${id}:cycle:1:try:1`,
    ]);
    // A minute on, the sweep finishes the capture it left, once.
    nowMs += 2 * 60_000;
    await runDue();
    await runDue();
    expect(calls.captured.length).toBe(capturedBefore + 1);
    const sub = await detail(id);
    expect(sub.orders.filter((o: { cycle: number }) => o.cycle === 1)).toHaveLength(1);
    await endSubscription(id);
  });

  it('bills a late renewal once and skips the dates it missed', async () => {
    await subscribe('ida@example.com');
    const { id } = await manageLinkOf('ida@example.com');
    const first = (await detail(id)).nextBillingAt as number;
    // The server was off for two months: one renewal now, the next on the calendar ahead.
    nowMs = first + 62 * DAY;
    expect(await runDue()).toBe(1);
    const sub = await detail(id);
    expect(sub.paymentsMade).toBe(2);
    expect(sub.nextBillingAt).toBeGreaterThan(nowMs);
    expect(sub.nextBillingAt - nowMs).toBeLessThan(32 * DAY);
    expect(new Date(sub.nextBillingAt).getUTCDate()).toBe(new Date(first).getUTCDate());
    expect(await runDue()).toBe(0);
    await endSubscription(id);
  });

  it('refuses a shopper Idempotency-Key that could take a renewal’s place', async () => {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    await shopper.add(kit.variant('MUG-OAT'));
    const id: string = (await shopper.start()).body.checkout.id;
    const placed = await shopper.place(id, 'subscription:anything:cycle:1');
    expect(placed.status).toBe(400);
    expect(placed.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_MISSING',
      error: 'Idempotency-Key values starting with "subscription:" are reserved.',
    });
  });

  it('refuses an impossible next date', async () => {
    await subscribe('joan@example.com');
    const { id } = await manageLinkOf('joan@example.com');
    const response = await owner.call('PUT', `${base}/subscriptions/${id}/next-billing-date`, {
      date: '2031-02-30',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('REQUEST_INVALID');
    await endSubscription(id);
  });

  it('lets the customer cancel from their link', async () => {
    await subscribe('annie@example.com');
    const { id, token } = await manageLinkOf('annie@example.com');
    const cancelled = await kit.app.inject({
      method: 'POST',
      url: `/api/commerce/subscriptions/${id}/cancel`,
      payload: { token },
    });
    expect(cancelled.json().subscription).toMatchObject({
      status: 'cancelled',
      notice: 'Your subscription is cancelled. No further payments will be taken.',
    });
    expect((await detail(id)).events[0]).toMatchObject({ kind: 'cancelled', actor: 'Customer' });
  });
});
