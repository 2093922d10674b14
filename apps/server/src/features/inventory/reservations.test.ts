import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/test-app.ts';
import {
  createCommerceTestApp,
  createShopper,
  fillDetails,
  injectSend,
} from '../checkout/commerce-test-kit.ts';
import { RELEASE_RESERVATIONS_JOB } from '../jobs/job-kinds.ts';

// Long enough that a loaded machine (CI runs two test files at once) cannot let the hold
// lapse between the first shopper's start and the second's.
const RESERVATION_MS = 4_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`inventory reservations (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: RESERVATION_MS, jobIntervalMs: 100 });
  });
  afterAll(() => kit.close());

  const shopper = async () => {
    const s = createShopper(injectSend(kit.app));
    await s.visit();
    return s;
  };

  it('holds stock for the shopper at the payment step until the hold expires and the job releases it', async () => {
    const item = kit.variant('LWS-L-SAND'); // 3 in stock
    const holder = await shopper();
    await holder.add(item, 3);
    const held = await holder.start();
    expect(held.status).toBe(200);

    const other = await shopper();
    expect((await other.add(item, 1)).status).toBe(200);
    const refused = await other.start();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: 'Sorry, we do not have enough of that item available.',
      code: 'OUT_OF_STOCK',
    });
    const { jobs, store } = kit.app.services.commerce;
    expect(await store.jobs.countJobs(RELEASE_RESERVATIONS_JOB)).toBe(1);

    jobs.start();
    await sleep(RESERVATION_MS + 600);
    await jobs.stop();
    expect(await store.jobs.countJobs(RELEASE_RESERVATIONS_JOB)).toBe(0);
    expect(await store.inventory.deleteExpired({ websiteId: kit.websiteId })).toBe(0);

    const started = await other.start();
    expect(started.status).toBe(200);
    await fillDetails(other, started.body.checkout.id);
    expect((await other.place(started.body.checkout.id, 'after-expiry')).status).toBe(200);
    expect(await kit.stockOf(item.variantId)).toBe(2);

    // The first shopper's hold is gone: paying now finds only 2 of the 3 units.
    const holderId = held.body.checkout.id;
    await fillDetails(holder, holderId);
    const late = await holder.place(holderId, 'too-late');
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('OUT_OF_STOCK');
    expect(await kit.stockOf(item.variantId)).toBe(2);
  });

  it('lets the same cart start again without counting its own hold against it', async () => {
    const item = kit.variant('LWS-S-SAND'); // 8 in stock
    const s = await shopper();
    await s.add(item, 8);
    expect((await s.start()).status).toBe(200);
    const again = await s.start();
    expect(again.status).toBe(200);
    expect(again.body.checkout.reservationExpiresAt).toBeGreaterThan(Date.now());
  });
});
