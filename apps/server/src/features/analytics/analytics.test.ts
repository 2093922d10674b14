import { CSRF_COOKIE, CSRF_HEADER } from '@atelier/contract';
import { decodeSketch, estimateCardinality, histogramQuantile } from '@atelier/core';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { ownerClient } from '../auth/editor-client.ts';
import { createAnalyticsRepo } from './analytics.repo.ts';

// Ingestion end to end through the real routes, queue, batch writer, partitions and the
// rollup worker, on both dialects. Each test uses its own page paths so the shared
// website's rows can be told apart.

const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const CRUMB = 'c'.repeat(32);

describe(`analytics ingestion (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const row = await t.database.db
      .selectFrom('websites')
      .select('website_id')
      .executeTakeFirstOrThrow();
    websiteId = row.website_id;
    await t.app.services.analyticsWorker.runOnce();
  });
  afterAll(() => t.close());

  type Jar = Record<string, string>;
  const keep = (jar: Jar, response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) delete jar[cookie.name];
      else jar[cookie.name] = cookie.value;
    }
    return response;
  };
  const hit = (
    jar: Jar,
    data: Record<string, unknown>,
    headers: Record<string, string> = {},
    event = 'view',
  ) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/census/RecordHit',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': BROWSER_UA,
          ...headers,
        },
        cookies: { ...jar },
        payload: new URLSearchParams({ event, data: JSON.stringify(data) }).toString(),
      })
      .then((response) => keep(jar, response));
  const post = (
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
    cookies: Jar = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, ...headers },
      cookies,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const settle = () => t.app.services.analyticsWorker.runOnce();
  const eventsAt = (path: string) =>
    t.database.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('path', '=', path)
      .orderBy('event_id')
      .execute();
  const rollup = (dimension: string, key: string) =>
    t.database.db
      .selectFrom('analytics_rollups')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('dimension', '=', dimension)
      .where('key', '=', key)
      .execute();
  const rejected = async (reason: string) => {
    const rows = await t.database.db
      .selectFrom('analytics_rejections')
      .select('count')
      .where('website_id', '=', websiteId)
      .where('reason', '=', reason)
      .execute();
    return rows.reduce((sum, r) => sum + r.count, 0);
  };

  it('counts a visit with cookies: one entry, two page views, one visitor, no bounce', async () => {
    const jar: Jar = {};
    const first = await hit(jar, {
      pagePath: '/visit-a',
      pageType: 10,
      referrer: 'https://www.google.com/',
      search: '?utm_campaign=spring',
      screenWidth: 390,
      timeZone: 'Europe/Paris',
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ accepted: 1 });
    expect(jar.ss_cvr).toMatch(/^[\w-]+\|\d+\|\d+\|\d+\|1$/);
    expect(jar.ss_cvt).toMatch(/^\d+$/);
    expect(jar.SS_ANALYTICS_ID).toBe(jar.ss_cvr?.split('|')[0]);
    const cookie = first.cookies.find((c) => c.name === 'ss_cvr') as {
      maxAge?: number;
      httpOnly?: boolean;
    };
    expect(cookie.maxAge).toBe(730 * 86_400);
    expect(cookie.httpOnly).toBe(true);
    await hit(jar, { pagePath: '/visit-b', referrer: 'http://localhost/visit-a' });
    await hit(jar, { pagePath: '/visit-b', engagedMs: 4_000 }, {}, 'leave');
    await settle();

    const [entry] = await eventsAt('/visit-a');
    expect(entry).toMatchObject({
      kind: 'pageview',
      is_entry: true,
      referrer_host: 'google.com',
      utm_campaign: 'spring',
      device: 'Mobile',
      browser: 'Chrome',
      country: 'FR',
      page_type: 10,
    });
    const second = (await eventsAt('/visit-b'))[0];
    expect(second?.is_entry).toBe(false);
    expect(second?.visit_id).toBe(entry?.visit_id);
    const [page] = await rollup('page', '/visit-a');
    expect(page).toMatchObject({ pageviews: 1, visits: 1, bounces: 0 });
    const [source] = await rollup('source', 'Google');
    expect(source).toMatchObject({ visits: 1, bounces: 0 });
    expect(estimateCardinality(decodeSketch(source?.visitors))).toBe(1);
    expect((await rollup('utm_campaign', 'spring'))[0]?.visits).toBe(1);
    expect((await rollup('page', '/visit-b'))[0]).toMatchObject({
      pageviews: 1,
      engaged_ms: 4_000,
    });
  });

  it('counts a one-page visit as a bounce', async () => {
    await hit({}, { pagePath: '/bounce-only' });
    await settle();
    expect((await rollup('page', '/bounce-only'))[0]).toMatchObject({ visits: 1, bounces: 1 });
  });

  it('counts every order confirmation as one page, without its order id', async () => {
    const shopper: Jar = {};
    await hit(shopper, { pagePath: '/order-confirmed/3f1c9a0e-0000-4000-8000-000000000001' });
    await hit({}, { pagePath: '/order-confirmed/3f1c9a0e-0000-4000-8000-000000000002' });
    await settle();
    expect(await eventsAt('/order-confirmed')).toHaveLength(2);
    expect((await rollup('page', '/order-confirmed'))[0]).toMatchObject({ pageviews: 2 });
  });

  it('counts without cookies under refused consent, Do-Not-Track and GPC, clearing old ones', async () => {
    const jar: Jar = {
      ss_cvr: 'abc|1|1|1|1',
      ss_cvt: '1',
      [CSRF_COOKIE]: CRUMB,
      atl_consent: 'denied',
    };
    const refused = await hit(jar, { pagePath: '/no-cookies' });
    expect(refused.json()).toEqual({ accepted: 1 });
    expect(jar.ss_cvr).toBeUndefined();
    expect(jar.ss_cvt).toBeUndefined();
    expect(jar[CSRF_COOKIE]).toBe(CRUMB);
    const dnt = await hit({}, { pagePath: '/no-cookies' }, { dnt: '1' });
    expect(dnt.cookies).toEqual([]);
    const gpc = await hit({}, { pagePath: '/no-cookies' }, { 'sec-gpc': '1' });
    expect(gpc.cookies).toEqual([]);
    await settle();
    const rows = await eventsAt('/no-cookies');
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.visitor_id === null && r.visit_id === null)).toBe(true);
    expect((await rollup('page', '/no-cookies'))[0]?.pageviews).toBe(3);
  });

  it('waits for consent when the owner turns the banner on', async () => {
    await t.app.services.preferences.put(websiteId, 'analytics', {
      isCensusEnabled: true,
      isConsentBannerOn: true,
      isSiteVisitorMetricsOn: true,
    });
    try {
      const undecided = await hit({}, { pagePath: '/banner' });
      expect(undecided.cookies).toEqual([]);
      const granted = await hit({ atl_consent: 'granted' }, { pagePath: '/banner' });
      expect(granted.cookies.map((c) => c.name).sort()).toEqual([
        'SS_ANALYTICS_ID',
        'ss_cvr',
        'ss_cvt',
      ]);
    } finally {
      await t.app.services.preferences.put(websiteId, 'analytics', {
        isCensusEnabled: true,
        isConsentBannerOn: false,
        isSiteVisitorMetricsOn: true,
      });
    }
  });

  it('records nothing with census off, for bots, on untracked paths, or for a signed-in owner', async () => {
    await t.app.services.preferences.put(websiteId, 'analytics', {
      isCensusEnabled: false,
      isConsentBannerOn: false,
      isSiteVisitorMetricsOn: true,
    });
    const off = await hit({}, { pagePath: '/not-counted' });
    await t.app.services.preferences.put(websiteId, 'analytics', {
      isCensusEnabled: true,
      isConsentBannerOn: false,
      isSiteVisitorMetricsOn: true,
    });
    const bot = await hit(
      {},
      { pagePath: '/not-counted' },
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    );
    const search = await hit({}, { pagePath: '/search' });
    const config = await hit({}, { pagePath: '/config/pages' });
    const owner = await ownerClient(t);
    const signedIn = await hit({ ...owner.cookies }, { pagePath: '/not-counted' });
    for (const response of [off, bot, search, config, signedIn]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ accepted: 0 });
    }
    await settle();
    expect(await eventsAt('/not-counted')).toEqual([]);
    expect(await eventsAt('/search')).toEqual([]);
    expect(await rejected('bot')).toBeGreaterThanOrEqual(1);
  });

  it('refuses malformed, oversized and forged bodies with a 4xx, counts them and stores nothing', async () => {
    const before = await t.database.db
      .selectFrom('analytics_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const responses = [
      await post('/api/1/performance/records', '[{"app":', { 'content-type': 'text/plain' }),
      await post('/api/1/performance/records', 'x'.repeat(70_000), {
        'content-type': 'text/plain',
      }),
      await post('/api/1/performance/records', [
        {
          app: 'a',
          event: 'user',
          pageLoadId: 'p',
          ts: 1,
          data: { metric: 'LCP', value: 2_147_483_648, pagePath: '/x' },
        },
      ]),
      await post('/api/v1/clanker/events', {
        eventSchemaName: 'PageView',
        eventContent: { page_path: '/x', is_admin: true },
      }),
      await post('/api/v1/clanker/events', { eventSchemaName: 'DropTables', eventContent: {} }),
      await post('/api/v1/clanker/events', {
        eventSchemaName: 'PageView',
        eventContent: { page_path: '/x' },
        extra: 1,
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/census/RecordHit',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'event=view&data=%7Bnot-json',
      }),
      await post('/api/events/RecordJavascriptErrors', [
        { event: 'error', data: { message: 'x', pagePath: '/x' }, timestamp: 1 },
      ]),
      await post('/api/census/form-render', { pagePath: '/x' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([
      400, 413, 400, 400, 400, 400, 400, 403, 400,
    ]);
    for (const response of responses) expect(response.json().code).toMatch(/^[A-Z_]+$/);
    await settle();
    const after = await t.database.db
      .selectFrom('analytics_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await rejected('http-400')).toBeGreaterThanOrEqual(7);
    expect(await rejected('http-413')).toBeGreaterThanOrEqual(1);
  });

  it('explains an invalid event in validate mode', async () => {
    const bad = await post('/api/v1/clanker/validate-event-content/AddToCart', { page_path: '/p' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().isValid).toBe(false);
    expect(Object.keys(bad.json().errors)).toContain('product');
    const good = await post('/api/v1/clanker/validate-event-content/PageView', { page_path: '/p' });
    expect(good.json()).toEqual({ isValid: true, errors: {} });
  });

  it('rates web vitals on the server and reads p75 from the rollup', async () => {
    const records = [1_000, 2_000, 3_000, 5_000].map((value, i) => ({
      app: 'storefront',
      event: 'user',
      pageLoadId: `load-${i}`,
      ts: Date.now(),
      data: {
        metric: 'LCP',
        value,
        rating: 'good',
        pagePath: '/vitals',
        pageType: 10,
        element: 'main>img',
      },
    }));
    const response = await post('/api/1/performance/records', JSON.stringify(records), {
      'content-type': 'text/plain',
    });
    expect(response.json()).toEqual({ accepted: 4 });
    await settle();
    const rows = await eventsAt('/vitals');
    expect(rows.map((r) => r.rating)).toEqual(['good', 'good', 'needs-improvement', 'poor']);
    const [vital] = await t.database.db
      .selectFrom('analytics_vital_rollups')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('path', '=', '/vitals')
      .execute();
    expect(vital).toMatchObject({
      metric: 'LCP',
      element: 'main>img',
      good: 2,
      needs_improvement: 1,
      poor: 1,
    });
    const p75 = histogramQuantile('LCP', vital?.histogram ?? {}, 0.75) ?? 0;
    expect(Math.abs(p75 - 3_000)).toBeLessThan(90);
  });

  it('groups JavaScript errors by message and first frame, with the crumb', async () => {
    const error = (message: string, line: number) => ({
      event: 'error',
      data: {
        message,
        stack: `TypeError: ${message}\n    at renderPrice (http://localhost/assets/a.js:${line}:3)`,
        pagePath: '/broken',
      },
      timestamp: Date.now(),
    });
    const response = await post(
      '/api/events/RecordJavascriptErrors',
      [error('Cannot read item 4', 10), error('Cannot read item 9', 12)],
      { [CSRF_HEADER]: CRUMB },
      { [CSRF_COOKIE]: CRUMB },
    );
    expect(response.json()).toEqual({ accepted: 2 });
    await settle();
    const groups = await t.database.db
      .selectFrom('analytics_error_groups')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('message', 'like', 'Cannot read item%')
      .execute();
    expect(groups).toHaveLength(1);
    expect(groups[0]?.occurrences).toBe(2);
  });

  it('counts a client Purchase only for a real recent order, once', async () => {
    const content = {
      page_path: '/commerce/orders/x',
      transaction_id: '00000000-0000-4000-8000-000000000000',
      value: 100,
      shipping: 0,
      tax: 0,
      items: [],
    };
    const fake = await post('/api/v1/clanker/events', {
      eventSchemaName: 'Purchase',
      eventContent: content,
    });
    expect(fake.json()).toEqual({ accepted: 0 });
    await settle();
    expect(await rejected('purchase-unverified')).toBe(1);
  });

  it('clears the hours it rolled up, whatever the microseconds of their mark', async () => {
    await hit({}, { pagePath: '/dirty-hour' });
    await t.app.services.analytics.flush();
    // The batch writer marks with now(), to the microsecond; a JavaScript Date holds
    // milliseconds, so a mark read into one compares as earlier than it is.
    await sql`update analytics_dirty_hours set marked_at = marked_at + interval '123 microseconds'`.execute(
      t.database.db,
    );
    await settle();
    const left = await t.database.db
      .selectFrom('analytics_dirty_hours')
      .select('hour')
      .where('website_id', '=', websiteId)
      .execute();
    expect(left).toEqual([]);
    expect((await rollup('page', '/dirty-hour')).reduce((n, r) => n + r.pageviews, 0)).toBe(1);
  });

  it('keeps day partitions ready, moves early rows in, and drops days past retention', async () => {
    const repo = createAnalyticsRepo(t.database.db);
    const old = '2020-01-05';
    await t.database.db
      .insertInto('analytics_events')
      .values({
        website_id: websiteId,
        occurred_at: `${old}T10:00:00Z`,
        kind: 'pageview',
        name: 'view',
        path: '/ancient',
      })
      .execute();
    expect(await repo.ensureDayPartitions([old])).toEqual([old]);
    expect(await repo.listDayPartitions()).toContain(old);
    const inPartition = await sql<{
      n: number;
    }>`select count(*)::int as n from analytics_events_p20200105`.execute(t.database.db);
    expect(inPartition.rows[0]?.n).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await repo.listDayPartitions()).toContain(today);
    expect(await repo.dropDaysBefore('2020-01-06')).toEqual([old]);
    expect(await eventsAt('/ancient')).toEqual([]);
  });
});
