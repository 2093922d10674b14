import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import {
  approvedCard,
  createCommerceTestApp,
  createShopper,
  fillDetails,
  injectSend,
} from '../checkout/commerce-test-kit.ts';
import { INSTALLMENT_CAPTURE_JOB } from '../jobs/job-kinds.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import { createJobStore } from '../jobs/jobs.repo.ts';
import type { AuthorizeRequest, PaymentProvider } from '../payments/payment-provider.ts';
import { createTestGateway } from '../payments/test-gateway.ts';
import { createInstallmentCapture, MAX_CAPTURE_ATTEMPTS } from './installment-capture.ts';

// Issue 22: the test gateway's pay-in-4 tender. A shopper pays through the real checkout;
// the later installments are charged by the capture job over the real jobs table.

const DAY = 24 * 3600_000;

describe(`pay in 4 installments (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let admin: KeyFixture;
  let owner: EditorClient;
  let orderCount = 0;

  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: 0 });
    admin = await createKey({ app: kit.app } as TestApp);
    owner = await ownerClient({ app: kit.app } as TestApp);
  });
  afterAll(() => kit.close());

  const setEnabled = async (isEnabled: boolean) => {
    const response = await kit.app.inject({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/installments',
      headers: admin.headers,
      payload: { isEnabled },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A checkout of `quantity` oat mugs, ready to pay; its id and the view. */
  async function readyCheckout(quantity = 3) {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    expect((await shopper.add(kit.variant('MUG-OAT'), quantity)).status).toBe(200);
    const id: string = (await shopper.start()).body.checkout.id;
    const filled = await fillDetails(shopper, id);
    return { shopper, id, checkout: filled.body.checkout };
  }

  async function payIn4(card: unknown = approvedCard) {
    const { shopper, id, checkout } = await readyCheckout();
    orderCount += 1;
    const placed = await shopper.call(
      'POST',
      `/api/commerce/checkout/${id}/orders`,
      { card, tender: 'installments' },
      { 'idempotency-key': `pay-in-4-${orderCount}` },
    );
    return { placed, checkout };
  }

  const installmentsOf = (orderId: string) =>
    kit.app.services.commerce.store.installments.listForOrder(kit.websiteId, orderId);
  const outbox = () => kit.app.services.commerce.outbox.listOutbox(kit.websiteId);
  /** Makes the installment's job due now, as if its date had come. */
  const makeDue = async (orderId: string) => {
    await sql`update jobs set run_at = now() - interval '1 second'
      where kind = ${INSTALLMENT_CAPTURE_JOB} and payload->>'orderId' = ${orderId}`.execute(kit.db);
  };

  /** The real test gateway, counting the charges asked of it. */
  function countingGateway() {
    const gateway = createTestGateway();
    const charges: AuthorizeRequest[] = [];
    const payments: PaymentProvider = {
      ...gateway,
      authorize: (request) => {
        charges.push(request);
        return gateway.authorize(request);
      },
    };
    return { payments, charges };
  }

  it('is offered only when the store turned installments on', async () => {
    await setEnabled(false);
    const { shopper, id, checkout } = await readyCheckout();
    expect(checkout.installments).toBeNull();
    const refused = await shopper.call(
      'POST',
      `/api/commerce/checkout/${id}/orders`,
      { card: approvedCard, tender: 'installments' },
      { 'idempotency-key': 'off-1' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INSTALLMENTS_UNAVAILABLE');
    await setEnabled(true);
  });

  it('charges the first of 4 installments that add up to the total, the rest every 2 weeks', async () => {
    await setEnabled(true);
    const { placed, checkout } = await payIn4();
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const total = checkout.totals.grandTotalCents;
    expect(checkout.installments.paymentsCents).toHaveLength(4);
    expect(checkout.installments.intervalDays).toBe(14);
    const order = placed.body.order;
    expect(order.grandTotalCents).toBe(total);
    const rows = await installmentsOf(order.id);
    expect(rows.map((r) => r.amount_cents)).toEqual(checkout.installments.paymentsCents);
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(total);
    expect(rows.map((r) => r.status)).toEqual(['captured', 'scheduled', 'scheduled', 'scheduled']);
    expect(rows[0]?.reference).toMatch(/^test_/);
    const first = new Date(rows[0]?.due_at ?? 0).getTime();
    expect(rows.map((r) => (new Date(r.due_at).getTime() - first) / DAY)).toEqual([0, 14, 28, 42]);
    // The card number is never stored: only the provider's token.
    expect(rows[1]?.payment_token).toMatch(/^tok_test_/);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');

    const status = await kit.app.inject(
      `/api/commerce/orders/${order.id}?token=${placed.body.token}`,
    );
    expect(status.json().order.installments).toEqual([
      expect.objectContaining({ number: 1, status: 'captured' }),
      expect.objectContaining({ number: 2, status: 'scheduled' }),
      expect.objectContaining({ number: 3, status: 'scheduled' }),
      expect.objectContaining({ number: 4, status: 'scheduled' }),
    ]);
    const mail = (await outbox()).find(
      (m) => m.kind === 'order-confirmation' && m.body_text.includes(`#${order.orderNumber}`),
    );
    expect(mail?.body_text).toContain('paid in 4 installments');
    expect(mail?.body_text).toContain('charged today');
    const jobs = await sql<{ n: number }>`select count(*)::int as n from jobs
      where kind = ${INSTALLMENT_CAPTURE_JOB} and payload->>'orderId' = ${order.id}`.execute(
      kit.db,
    );
    expect(jobs.rows[0]?.n).toBe(3);
  });

  it('captures a due installment exactly once with two runners and a stray job', async () => {
    await setEnabled(true);
    const { placed } = await payIn4();
    const orderId: string = placed.body.order.id;
    const { payments, charges } = countingGateway();
    const clock = { now: Date.now() + 14 * DAY + 60_000 };
    const capture = createInstallmentCapture({
      store: kit.app.services.commerce.store,
      payments,
      websites: kit.app.services.websites,
      now: () => new Date(clock.now),
    });
    const runner = () =>
      createJobRunner({
        jobStore: createJobStore(kit.db),
        handlers: { [INSTALLMENT_CAPTURE_JOB]: (job) => capture.captureDue(job) },
        log: kit.app.log,
      });
    // Installment 2's date has come; a restart left a second job for it behind.
    await kit.app.services.commerce.store.jobs.enqueue({
      websiteId: kit.websiteId,
      kind: INSTALLMENT_CAPTURE_JOB,
      payload: { orderId, number: 2 },
      runAt: new Date(),
    });
    await sql`update jobs set run_at = now() - interval '1 second'
      where kind = ${INSTALLMENT_CAPTURE_JOB} and payload->>'orderId' = ${orderId}
        and payload->>'number' = '2'`.execute(kit.db);
    await Promise.all([runner().runDueJobs(), runner().runDueJobs()]);
    await runner().runDueJobs();
    const installment2 = charges.filter((c) =>
      c.idempotencyKey.includes(`${orderId}:installment:2:`),
    );
    expect(installment2).toHaveLength(1);
    expect(installment2[0]?.source).toMatchObject({ kind: 'saved' });
    const rows = await installmentsOf(orderId);
    expect(rows.map((r) => r.status)).toEqual(['captured', 'captured', 'scheduled', 'scheduled']);
    // Installments 3 and 4 are not due: their jobs wait, and running them early does nothing.
    await makeDue(orderId);
    await runner().runDueJobs();
    expect((await installmentsOf(orderId)).map((r) => r.status)).toEqual([
      'captured',
      'captured',
      'scheduled',
      'scheduled',
    ]);
    expect(charges).toHaveLength(1);

    // Two servers' handlers for installment 3 at once (a lease ran out mid-run): the order
    // and installment locks let one charge; the other finds it captured.
    clock.now += 14 * DAY;
    const job3 = { website_id: kit.websiteId, payload: { orderId, number: 3 } };
    await Promise.all([capture.captureDue(job3), capture.captureDue(job3)]);
    expect(charges.filter((c) => c.idempotencyKey.includes(':installment:3:'))).toHaveLength(1);
    expect((await installmentsOf(orderId))[2]?.status).toBe('captured');

    const detail = await owner.call(
      'GET',
      `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders/${orderId}`,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json().order;
    expect(body.installments.map((i: { status: string }) => i.status)).toEqual([
      'captured',
      'captured',
      'captured',
      'scheduled',
    ]);
    expect(
      body.events.filter((e: { message: string }) => /Installment 2 of .* charged/.test(e.message)),
    ).toHaveLength(1);
    // Not 'paid' while an installment is still to come, in the detail and the list alike.
    expect(body.paymentStatus).toBe('partially_paid');
    const listed = await owner.call(
      'GET',
      `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders?q=${body.orderNumber}`,
    );
    expect(listed.json().orders).toMatchObject([{ id: orderId, paymentStatus: 'partially_paid' }]);
    clock.now += 14 * DAY;
    await capture.captureDue({ website_id: kit.websiteId, payload: { orderId, number: 4 } });
    const paid = await owner.call(
      'GET',
      `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders/${orderId}`,
    );
    expect(paid.json().order.paymentStatus).toBe('paid');
  });

  it('retries a declined installment a day later, then marks it failed and emails both', async () => {
    await setEnabled(true);
    const { placed } = await payIn4();
    const orderId: string = placed.body.order.id;
    // The shopper's card stopped working: the saved token is now the declining test card.
    const declining = await createTestGateway().saveCard({
      ...approvedCard,
      number: '4000000000000002',
    });
    if (!declining.ok) throw new Error('the test gateway should save a well-formed card');
    await sql`update order_installments set payment_token = ${declining.card.token}
      where order_id = ${orderId} and status = 'scheduled'`.execute(kit.db);
    const { payments, charges } = countingGateway();
    const clock = { now: Date.now() + 14 * DAY + 60_000 };
    const capture = createInstallmentCapture({
      store: kit.app.services.commerce.store,
      payments,
      websites: kit.app.services.websites,
      now: () => new Date(clock.now),
    });
    const runner = createJobRunner({
      jobStore: createJobStore(kit.db),
      handlers: { [INSTALLMENT_CAPTURE_JOB]: (job) => capture.captureDue(job) },
      log: kit.app.log,
    });
    const second = async () => (await installmentsOf(orderId))[1];
    for (let attempt = 1; attempt <= MAX_CAPTURE_ATTEMPTS; attempt++) {
      await makeDue(orderId);
      await runner.runDueJobs();
      const row = await second();
      expect(row?.attempts).toBe(attempt);
      expect(row?.status).toBe(attempt < MAX_CAPTURE_ATTEMPTS ? 'scheduled' : 'failed');
      expect(row?.last_error).toBe('Your card was declined.');
      clock.now += DAY;
    }
    // Each try has its own key: a decline charged nothing, so a retry is a new charge.
    const keys = charges
      .filter((c) => c.idempotencyKey.includes(`${orderId}:installment:2:`))
      .map((c) => c.idempotencyKey);
    expect(new Set(keys).size).toBe(MAX_CAPTURE_ATTEMPTS);
    await makeDue(orderId);
    await runner.runDueJobs();
    expect((await second())?.attempts).toBe(MAX_CAPTURE_ATTEMPTS);

    const mails = (await outbox()).filter(
      (m) =>
        m.kind.startsWith('installment-failed') &&
        m.subject.includes(`#${placed.body.order.orderNumber} `),
    );
    expect(mails.map((m) => [m.kind, m.to_email]).sort()).toEqual([
      ['installment-failed', 'ada@example.com'],
      ['installment-failed-merchant', 'owner@example.com'],
    ]);
    const detail = await owner.call(
      'GET',
      `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders/${orderId}`,
    );
    const events: { message: string }[] = detail.json().order.events;
    expect(events.filter((e) => e.message.includes('trying again'))).toHaveLength(
      MAX_CAPTURE_ATTEMPTS - 1,
    );
    expect(events.some((e) => e.message.startsWith('Installment 2 failed'))).toBe(true);
  });

  it('refunds only what was captured, and a full refund stops the schedule', async () => {
    await setEnabled(true);
    const { placed } = await payIn4();
    const order = placed.body.order;
    const base = `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders/${order.id}`;
    const first = (await installmentsOf(order.id))[0]?.amount_cents ?? 0;
    const detail = await owner.call('GET', base);
    expect(detail.json().order.refundableCents).toBe(first);
    const tooMuch = await owner.call(
      'POST',
      `${base}/refunds`,
      { amountCents: order.grandTotalCents },
      { 'idempotency-key': 'refund-all' },
    );
    expect(tooMuch.statusCode).toBe(400);
    const back = await owner.call(
      'POST',
      `${base}/refunds`,
      { amountCents: first },
      { 'idempotency-key': 'refund-captured' },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().order).toMatchObject({ status: 'refunded', refundedCardCents: first });
    const rows = await installmentsOf(order.id);
    expect(rows.map((r) => r.status)).toEqual(['captured', 'cancelled', 'cancelled', 'cancelled']);
    expect(rows[0]?.refunded_cents).toBe(first);
  });
});
