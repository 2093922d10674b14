import type { WebVitalName } from '@atelier/core';
import {
  addToHistogram,
  estimateCardinality,
  histogramQuantile,
  type VitalHistogram,
} from '@atelier/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { type RollupSums, unionOfSketches } from './analytics.repo.ts';

// The owner's analytics dashboards (issue 24), read from the rollups only, so a query's
// cost follows the days and keys in its range, not the events behind them. Days are the
// website's own (its time zone), and every range is whole days: a day the worker has built
// in the website's current zone is read from the day tables (one row per day and key), any
// other day — not built yet, or built before the owner changed the zone — from its hours,
// which always hold the same figures. Every figure comes with the same figure for the
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

/**
 * Where a range's figures are read: the spans of days built in the website's zone (day
 * tables) and the spans of the others (hour tables, between the zone's midnights).
 */
type Plan = { timeZone: string; daySpans: DateRange[]; hourSpans: DateRange[] };

function spansOf(days: readonly string[]): DateRange[] {
  const spans: DateRange[] = [];
  for (const day of days) {
    const last = spans.at(-1);
    if (last && Date.parse(`${day}T00:00:00Z`) - Date.parse(`${last.to}T00:00:00Z`) === DAY_MS) {
      last.to = day;
    } else spans.push({ from: day, to: day });
  }
  return spans;
}

/** The day-table rows of the plan's built days (`false`: none). */
function dayWhere(plan: Plan): RawBuilder<boolean> {
  if (plan.daySpans.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    plan.daySpans.map((s) => sql`(day >= ${s.from}::date and day <= ${s.to}::date)`),
    sql` or `,
  )})`;
}

/** The hour-table rows of the plan's other days, `column` being the hour (`false`: none). */
function hourWhere(plan: Plan, column = sql.ref('hour')): RawBuilder<boolean> {
  if (plan.hourSpans.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(
    plan.hourSpans.map(
      (s) => sql`(${column} >= (${s.from}::date)::timestamp at time zone ${plan.timeZone}
        and ${column} < (${s.to}::date + 1)::timestamp at time zone ${plan.timeZone})`,
    ),
    sql` or `,
  )})`;
}

export function createAnalyticsDashboard(deps: {
  db: Kysely<DB>;
  timeZoneOf: (websiteId: string) => Promise<string>;
  /** The store's currency: the commerce screen shows revenue in it. */
  currencyOf: (websiteId: string) => Promise<string>;
}) {
  const { db } = deps;

  async function planOf(websiteId: string, range: DateRange, timeZone: string): Promise<Plan> {
    const { rows } = await sql<{ day: string }>`
      select day::text as day from analytics_days
      where website_id = ${websiteId} and time_zone = ${timeZone}
        and day >= ${range.from}::date and day <= ${range.to}::date
    `.execute(db);
    const built = new Set(rows.map((r) => r.day));
    const days = eachDay(range);
    return {
      timeZone,
      daySpans: spansOf(days.filter((d) => built.has(d))),
      hourSpans: spansOf(days.filter((d) => !built.has(d))),
    };
  }

  /** The rollup rows of a dimension in the plan's range, summed by key. */
  async function sumOf(websiteId: string, plan: Plan, dimension: string) {
    const { rows } = await sql<RollupSums & { key: string }>`
      select key, sum(pageviews)::bigint as pageviews, sum(visits)::bigint as visits,
        sum(bounces)::bigint as bounces, sum(engaged_ms)::bigint as engaged_ms,
        sum(events)::bigint as events, sum(value_sum)::bigint as value_sum
      from (
        select key, pageviews, visits, bounces, engaged_ms, events, value_sum
        from analytics_day_rollups
        where website_id = ${websiteId} and dimension = ${dimension} and ${dayWhere(plan)}
        union all
        select key, pageviews, visits, bounces, engaged_ms, events, value_sum
        from analytics_rollups
        where website_id = ${websiteId} and dimension = ${dimension} and ${hourWhere(plan)}
      ) r
      group by key
    `.execute(db);
    return rows;
  }

  async function visitorsOf(
    websiteId: string,
    plan: Plan,
    dimension: string,
    keys: readonly string[],
  ): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const { rows } = await sql<{ key: string; visitors: Buffer | null }>`
      select key, visitors from analytics_day_rollups
      where website_id = ${websiteId} and dimension = ${dimension}
        and key in (${sql.join(keys)}) and ${dayWhere(plan)}
      union all
      select key, visitors from analytics_rollups
      where website_id = ${websiteId} and dimension = ${dimension}
        and key in (${sql.join(keys)}) and ${hourWhere(plan)}
    `.execute(db);
    const byKey = new Map<string, (Uint8Array | null)[]>();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row.visitors]);
    return new Map(
      [...byKey].map(([key, sketches]) => [key, estimateCardinality(unionOfSketches(sketches))]),
    );
  }

  async function totalsOf(websiteId: string, plan: Plan): Promise<Totals> {
    const [row] = await sumOf(websiteId, plan, 'total');
    const visitors = (await visitorsOf(websiteId, plan, 'total', [''])).get('') ?? 0;
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
      const plan = await planOf(websiteId, range, timeZone);
      const { rows: hours } = await sql<{
        day: string;
        visits: number;
        pageviews: number;
        visitors: Buffer | null;
      }>`
        select day::text as day, visits, pageviews, visitors
        from analytics_day_rollups
        where website_id = ${websiteId} and dimension = 'total' and key = '' and ${dayWhere(plan)}
        union all
        select to_char(hour at time zone ${timeZone}, 'YYYY-MM-DD') as day,
          visits, pageviews, visitors
        from analytics_rollups
        where website_id = ${websiteId} and dimension = 'total' and key = '' and ${hourWhere(plan)}
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
        const rows = (await sumOf(websiteId, plan, dimension))
          .sort((a, b) => b[sortBy] - a[sortBy] || a.key.localeCompare(b.key))
          .slice(0, 10);
        const visitors = ['source', 'device', 'browser', 'country'].includes(dimension)
          ? await visitorsOf(
              websiteId,
              plan,
              dimension,
              rows.map((r) => r.key),
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
        totals: await totalsOf(websiteId, plan),
        previous: await totalsOf(
          websiteId,
          await planOf(websiteId, previousRange(range), timeZone),
        ),
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
      const plan = await planOf(websiteId, range, timeZone);
      const read = async (r: Plan) => {
        const events = new Map((await sumOf(websiteId, r, 'event')).map((row) => [row.key, row]));
        const [total] = await sumOf(websiteId, r, 'total');
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
          sumOf(websiteId, plan, 'product_sold'),
          sumOf(websiteId, plan, 'product_view'),
          sumOf(websiteId, plan, 'product_add'),
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
        ...(await read(plan)),
        previous: await read(await planOf(websiteId, previousRange(range), timeZone)),
        topProducts: await products(),
      };
    },

    async performance(websiteId: string, range: DateRange) {
      const plan = await planOf(websiteId, range, await deps.timeZoneOf(websiteId));
      type VitalRow = {
        metric: string;
        path: string;
        page_type: number;
        element: string;
        good: number;
        needs_improvement: number;
        poor: number;
        histogram: VitalHistogram;
      };
      // Day rows come as they are, each histogram a dense array of counts, and are merged
      // here: a few hundred a day (metric × page × element), where expanding every
      // histogram into bucket rows in SQL cost over a second at 90 days, and parsing them
      // from JSON half a second (docs/PERFORMANCE.md). Hours, read
      // for days not built yet, are summed and merged in SQL first: over 90 days a busy site
      // has close to a million hourly rows, which as JavaScript objects outgrew the
      // server's heap (bench/analytics-dashboard.mjs, 10 million events).
      const { rows: days } = await sql<
        Omit<VitalRow, 'histogram'> & { buckets_from: number; buckets: number[] }
      >`
        select metric, path, page_type, element, good, needs_improvement, poor,
          buckets_from, buckets
        from analytics_vital_day_rollups
        where website_id = ${websiteId} and ${dayWhere(plan)}
      `.execute(db);
      const { rows: hours } =
        plan.hourSpans.length === 0
          ? { rows: [] as VitalRow[] }
          : await sql<VitalRow>`
        with hours as (
          select metric, path, page_type, element, good, needs_improvement, poor, histogram
          from analytics_vital_rollups
          where website_id = ${websiteId} and ${hourWhere(plan)}
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
      type Merged = VitalRow & { dense: number[] };
      const merged = new Map<string, Merged>();
      const entryOf = (row: Omit<VitalRow, 'histogram'>): Merged => {
        const id = `${row.metric}\u0000${row.path}\u0000${row.page_type}\u0000${row.element}`;
        let entry = merged.get(id);
        if (!entry) {
          entry = {
            metric: row.metric,
            path: row.path,
            page_type: row.page_type,
            element: row.element,
            good: 0,
            needs_improvement: 0,
            poor: 0,
            histogram: {},
            dense: [],
          };
          merged.set(id, entry);
        }
        entry.good += row.good;
        entry.needs_improvement += row.needs_improvement;
        entry.poor += row.poor;
        return entry;
      };
      for (const row of days) {
        const { dense } = entryOf(row);
        for (let i = 0; i < row.buckets.length; i++) {
          const bucket = row.buckets_from + i;
          dense[bucket] = (dense[bucket] ?? 0) + (row.buckets[i] ?? 0);
        }
      }
      for (const row of hours) addToHistogram(entryOf(row).histogram, row.histogram);
      const rows: VitalRow[] = [...merged.values()].map(({ dense, ...row }) => {
        dense.forEach((count, bucket) => {
          if (count > 0) row.histogram[bucket] = (row.histogram[bucket] ?? 0) + count;
        });
        return row;
      });
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
      const plan = await planOf(websiteId, range, await deps.timeZoneOf(websiteId));
      const counts = await sumOf(websiteId, plan, 'error');
      if (counts.length === 0) return { range, groups: [] };
      const fingerprints = counts.map((c) => c.key);
      const groups = await db
        .selectFrom('analytics_error_groups')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('fingerprint', 'in', fingerprints)
        .execute();
      // Pages and browsers come from the tallies the rollups keep beside the counts, so
      // they outlive the raw events, like the counts.
      const { rows: where } = await sql<{
        fingerprint: string;
        facet: 'page' | 'browser';
        key: string;
        n: number;
      }>`
        select fingerprint, facet, key, sum(count)::bigint as n from (
          select fingerprint, facet, key, count from analytics_error_day_tallies
          where website_id = ${websiteId} and fingerprint in (${sql.join(fingerprints)})
            and ${dayWhere(plan)}
          union all
          select fingerprint, facet, key, count from analytics_error_tallies
          where website_id = ${websiteId} and fingerprint in (${sql.join(fingerprints)})
            and ${hourWhere(plan)}
        ) t
        group by 1, 2, 3
        order by 1, 2, 3
      `.execute(db);
      return {
        range,
        groups: groups
          .map((g) => {
            const tally = (facet: 'page' | 'browser') =>
              where
                .filter((w) => w.fingerprint === g.fingerprint && w.facet === facet)
                .map((w) => ({ key: w.key, count: w.n }))
                .sort((a, b) => b.count - a.count)
                .slice(0, 5);
            return {
              fingerprint: g.fingerprint,
              message: g.message,
              stack: g.stack,
              source: g.source,
              count: counts.find((c) => c.key === g.fingerprint)?.events ?? 0,
              firstSeen: g.first_seen.getTime(),
              lastSeen: g.last_seen.getTime(),
              pages: tally('page'),
              browsers: tally('browser'),
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
