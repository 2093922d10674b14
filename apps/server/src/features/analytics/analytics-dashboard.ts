import type { WebVitalName } from '@atelier/core';
import {
  addToHistogram,
  estimateCardinality,
  histogramQuantile,
  type VitalHistogram,
} from '@atelier/core';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { unionOfSketches } from './analytics.repo.ts';

// The owner's analytics dashboards (issue 24), read from the hourly rollups only, so a
// query's cost follows the hours and keys in its range, not the events behind them (over
// 90 days that is still too slow for a busy site: docs/PERFORMANCE.md). Days are
// the website's own (its time zone), and every figure comes with the same figure for the
// period just before, for the comparison.

export type DateRange = { from: string; to: string };

const DAY_MS = 86_400_000;

/** The period of the same length just before `range` (both inclusive days). */
export function previousRange(range: DateRange): DateRange {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  const days = Math.round((to - from) / DAY_MS) + 1;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(from - days * DAY_MS), to: day(from - DAY_MS) };
}

type Totals = {
  visits: number;
  visitors: number;
  pageviews: number;
  bounceRate: number | null;
  avgVisitSeconds: number | null;
};

export type TrafficReport = {
  range: DateRange;
  totals: Totals;
  previous: Totals;
  series: { day: string; visits: number; visitors: number; pageviews: number }[];
  breakdowns: Record<
    'pages' | 'sources' | 'utmCampaigns' | 'devices' | 'browsers' | 'countries',
    { key: string; visits: number; pageviews: number; visitors: number | null }[]
  >;
};

export function createAnalyticsDashboard(deps: {
  db: Kysely<DB>;
  timeZoneOf: (websiteId: string) => Promise<string>;
  /** The store's currency: the commerce screen shows revenue in it. */
  currencyOf: (websiteId: string) => Promise<string>;
}) {
  const { db } = deps;

  /** The rollup rows of a dimension in the range, summed by key (and by day with `byDay`). */
  async function sumOf(websiteId: string, range: DateRange, dimension: string, timeZone: string) {
    const { rows } = await sql<{
      key: string;
      pageviews: number;
      visits: number;
      bounces: number;
      engaged_ms: number;
      events: number;
      value_sum: number;
    }>`
      select key, sum(pageviews)::bigint as pageviews, sum(visits)::bigint as visits,
        sum(bounces)::bigint as bounces, sum(engaged_ms)::bigint as engaged_ms,
        sum(events)::bigint as events, sum(value_sum)::bigint as value_sum
      from analytics_rollups
      where website_id = ${websiteId} and dimension = ${dimension}
        and hour >= (${range.from}::date)::timestamp at time zone ${timeZone}
        and hour < (${range.to}::date + 1)::timestamp at time zone ${timeZone}
      group by key
    `.execute(db);
    return rows;
  }

  async function visitorsOf(
    websiteId: string,
    range: DateRange,
    dimension: string,
    keys: readonly string[],
    timeZone: string,
  ): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const { rows } = await sql<{ key: string; visitors: Buffer | null }>`
      select key, visitors from analytics_rollups
      where website_id = ${websiteId} and dimension = ${dimension}
        and key in (${sql.join(keys)})
        and hour >= (${range.from}::date)::timestamp at time zone ${timeZone}
        and hour < (${range.to}::date + 1)::timestamp at time zone ${timeZone}
    `.execute(db);
    const byKey = new Map<string, (Uint8Array | null)[]>();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.visitors]);
    return new Map(
      [...byKey].map(([key, sketches]) => [key, estimateCardinality(unionOfSketches(sketches))]),
    );
  }

  async function totalsOf(websiteId: string, range: DateRange, timeZone: string): Promise<Totals> {
    const [row] = await sumOf(websiteId, range, 'total', timeZone);
    const visitors = (await visitorsOf(websiteId, range, 'total', [''], timeZone)).get('') ?? 0;
    const visits = row?.visits ?? 0;
    return {
      visits,
      visitors,
      pageviews: row?.pageviews ?? 0,
      bounceRate: visits > 0 ? (row?.bounces ?? 0) / visits : null,
      avgVisitSeconds: visits > 0 ? Math.round((row?.engaged_ms ?? 0) / visits / 1000) : null,
    };
  }

  return {
    async traffic(websiteId: string, range: DateRange): Promise<TrafficReport> {
      const timeZone = await deps.timeZoneOf(websiteId);
      const { rows: hours } = await sql<{
        day: string;
        visits: number;
        pageviews: number;
        visitors: Buffer | null;
      }>`
        select to_char(hour at time zone ${timeZone}, 'YYYY-MM-DD') as day,
          visits, pageviews, visitors
        from analytics_rollups
        where website_id = ${websiteId} and dimension = 'total' and key = ''
          and hour >= (${range.from}::date)::timestamp at time zone ${timeZone}
          and hour < (${range.to}::date + 1)::timestamp at time zone ${timeZone}
      `.execute(db);
      const series = eachDay(range).map((day) => {
        const mine = hours.filter((h) => h.day === day);
        return {
          day,
          visits: mine.reduce((sum, h) => sum + h.visits, 0),
          pageviews: mine.reduce((sum, h) => sum + h.pageviews, 0),
          visitors: estimateCardinality(unionOfSketches(mine.map((h) => h.visitors))),
        };
      });
      const breakdown = async (dimension: string, sortBy: 'visits' | 'pageviews') => {
        const rows = (await sumOf(websiteId, range, dimension, timeZone))
          .sort((a, b) => b[sortBy] - a[sortBy] || a.key.localeCompare(b.key))
          .slice(0, 10);
        const visitors = ['source', 'device', 'browser', 'country'].includes(dimension)
          ? await visitorsOf(
              websiteId,
              range,
              dimension,
              rows.map((r) => r.key),
              timeZone,
            )
          : new Map<string, number>();
        return rows.map((r) => ({
          key: r.key,
          visits: r.visits,
          pageviews: r.pageviews,
          visitors: visitors.get(r.key) ?? null,
        }));
      };
      return {
        range,
        totals: await totalsOf(websiteId, range, timeZone),
        previous: await totalsOf(websiteId, previousRange(range), timeZone),
        series,
        breakdowns: {
          pages: await breakdown('page', 'pageviews'),
          sources: await breakdown('source', 'visits'),
          utmCampaigns: await breakdown('utm_campaign', 'visits'),
          devices: await breakdown('device', 'visits'),
          browsers: await breakdown('browser', 'visits'),
          countries: await breakdown('country', 'visits'),
        },
      };
    },

    async commerce(websiteId: string, range: DateRange) {
      const timeZone = await deps.timeZoneOf(websiteId);
      const read = async (r: DateRange) => {
        const events = new Map(
          (await sumOf(websiteId, r, 'event', timeZone)).map((row) => [row.key, row]),
        );
        const [total] = await sumOf(websiteId, r, 'total', timeZone);
        const purchases = events.get('purchase');
        const orders = purchases?.events ?? 0;
        const revenueCents = purchases?.value_sum ?? 0;
        const visits = total?.visits ?? 0;
        const purchaseVisits = events.get('Purchase')?.visits ?? 0;
        return {
          funnel: {
            visits,
            productViews: events.get('ViewProductPage')?.visits ?? 0,
            addToCart: events.get('AddToCart')?.visits ?? 0,
            checkout: events.get('CheckoutStarted')?.visits ?? 0,
            purchase: purchaseVisits,
          },
          orders,
          revenueCents,
          averageOrderCents: orders > 0 ? Math.round(revenueCents / orders) : null,
          conversionRate: visits > 0 ? purchaseVisits / visits : null,
        };
      };
      const products = async () => {
        const [sold, viewed, added] = await Promise.all([
          sumOf(websiteId, range, 'product_sold', timeZone),
          sumOf(websiteId, range, 'product_view', timeZone),
          sumOf(websiteId, range, 'product_add', timeZone),
        ]);
        const names = new Set([...sold, ...viewed, ...added].map((r) => r.key));
        return [...names]
          .map((name) => ({
            name,
            views: viewed.find((r) => r.key === name)?.visits ?? 0,
            addedToCart: added.find((r) => r.key === name)?.visits ?? 0,
            unitsSold: sold.find((r) => r.key === name)?.events ?? 0,
            revenueCents: sold.find((r) => r.key === name)?.value_sum ?? 0,
          }))
          .sort((a, b) => b.revenueCents - a.revenueCents || b.views - a.views)
          .slice(0, 10);
      };
      return {
        range,
        currency: await deps.currencyOf(websiteId),
        ...(await read(range)),
        previous: await read(previousRange(range)),
        topProducts: await products(),
      };
    },

    async performance(websiteId: string, range: DateRange) {
      const timeZone = await deps.timeZoneOf(websiteId);
      const { rows } = await sql<{
        metric: string;
        path: string;
        page_type: number;
        element: string;
        good: number;
        needs_improvement: number;
        poor: number;
        histogram: Record<string, number>;
      }>`
        -- Summed and merged here, not in the server: over 90 days a busy site has close to
        -- a million hourly rows (metric × page × element × hour), which as JavaScript
        -- objects outgrew the server's heap (bench/analytics-dashboard.mjs, 10 million
        -- events). Grouped, it is a row per metric, page, page type and element.
        with hours as (
          select metric, path, page_type, element, good, needs_improvement, poor, histogram
          from analytics_vital_rollups
          where website_id = ${websiteId}
            and hour >= (${range.from}::date)::timestamp at time zone ${timeZone}
            and hour < (${range.to}::date + 1)::timestamp at time zone ${timeZone}
        ),
        counts as (
          select metric, path, page_type, element, sum(good)::bigint as good,
            sum(needs_improvement)::bigint as needs_improvement, sum(poor)::bigint as poor
          from hours group by 1, 2, 3, 4
        ),
        buckets as (
          select metric, path, page_type, element, b.key as bucket, sum(b.value::bigint) as n
          from hours, jsonb_each_text(hours.histogram) as b
          group by 1, 2, 3, 4, 5
        ),
        histograms as (
          select metric, path, page_type, element, jsonb_object_agg(bucket, n) as histogram
          from buckets group by 1, 2, 3, 4
        )
        select c.metric, c.path, c.page_type, c.element, c.good, c.needs_improvement, c.poor,
          coalesce(h.histogram, '{}'::jsonb) as histogram
        from counts c
        left join histograms h
          on h.metric = c.metric and h.path = c.path and h.page_type = c.page_type and h.element = c.element
      `.execute(db);
      type Acc = {
        good: number;
        needsImprovement: number;
        poor: number;
        histogram: VitalHistogram;
      };
      const empty = (): Acc => ({ good: 0, needsImprovement: 0, poor: 0, histogram: {} });
      const add = (into: Acc, row: (typeof rows)[number]) => {
        into.good += row.good;
        into.needsImprovement += row.needs_improvement;
        into.poor += row.poor;
        addToHistogram(into.histogram, row.histogram);
      };
      const group = (keyOf: (row: (typeof rows)[number]) => string) => {
        const out = new Map<string, Acc>();
        for (const row of rows) {
          const key = keyOf(row);
          const acc = out.get(key) ?? empty();
          add(acc, row);
          out.set(key, acc);
        }
        return out;
      };
      const summary = (metric: string, acc: Acc) => {
        const count = acc.good + acc.needsImprovement + acc.poor;
        return {
          p75: histogramQuantile(metric as WebVitalName, acc.histogram, 0.75),
          count,
          good: count > 0 ? acc.good / count : 0,
          needsImprovement: count > 0 ? acc.needsImprovement / count : 0,
          poor: count > 0 ? acc.poor / count : 0,
        };
      };
      const metrics = [...group((r) => r.metric)].map(([metric, acc]) => ({
        metric,
        ...summary(metric, acc),
      }));
      const byPage = [...group((r) => `${r.metric}\u0000${r.path}`)].map(([key, acc]) => {
        const [metric = '', path = ''] = key.split('\u0000');
        return { metric, path, ...summary(metric, acc) };
      });
      const byPageType = [...group((r) => `${r.metric}\u0000${r.page_type}`)].map(([key, acc]) => {
        const [metric = '', pageType = '0'] = key.split('\u0000');
        return { metric, pageType: Number(pageType), ...summary(metric, acc) };
      });
      // The worst pages: most poor readings of LCP, CLS or INP, with the element behind them.
      const elements = [...group((r) => `${r.metric}\u0000${r.path}\u0000${r.element}`)];
      const worstPages = byPage
        .filter((p) => ['LCP', 'CLS', 'INP'].includes(p.metric) && p.poor + p.needsImprovement > 0)
        .sort((a, b) => b.poor * b.count - a.poor * a.count || (b.p75 ?? 0) - (a.p75 ?? 0))
        .slice(0, 10)
        .map((page) => {
          const behind = elements
            .filter(([key]) => key.startsWith(`${page.metric}\u0000${page.path}\u0000`))
            .map(([key, acc]) => ({
              element: key.split('\u0000')[2] ?? '',
              poor: acc.poor + acc.needsImprovement,
            }))
            .filter((e) => e.element)
            .sort((a, b) => b.poor - a.poor)[0];
          return { ...page, element: behind?.element ?? null };
        });
      return { range, metrics, byPage, byPageType, worstPages };
    },

    async errors(websiteId: string, range: DateRange) {
      const timeZone = await deps.timeZoneOf(websiteId);
      const counts = await sumOf(websiteId, range, 'error', timeZone);
      if (counts.length === 0) return { range, groups: [] };
      const fingerprints = counts.map((c) => c.key);
      const groups = await db
        .selectFrom('analytics_error_groups')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('fingerprint', 'in', fingerprints)
        .execute();
      // Pages and browsers come from the raw events, which are kept for the retention period.
      const { rows: where } = await sql<{
        fingerprint: string;
        path: string;
        browser: string | null;
        n: number;
      }>`
        select name as fingerprint, path, browser, count(*)::int as n from analytics_events
        where website_id = ${websiteId} and kind = 'error' and name in (${sql.join(fingerprints)})
          and occurred_at >= (${range.from}::date)::timestamp at time zone ${timeZone}
          and occurred_at < (${range.to}::date + 1)::timestamp at time zone ${timeZone}
        group by 1, 2, 3
      `.execute(db);
      return {
        range,
        groups: groups
          .map((g) => {
            const mine = where.filter((w) => w.fingerprint === g.fingerprint);
            const tally = (pick: (w: (typeof mine)[number]) => string) => {
              const out = new Map<string, number>();
              for (const w of mine) out.set(pick(w), (out.get(pick(w)) ?? 0) + w.n);
              return [...out]
                .map(([key, count]) => ({ key, count }))
                .sort((a, b) => b.count - a.count)
                .slice(0, 5);
            };
            return {
              fingerprint: g.fingerprint,
              message: g.message,
              stack: g.stack,
              source: g.source,
              count: counts.find((c) => c.key === g.fingerprint)?.events ?? 0,
              firstSeen: g.first_seen.getTime(),
              lastSeen: g.last_seen.getTime(),
              pages: tally((w) => w.path),
              browsers: tally((w) => w.browser ?? 'Unknown'),
            };
          })
          .sort((a, b) => b.count - a.count),
      };
    },
  };
}

export type AnalyticsDashboard = ReturnType<typeof createAnalyticsDashboard>;

function eachDay(range: DateRange): string[] {
  const out: string[] = [];
  const to = Date.parse(`${range.to}T00:00:00Z`);
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= to && out.length < 400; at += DAY_MS) {
    out.push(new Date(at).toISOString().slice(0, 10));
  }
  return out;
}
