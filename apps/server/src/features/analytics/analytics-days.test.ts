import { decodeSketch, estimateCardinality } from '@atelier/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type AnalyticsEventInsert, createAnalyticsRepo } from './analytics.repo.ts';

// The site-day rollups: the worker folds a website day's hours into one row per key, in the
// website's time zone, and rebuilds it when a late event changes one of its hours; the
// dashboards read those rows and give the figures the hours give. Events go in through the
// batch writer at chosen instants, each test on days of its own, within retention.

const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe(`analytics site days (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    websiteId = (
      await t.database.db.selectFrom('websites').select('website_id').executeTakeFirstOrThrow()
    ).website_id;
    await t.app.services.analyticsWorker.runOnce();
  });
  afterAll(() => t.close());

  const settle = () => t.app.services.analyticsWorker.runOnce();
  // As the store settings do: the website row is remembered until it changes.
  const setZone = async (timeZone: string) => {
    await t.database.db
      .updateTable('websites')
      .set({ time_zone: timeZone })
      .where('website_id', '=', websiteId)
      .execute();
    t.app.services.pageCache.invalidate(websiteId);
  };
  const pageview = (when: Date, path = '/days'): AnalyticsEventInsert => {
    serial += 1;
    return {
      website_id: websiteId,
      occurred_at: when,
      kind: 'pageview',
      name: 'pageview',
      visitor_id: `visitor-${serial}`,
      visit_id: `visit-${serial}`,
      is_entry: true,
      path,
      device: 'Desktop',
      browser: 'Chrome',
      country: 'US',
    };
  };
  const write = (events: AnalyticsEventInsert[]) =>
    createAnalyticsRepo(t.database.db).writeBatch(events, []);
  const totalRows = (day: string) =>
    t.database.db
      .selectFrom('analytics_day_rollups')
      .select(['pageviews', 'visits', 'visitors'])
      .where('website_id', '=', websiteId)
      .where('day', '=', day)
      .where('dimension', '=', 'total')
      .execute();
  const traffic = (from: string, to: string) =>
    t.app.services.analyticsDashboard.traffic(websiteId, { from, to });

  it('folds a day of several hours into one row per key', async () => {
    await setZone('UTC');
    const day = dayAgo(3);
    await write([
      pageview(at(day, '01:10:00')),
      pageview(at(day, '09:30:00')),
      pageview(at(day, '22:50:00')),
    ]);
    const run = await settle();
    expect(run.hoursRolledUp).toBe(3);
    expect(run.daysRolledUp).toBe(1);

    const rows = await totalRows(day);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pageviews: 3, visits: 3 });
    expect(estimateCardinality(decodeSketch(rows[0]?.visitors as Buffer))).toBe(3);
    const marked = await sql<{ time_zone: string }>`
      select time_zone from analytics_days where website_id = ${websiteId} and day = ${day}::date`.execute(
      t.database.db,
    );
    expect(marked.rows).toEqual([{ time_zone: 'UTC' }]);
    expect(await t.database.db.selectFrom('analytics_dirty_days').selectAll().execute()).toEqual(
      [],
    );

    const report = await traffic(day, day);
    expect(report.totals).toMatchObject({ visits: 3, visitors: 3, pageviews: 3 });
    expect(report.series).toEqual([{ day, visits: 3, visitors: 3, pageviews: 3 }]);
    expect(report.breakdowns.pages).toEqual([
      { key: '/days', visits: 3, pageviews: 3, visitors: null },
    ]);
  });

  it('rebuilds the day when a late event lands in another of its hours', async () => {
    await setZone('UTC');
    const day = dayAgo(5);
    await write([pageview(at(day, '10:00:00'), '/late')]);
    await settle();
    expect((await totalRows(day))[0]).toMatchObject({ pageviews: 1 });

    await write([pageview(at(day, '15:45:00'), '/late')]);
    const run = await settle();
    expect(run).toMatchObject({ hoursRolledUp: 1, daysRolledUp: 1 });
    expect(await totalRows(day)).toHaveLength(1);
    expect((await totalRows(day))[0]).toMatchObject({ pageviews: 2, visits: 2 });
    expect((await traffic(day, day)).totals).toMatchObject({ visits: 2, pageviews: 2 });
  });

  it("cuts days at the website's own midnight, and rebuilds them when the zone changes", async () => {
    // Tokyo is UTC+9 all year: its day D runs from D-1 15:00 to D 15:00 UTC.
    await setZone('Asia/Tokyo');
    const day = dayAgo(9);
    await write([
      pageview(at(shift(day, -1), '15:30:00'), '/tokyo'), // D 00:30 in Tokyo
      pageview(at(day, '14:30:00'), '/tokyo'), // D 23:30 in Tokyo
      pageview(at(day, '15:30:00'), '/tokyo'), // D+1 00:30 in Tokyo
    ]);
    expect((await settle()).daysRolledUp).toBeGreaterThanOrEqual(2);
    expect((await totalRows(day))[0]).toMatchObject({ pageviews: 2 });
    expect((await totalRows(shift(day, 1)))[0]).toMatchObject({ pageviews: 1 });
    expect(await totalRows(shift(day, -1))).toEqual([]);
    const tokyo = await traffic(shift(day, -1), shift(day, 1));
    expect(tokyo.series.map((s) => s.pageviews)).toEqual([0, 2, 1]);
    expect(tokyo.totals.pageviews).toBe(3);

    // Before the worker notices the new zone, the days built in Tokyo's are not used: the
    // report reads the hours, cut at UTC midnight.
    await setZone('UTC');
    const fromHours = await traffic(shift(day, -1), shift(day, 1));
    expect(fromHours.series.map((s) => s.pageviews)).toEqual([1, 2, 0]);

    const run = await settle();
    expect(run.daysRolledUp).toBeGreaterThanOrEqual(2);
    expect((await totalRows(shift(day, -1)))[0]).toMatchObject({ pageviews: 1 });
    expect((await totalRows(day))[0]).toMatchObject({ pageviews: 2 });
    expect(await totalRows(shift(day, 1))).toEqual([]);
    const stale = await sql<{ n: number }>`
      select count(*)::int as n from analytics_days
      where website_id = ${websiteId} and time_zone <> 'UTC'`.execute(t.database.db);
    expect(stale.rows[0]?.n).toBe(0);
    expect(await traffic(shift(day, -1), shift(day, 1))).toEqual(fromHours);
  });

  it("tallies an error's pages and browsers by day, beyond the raw events", async () => {
    await setZone('UTC');
    const day = dayAgo(12);
    const error = (time: string, path: string, browser: string): AnalyticsEventInsert => ({
      ...pageview(at(day, time), path),
      kind: 'error',
      name: 'fp-day-tally',
      is_entry: false,
      browser,
    });
    await createAnalyticsRepo(t.database.db).writeBatch(
      [
        error('02:00:00', '/cart', 'Chrome'),
        error('08:00:00', '/cart', 'Firefox'),
        error('20:00:00', '/shop', 'Chrome'),
      ],
      ['02:00:00', '08:00:00', '20:00:00'].map((time) => ({
        websiteId,
        fingerprint: 'fp-day-tally',
        message: 'RangeError: day tally',
        stack: '',
        source: '',
        at: at(day, time),
      })),
    );
    await settle();
    const tallies = await sql<{ facet: string; key: string; count: number }>`
      select facet, key, count from analytics_error_day_tallies
      where website_id = ${websiteId} and day = ${day}::date and fingerprint = 'fp-day-tally'
      order by facet, key`.execute(t.database.db);
    expect(tallies.rows).toEqual([
      { facet: 'browser', key: 'Chrome', count: 2 },
      { facet: 'browser', key: 'Firefox', count: 1 },
      { facet: 'page', key: '/cart', count: 2 },
      { facet: 'page', key: '/shop', count: 1 },
    ]);

    // Retention drops raw events; the report no longer needs them.
    await sql`delete from analytics_events where website_id = ${websiteId} and kind = 'error'`.execute(
      t.database.db,
    );
    const report = await t.app.services.analyticsDashboard.errors(websiteId, {
      from: day,
      to: day,
    });
    expect(report.groups).toHaveLength(1);
    expect(report.groups[0]).toMatchObject({
      message: 'RangeError: day tally',
      count: 3,
      pages: [
        { key: '/cart', count: 2 },
        { key: '/shop', count: 1 },
      ],
      browsers: [
        { key: 'Chrome', count: 2 },
        { key: 'Firefox', count: 1 },
      ],
    });
  });
});
