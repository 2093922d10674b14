import { Role } from '@atelier/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, memberClient, ownerClient } from '../auth/editor-client.ts';

// The dashboards read back what visitors did, through the real collector routes, the
// batch writer and the rollup worker; the owner and the reporting role read them, an
// editor may not.

const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const today = new Date().toISOString().slice(0, 10);

describe(`analytics dashboards (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;
  let owner: EditorClient;

  type Jar = Record<string, string>;
  const keep = (jar: Jar, response: LightMyRequestResponse) => {
    for (const c of response.cookies as { name: string; value: string }[]) jar[c.name] = c.value;
    return response;
  };
  const view = async (jar: Jar, pagePath: string, extra: Record<string, unknown> = {}) =>
    keep(
      jar,
      await t.app.inject({
        method: 'POST',
        url: '/api/census/RecordHit',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': UA },
        cookies: { ...jar },
        payload: new URLSearchParams({
          event: 'view',
          data: JSON.stringify({
            pagePath,
            screenWidth: 1280,
            timeZone: 'America/New_York',
            ...extra,
          }),
        }).toString(),
      }),
    );
  const event = (jar: Jar, eventSchemaName: string, eventContent: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/clanker/events',
      headers: { 'content-type': 'text/plain', 'user-agent': UA },
      cookies: { ...jar },
      payload: JSON.stringify({ eventSchemaName, eventContent }),
    });
  const product = {
    item_id: 'p1',
    item_type: 'physical',
    item_title: 'Stoneware Mug',
    item_collection_id: 'c1',
    item_collection_name: 'Shop',
  };
  const report = (client: EditorClient, name: string, query = `from=${today}&to=${today}`) =>
    client.call('GET', `/api/content-service/analytics/1.0/websites/${websiteId}/${name}?${query}`);

  beforeAll(async () => {
    // TEST_CLOCK adds the route that rolls up now, which end-to-end tests use too.
    t = await createTestApp({ env: { TEST_CLOCK: 'on' } });
    websiteId = (
      await t.database.db.selectFrom('websites').select('website_id').executeTakeFirstOrThrow()
    ).website_id;
    owner = await ownerClient(t);

    const shopper: Jar = {};
    await view(shopper, '/', { referrer: 'https://www.instagram.com/' });
    await view(shopper, '/shop/p/stoneware-mug', { referrer: 'http://localhost/' });
    await event(shopper, 'ViewProductPage', { page_path: '/shop/p/stoneware-mug', product });
    await event(shopper, 'AddToCart', {
      page_path: '/shop/p/stoneware-mug',
      website_id: websiteId,
      page_id: '',
      cart_id: 'cart-1',
      product_page: 'pdp',
      product,
    });
    await event(shopper, 'CheckoutStarted', { page_path: '/checkout' });
    const browser: Jar = {};
    await view(browser, '/');
    await t.app.services.commerce.store.orders.recordAnalyticsEvent(websiteId, 'purchase', {
      transaction_id: 'order-1',
      value: 5_000,
      shipping: 0,
      tax: 0,
      items: [{ id: 'MUG', name: 'Stoneware Mug', quantity: 2, price: 2_500 }],
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/1/performance/records',
      headers: { 'content-type': 'text/plain', 'user-agent': UA },
      payload: JSON.stringify(
        [1_200, 1_800, 5_200].map((value, i) => ({
          app: 'storefront',
          event: 'user',
          pageLoadId: `l${i}`,
          ts: Date.now(),
          data: { metric: 'LCP', value, pagePath: '/', pageType: 1, element: 'img.hero' },
        })),
      ),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      headers: {
        'content-type': 'application/json',
        'user-agent': UA,
        'x-csrf-token': 'k'.repeat(24),
      },
      cookies: { crumb: 'k'.repeat(24) },
      payload: JSON.stringify([
        {
          event: 'error',
          data: { message: 'TypeError: x is undefined', pagePath: '/' },
          timestamp: Date.now(),
        },
      ]),
    });
    const run = await t.app.inject({ method: 'POST', url: '/api/testing/analytics/run' });
    expect(run.statusCode).toBe(200);
    expect(run.json().hoursRolledUp).toBeGreaterThanOrEqual(1);
  });
  afterAll(() => t.close());

  it('shows the visits, visitors, bounce and breakdowns of the day', async () => {
    const response = await report(owner, 'traffic');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totals).toMatchObject({ visits: 2, visitors: 2, pageviews: 3, bounceRate: 0.5 });
    expect(body.previous).toMatchObject({ visits: 0, pageviews: 0, bounceRate: null });
    expect(body.series).toEqual([{ day: today, visits: 2, visitors: 2, pageviews: 3 }]);
    expect(body.breakdowns.pages[0]).toMatchObject({ key: '/', pageviews: 2 });
    expect(body.breakdowns.sources.map((s: { key: string }) => s.key).sort()).toEqual([
      'Direct / None',
      'Instagram',
    ]);
    expect(body.breakdowns.devices).toEqual([
      { key: 'Desktop', visits: 2, pageviews: 3, visitors: 2 },
    ]);
    expect(body.breakdowns.countries[0]).toMatchObject({ key: 'US', visitors: 2 });
  });

  it('shows the funnel, revenue and top products', async () => {
    const body = (await report(owner, 'commerce')).json();
    expect(body.funnel).toEqual({
      visits: 2,
      productViews: 1,
      addToCart: 1,
      checkout: 1,
      purchase: 0,
    });
    expect(body).toMatchObject({
      orders: 1,
      revenueCents: 5_000,
      averageOrderCents: 5_000,
      currency: 'USD',
    });
    expect(body.topProducts[0]).toEqual({
      name: 'Stoneware Mug',
      views: 1,
      addedToCart: 1,
      unitsSold: 2,
      revenueCents: 5_000,
    });
  });

  it('shows p75 of each vital with its rating shares and the element behind a poor page', async () => {
    const body = (await report(owner, 'performance')).json();
    const lcp = body.metrics.find((m: { metric: string }) => m.metric === 'LCP');
    expect(lcp.count).toBe(3);
    expect(lcp.poor).toBeCloseTo(1 / 3);
    expect(Math.abs(lcp.p75 - 5_200)).toBeLessThan(150);
    expect(body.worstPages[0]).toMatchObject({ metric: 'LCP', path: '/', element: 'img.hero' });
  });

  it('groups errors with their pages and browsers', async () => {
    const body = (await report(owner, 'errors')).json();
    expect(body.groups).toHaveLength(1);
    expect(body.groups[0]).toMatchObject({
      message: 'TypeError: x is undefined',
      count: 1,
      pages: [{ key: '/', count: 1 }],
      browsers: [{ key: 'Chrome', count: 1 }],
    });
  });

  it('exports every dashboard as CSV', async () => {
    for (const name of ['traffic', 'commerce', 'performance', 'errors']) {
      const response = await report(owner, name, `from=${today}&to=${today}&format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain(`${name}-${today}-to-${today}`);
    }
    const csv = (await report(owner, 'commerce', `from=${today}&to=${today}&format=csv`)).body;
    expect(csv).toContain('Stoneware Mug,1,1,2,5000');
  });

  it('lets the reporting role read the dashboards and keeps an editor out', async () => {
    const reporter = await memberClient(t, owner, {
      email: 'numbers@example.com',
      role: Role.reporting,
    });
    expect((await report(reporter, 'traffic')).statusCode).toBe(200);
    const editor = await memberClient(t, owner, { email: 'words@example.com', role: Role.editor });
    expect((await report(editor, 'traffic')).statusCode).toBe(403);
  });

  it('offers the roll-up-now route only with TEST_CLOCK on', async () => {
    const plain = await createTestApp();
    try {
      const run = await plain.app.inject({ method: 'POST', url: '/api/testing/analytics/run' });
      expect(run.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a backwards or year-long range with the reason', async () => {
    const backwards = await report(owner, 'traffic', 'from=2026-11-10&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.from).toBe('The start date must come before the end date');
    const long = await report(owner, 'traffic', 'from=2024-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect((await report(owner, 'traffic', 'from=yesterday&to=2026-11-01')).statusCode).toBe(400);
  });
});
