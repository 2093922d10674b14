import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ChromiumSuite, useChromium } from './support/browser.ts';
import { callFrom, createOwner } from './support/editor.ts';
import { chooseShipping, fillCheckout, payWithCard } from './support/shopper.ts';

// Issue 24's walk from end to end: a fresh visitor in real Chromium browses, buys and
// trips over a broken script; the worker rolls up (TEST_CLOCK's roll-up-now route instead
// of its minute); the owner's dashboards then show that one visit, its pages, the funnel,
// the revenue, the visitor's web vitals rated, and the error grouped.

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('analytics from a visit to the dashboards (Chromium)', () => {
  let suite: ChromiumSuite;
  useChromium(
    (s) => {
      suite = s;
    },
    { env: { NODE_ENV: 'development', TEST_CLOCK: 'on' } },
  );

  /** The collector's answers the page has had, by path. */
  function answered(page: Page) {
    const seen: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (/^\/api\/(census|v1\/clanker|1\/performance|events)\//.test(path)) seen.push(path);
    });
    return seen;
  }

  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** The tab going hidden flushes the vitals; a beacon sent while a page unloads may be lost to the test. */
  const hide = (page: Page) =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('pagehide'));
    });

  /** Around today in any time zone the website may keep. */
  const range = () => {
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    return `from=${day(-1)}&to=${day(1)}`;
  };

  it('shows one visit, its pages, the funnel, the revenue, the vitals and the error', async () => {
    const context = await suite.browser.newContext({ userAgent: CHROME_UA });
    const shopper = await context.newPage();
    const seen = answered(shopper);
    const base = suite.server.baseUrl;

    // Three pages browsed: home, the shop, a product.
    await shopper.goto(`${base}/`);
    await until(() => seen.includes('/api/census/RecordHit'), 'the home page view');
    await shopper.goto(`${base}/shop`);
    await until(
      () => seen.filter((p) => p === '/api/census/RecordHit').length >= 2,
      'the shop page view',
    );
    await shopper.goto(`${base}/shop/p/stoneware-mug`);
    await expect
      .poll(() =>
        shopper.locator('[data-island="ProductForm"]').first().getAttribute('data-hydrated'),
      )
      .toBe('true');
    await until(() => seen.includes('/api/v1/clanker/events'), 'the product view');

    // The click on Add to cart is the interaction INP measures; hiding the tab sends the vitals.
    await shopper.locator('button.add-to-cart').click();
    await shopper.getByRole('link', { name: 'One item in cart', exact: true }).first().waitFor();
    await until(
      () => seen.filter((p) => p === '/api/v1/clanker/events').length >= 2,
      'the add to cart event',
    );
    // The script breaks twice, over two different variants: one error group of two.
    await shopper.evaluate(() => {
      for (const id of [1234, 5678]) {
        setTimeout(() => {
          throw new Error(`Variant ${id} has no price`);
        });
      }
    });
    await until(() => seen.includes('/api/events/RecordJavascriptErrors'), 'the error report');
    // A visitor who stays a moment: the tab going hidden sends the time spent on the page.
    await shopper.waitForTimeout(1_500);
    await hide(shopper);
    await until(() => seen.includes('/api/1/performance/records'), 'the web vitals');

    await shopper.goto(`${base}/checkout`);
    await expect
      .poll(() => shopper.locator('[data-island="Checkout"]').first().getAttribute('data-hydrated'))
      .toBe('true');
    await fillCheckout(shopper, {
      email: 'walker@example.com',
      address: {
        name: 'Ada Walker',
        line1: '1 Main St',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
    });
    await chooseShipping(shopper, /Standard/);
    await payWithCard(shopper, { name: 'Ada Walker' });
    await shopper.waitForURL(/\/order-confirmed\//);
    const grand = await shopper.locator('.checkout__grand').last().textContent();
    const totalCents = Math.round(Number((grand ?? '').replace(/[^0-9.]/g, '')) * 100);
    expect(totalCents).toBeGreaterThan(0);
    await until(
      () => seen.filter((p) => p === '/api/v1/clanker/events').length >= 4,
      'the checkout and purchase events',
    );
    await context.close();

    const run = await fetch(`${base}/api/testing/analytics/run`, { method: 'POST' });
    expect(run.status).toBe(200);

    const owner = suite.page;
    await createOwner(owner, base);
    await owner.getByRole('navigation').first().waitFor();
    const websiteId: string = (await callFrom(owner, 'GET', '/api/config/session')).json.websiteId;
    const report = async (name: string) => {
      const answer = await callFrom(
        owner,
        'GET',
        `/api/content-service/analytics/1.0/websites/${websiteId}/${name}?${range()}`,
      );
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json;
    };

    const traffic = await report('traffic');
    expect(traffic.totals.visits).toBe(1);
    expect(traffic.totals.visitors).toBe(1);
    expect(traffic.totals.pageviews).toBeGreaterThanOrEqual(3);
    expect(traffic.totals.avgVisitSeconds).toBeGreaterThanOrEqual(2);
    const pages = traffic.breakdowns.pages.map((row: { key: string }) => row.key);
    expect(pages).toEqual(expect.arrayContaining(['/', '/shop', '/shop/p/stoneware-mug']));

    const commerce = await report('commerce');
    expect(commerce.funnel).toEqual({
      visits: 1,
      productViews: 1,
      addToCart: 1,
      checkout: 1,
      purchase: 1,
    });
    expect(commerce.orders).toBe(1);
    expect(commerce.revenueCents).toBe(totalCents);
    expect(commerce.topProducts[0]).toMatchObject({ name: 'Stoneware Mug', unitsSold: 1 });

    const performance = await report('performance');
    const byMetric = new Map(
      performance.metrics.map((m: { metric: string; count: number }) => [m.metric, m]),
    );
    for (const metric of ['LCP', 'CLS', 'INP', 'TTFB']) {
      const summary = byMetric.get(metric) as
        | { count: number; good: number; needsImprovement: number; poor: number }
        | undefined;
      expect(summary?.count, `${metric} records`).toBeGreaterThanOrEqual(1);
      // Every record is rated: the three shares make the whole.
      expect(
        (summary?.good ?? 0) + (summary?.needsImprovement ?? 0) + (summary?.poor ?? 0),
      ).toBeCloseTo(1);
    }

    const errors = await report('errors');
    const group = errors.groups.find((g: { message: string }) => /has no price/.test(g.message));
    expect(group, JSON.stringify(errors.groups)).toMatchObject({
      count: 2,
      pages: [{ key: '/shop/p/stoneware-mug', count: 2 }],
      browsers: [{ key: 'Chrome', count: 2 }],
    });
  });
});
