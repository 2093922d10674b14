import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import {
  copyDemoData,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testDialect,
} from '../../test/test-app.ts';
import { ownerClient } from '../auth/editor-client.ts';
import { caAddress, createShopper, injectSend } from '../checkout/commerce-test-kit.ts';
import { type Received, type Receiver, startReceiver } from './webhook-receiver.ts';
import { verifyWebhook } from './webhook-signature.ts';

// Issue 21's "done means": a receiver on loopback (allowed by WEBHOOKS_ALLOW_PRIVATE) gets
// each order event exactly once, in order per order, across a server restart in the
// middle of delivery. The first server sends the first event of each order and is
// stopped while the receiver is still working on them (their leases are left to expire,
// as after a crash); a second server on the same database sends everything again from
// there. The receiver dedupes by webhook-id, as Standard Webhooks receivers do, so an
// event it got twice (once from each server) counts once; what must never happen is an
// event missing, or a later event of an order arriving before an earlier one succeeded.

const BASE = '/api/webhooks/1.0';
// Long enough that no machine is slow enough to see it lapse while the second server
// starts; the second server's clock then jumps past it instead of the test sleeping.
const LEASE_MS = 60_000;

describe(`webhook delivery across a restart (${testDialect})`, () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let dataDir: string;
  let receiver: Receiver;
  let second: App | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
    dataDir = await mkdtemp(join(tmpdir(), 'atelier-webhooks-'));
    testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await second?.close();
    await database.close();
    await testDatabase.dispose();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers each order event once, in order per order, though the server stopped mid-delivery', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    const webhooks = { leaseMs: LEASE_MS, timeoutMs: 10_000 };
    // The embedded database lives in this process: the servers share the test's and must
    // not close it; on PostgreSQL each server opens its own pool, as a new process would.
    const serverDatabase = async (): Promise<Database> =>
      testDialect === 'pglite' ? { ...database, close: async () => {} } : testDatabase.open();
    const first = await buildApp({
      config,
      database: await serverDatabase(),
      seedDemo: false,
      webhooks,
    });
    const owner = await ownerClient({ app: first } as TestApp);
    const created = await owner.call('POST', `${BASE}/endpoints`, {
      url: receiver.url,
      events: ['order.created', 'order.updated', 'order.fulfilled'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const secret: string = created.json().secret;

    const list = (await first.inject('/api/catalog/collections/shop/products')).json();
    const mug = list.products.find((p: { variants: { sku: string }[] }) =>
      p.variants.some((v) => v.sku === 'MUG-OAT'),
    );
    let orders = 0;
    async function buy(quantity: number): Promise<string> {
      const shopper = createShopper(injectSend(first));
      await shopper.visit();
      expect((await shopper.add({ itemId: mug.id, sku: 'MUG-OAT' }, quantity)).status).toBe(200);
      const id: string = (await shopper.start()).body.checkout.id;
      await shopper.put(id, '/email', { email: 'ada@example.com' });
      const addressed = await shopper.put(id, '/shipping-address', { shippingAddress: caAddress });
      const option = addressed.body.checkout.shippingOptions.find(
        (o: { isAvailable: boolean }) => o.isAvailable,
      );
      await shopper.put(id, '/shipping-option', { optionId: option.id });
      orders += 1;
      const placed = await shopper.place(id, `restart-order-${orders}`);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      return placed.body.order.id;
    }
    const commerce = `/api/content-service/commerce/1.1/websites/${
      (await owner.call('GET', '/api/config/session')).json().websiteId
    }`;
    let actions = 0;
    async function act(orderId: string, path: string, body: object) {
      actions += 1;
      const done = await owner.call('POST', `${commerce}/orders/${orderId}/${path}`, body, {
        'idempotency-key': `restart-action-${actions}`,
      });
      expect(done.statusCode, done.body).toBe(200);
    }

    // Order A: shipped whole (updated, fulfilled). B: part refunded (updated). C: shipped
    // in two parcels (updated; updated, fulfilled).
    const a = await buy(1);
    const b = await buy(1);
    const c = await buy(2);
    await act(a, 'fulfillments', { notifyCustomer: false });
    await act(b, 'refunds', { amountCents: 500, notifyCustomer: false });
    await act(c, 'fulfillments', {
      items: [{ lineNumber: 1, quantity: 1 }],
      notifyCustomer: false,
    });
    await act(c, 'fulfillments', { notifyCustomer: false });

    const queued = await database.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'event_type', 'ordering_key'])
      .orderBy('seq')
      .execute();
    const expected = new Map<string, { id: string; type: string }[]>();
    for (const row of queued) {
      const key = row.ordering_key ?? '';
      expected.set(key, [...(expected.get(key) ?? []), { id: row.event_id, type: row.event_type }]);
    }
    expect([...expected.values()].map((events) => events.map((e) => e.type))).toEqual([
      ['order.created', 'order.updated', 'order.fulfilled'],
      ['order.created', 'order.updated'],
      ['order.created', 'order.updated', 'order.updated', 'order.fulfilled'],
    ]);

    // The first server sends; the receiver takes the requests and has not answered when
    // the server stops.
    receiver.answerWith(() => 'hang');
    const sending = first.services.webhookDeliverer.deliverDue();
    for (let i = 0; i < 100 && receiver.received.length < 3; i++) await sleep(50);
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual([
      'order.created',
      'order.created',
      'order.created',
    ]);
    await first.close();
    await sending;
    expect(
      await database.db
        .selectFrom('webhook_deliveries')
        .select('delivery_id')
        .where('status', '=', 'delivered')
        .execute(),
    ).toEqual([]);

    // A new server on the same database. The receiver now answers, except that B's update
    // fails once, which holds B back but not the others.
    const bUpdate = expected.get(`order:${b}`)?.[1]?.id;
    let hasFailedOnce = false;
    receiver.answerWith((request) => {
      if (request.id === bUpdate && !hasFailedOnce) {
        hasFailedOnce = true;
        return 500;
      }
      return 200;
    });
    let offsetMs = 0;
    second = await buildApp({
      config,
      database: await serverDatabase(),
      seedDemo: false,
      webhooks: { ...webhooks, clock: { now: () => new Date(Date.now() + offsetMs) } },
    });
    // Before the leases expire nothing is taken again.
    expect(await second.services.webhookDeliverer.deliverDue()).toBe(0);
    offsetMs = LEASE_MS + 1000;
    for (let poll = 0; poll < 30; poll++) {
      await second.services.webhookDeliverer.deliverDue();
      const pending = await database.db
        .selectFrom('webhook_deliveries')
        .select('delivery_id')
        .where('status', '=', 'pending')
        .execute();
      if (pending.length === 0) break;
      offsetMs += 10 * 60_000; // past any backoff
    }
    expect(hasFailedOnce).toBe(true);

    // Every request is signed as documented.
    for (const r of receiver.received) {
      const headers = {
        'webhook-id': r.id,
        'webhook-timestamp': r.timestamp,
        'webhook-signature': r.signature,
      };
      expect(
        verifyWebhook({ secret, headers, body: r.body, nowSeconds: Number(r.timestamp) }),
      ).toBe(true);
    }
    // The three events in flight at the stop came twice; deduped by id, each came once.
    const byId = new Map<string, Received[]>();
    for (const r of receiver.received) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
    expect([...byId.keys()].sort()).toEqual(queued.map((q) => q.event_id).sort());
    expect([...byId.values()].filter((copies) => copies.length > 1).length).toBeGreaterThanOrEqual(
      3,
    );
    // In order per order: each event first arrived after the one before it had succeeded.
    for (const [key, events] of expected) {
      const firstArrivals = [...byId.entries()]
        .filter(([id]) => events.some((e) => e.id === id))
        .sort(([, x], [, y]) => (x[0]?.arrivedAt ?? 0) - (y[0]?.arrivedAt ?? 0))
        .map(([id]) => id);
      expect(firstArrivals, key).toEqual(events.map((e) => e.id));
      for (let i = 1; i < events.length; i++) {
        const previousSuccess = Math.min(
          ...(byId.get(events[i - 1]?.id ?? '') ?? [])
            .filter((r) => r.answered === 200)
            .map((r) => r.answeredAt ?? Number.POSITIVE_INFINITY),
        );
        const arrival = byId.get(events[i]?.id ?? '')?.[0]?.arrivedAt ?? 0;
        expect(arrival, `${key} event ${i}`).toBeGreaterThan(previousSuccess);
      }
    }
  }, 120_000);
});
