import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/test-app.ts';
import {
  createCommerceTestApp,
  createShopper,
  fillDetails,
  httpSend,
} from '../checkout/commerce-test-kit.ts';

// 50 shoppers race for 5 units over real HTTP on a loopback port. Reservations are off
// here so every shopper reaches the payment step and the row locks and the guarded
// decrement alone decide who gets a unit.
describe(`placing orders concurrently (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let baseUrl: string;

  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: 0 });
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => kit.close());

  it('sells exactly the 5 units in stock to 50 parallel checkouts and never goes negative', async () => {
    const item = kit.variant('LWS-M-INDIGO');
    expect(await kit.stockOf(item.variantId)).toBe(5);

    const shoppers = Array.from({ length: 50 }, () => createShopper(httpSend(baseUrl)));
    const checkoutIds = await Promise.all(
      shoppers.map(async (shopper) => {
        await shopper.visit();
        expect((await shopper.add(item)).status).toBe(200);
        const started = await shopper.start();
        expect(started.status).toBe(200);
        await fillDetails(shopper, started.body.checkout.id);
        return started.body.checkout.id as string;
      }),
    );

    const results = await Promise.all(
      shoppers.map((shopper, i) => shopper.place(checkoutIds[i] ?? '', `race-${i}`)),
    );
    const placed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({
        error: 'Sorry, we do not have enough of that item available.',
        code: 'OUT_OF_STOCK',
      });
    }
    expect(new Set(placed.map((r) => r.body.order.orderNumber)).size).toBe(5);
    expect(await kit.stockOf(item.variantId)).toBe(0);
  });
});

describe(`one Idempotency-Key sent twice at once (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let baseUrl: string;
  beforeAll(async () => {
    kit = await createCommerceTestApp();
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(kit.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => kit.close());

  it('makes one order and one charge, and both answers name it', async () => {
    const item = kit.variant('MUG-OAT');
    const shopper = createShopper(httpSend(baseUrl));
    await shopper.visit();
    await shopper.add(item, 2);
    const id = (await shopper.start()).body.checkout.id;
    await fillDetails(shopper, id);
    const [a, b] = await Promise.all([
      shopper.place(id, 'double-click'),
      shopper.place(id, 'double-click'),
    ]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(a?.body.order.id).toBe(b?.body.order.id);
    expect(await kit.stockOf(item.variantId)).toBe(18);
  });
});
