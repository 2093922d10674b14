import {
  addToHistogram,
  addToSketch,
  decodeSketch,
  emptySketch,
  encodeSketch,
  type HyperLogLog,
  mergeSketches,
  trafficSourceOf,
  type VitalHistogram,
} from '@atelier/core';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { AnalyticsEventsTable, DB } from '../../db/db-types.ts';

// Analytics storage (issue 24): the batch writer's inserts, day partitions, the rollup of
// one website's hour and of one of its days (the website's own calendar day, from its
// hours). docs/ARCHITECTURE.md "Visitor analytics" explains the shape.

export type AnalyticsEventInsert = Insertable<AnalyticsEventsTable>;

export type ErrorGroupHit = {
  websiteId: string;
  fingerprint: string;
  message: string;
  stack: string;
  source: string;
  at: Date;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
export const dayKeyOf = (at: Date): string => at.toISOString().slice(0, 10);
const partitionName = (day: string) => `analytics_events_p${day.replaceAll('-', '')}`;

/** How long after its first page a visit's later pages still decide whether it bounced. */
const VISIT_HORIZON = '2 hours';

/** Dimensions with a visitors sketch: the breakdowns whose "unique visitors" are shown. */
const SKETCHED = new Set(['total', 'source', 'device', 'browser', 'country']);

/** The counts a rollup row carries for its key (analytics_rollups and analytics_day_rollups). */
export type RollupSums = {
  pageviews: number;
  visits: number;
  bounces: number;
  engaged_ms: number;
  events: number;
  value_sum: number;
};

type RollupRow = RollupSums & {
  dimension: string;
  key: string;
  visitors: HyperLogLog | null;
};

export function createAnalyticsRepo(db: Kysely<DB>) {
  return {
    /** One batch from the queue: its events, the hours they dirty and its error groups. */
    async writeBatch(events: AnalyticsEventInsert[], errors: ErrorGroupHit[]): Promise<void> {
      if (events.length === 0) return;
      const dirty = new Map<string, { website_id: string; hour: Date }>();
      for (const event of events) {
        const hour = hourOf(new Date(event.occurred_at));
        dirty.set(`${event.website_id}|${hour.toISOString()}`, {
          website_id: event.website_id,
          hour,
        });
      }
      const groups = new Map<string, ErrorGroupHit & { count: number; first: Date }>();
      for (const hit of errors) {
        const key = `${hit.websiteId}|${hit.fingerprint}`;
        const known = groups.get(key);
        if (known) {
          known.count += 1;
          if (hit.at > known.at) known.at = hit.at;
          if (hit.at < known.first) known.first = hit.at;
        } else groups.set(key, { ...hit, count: 1, first: hit.at });
      }
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('analytics_events').values(events).execute();
        await trx
          .insertInto('analytics_dirty_hours')
          .values([...dirty.values()])
          .onConflict((c) =>
            c.columns(['website_id', 'hour']).doUpdateSet({ marked_at: sql`now()` }),
          )
          .execute();
        if (groups.size > 0) {
          await trx
            .insertInto('analytics_error_groups')
            .values(
              [...groups.values()].map((g) => ({
                website_id: g.websiteId,
                fingerprint: g.fingerprint,
                message: g.message,
                stack: g.stack,
                source: g.source,
                first_seen: g.first,
                last_seen: g.at,
                occurrences: g.count,
              })),
            )
            .onConflict((c) =>
              c.columns(['website_id', 'fingerprint']).doUpdateSet({
                occurrences: sql`analytics_error_groups.occurrences + excluded.occurrences`,
                last_seen: sql`greatest(analytics_error_groups.last_seen, excluded.last_seen)`,
                first_seen: sql`least(analytics_error_groups.first_seen, excluded.first_seen)`,
              }),
            )
            .execute();
        }
      });
    },

    async countRejections(
      rows: { websiteId: string; day: string; reason: string; count: number }[],
    ) {
      if (rows.length === 0) return;
      await db
        .insertInto('analytics_rejections')
        .values(
          rows.map((r) => ({
            website_id: r.websiteId,
            day: r.day,
            reason: r.reason,
            count: r.count,
          })),
        )
        .onConflict((c) =>
          c.columns(['website_id', 'day', 'reason']).doUpdateSet({
            count: sql`analytics_rejections.count + excluded.count`,
          }),
        )
        .execute();
    },

    /**
     * Makes sure each UTC day has its partition. A day's rows that landed in the default
     * partition first are moved in, in the same transaction, so attaching never finds a
     * conflicting row there.
     */
    async ensureDayPartitions(days: readonly string[]): Promise<string[]> {
      const existing = new Set(await this.listDayPartitions());
      const created: string[] = [];
      for (const day of days) {
        if (existing.has(day)) continue;
        const table = partitionName(day);
        const from = `${day}T00:00:00Z`;
        const to = new Date(Date.parse(from) + DAY_MS).toISOString();
        await db.transaction().execute(async (trx) => {
          await sql`lock table analytics_events in share row exclusive mode`.execute(trx);
          const again = await sql<{ n: number }>`
            select count(*)::int as n from pg_class where relname = ${table}`.execute(trx);
          if ((again.rows[0]?.n ?? 0) > 0) return;
          await sql`create table ${sql.table(table)} (like analytics_events including defaults including constraints)`.execute(
            trx,
          );
          await sql`insert into ${sql.table(table)} overriding system value
            select * from analytics_events_default where occurred_at >= ${from} and occurred_at < ${to}`.execute(
            trx,
          );
          await sql`delete from analytics_events_default where occurred_at >= ${from} and occurred_at < ${to}`.execute(
            trx,
          );
          await sql`alter table analytics_events attach partition ${sql.table(table)}
            for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
          created.push(day);
        });
      }
      return created;
    },

    /** The days (YYYY-MM-DD) that have their own partition, oldest first. */
    async listDayPartitions(): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        where p.relname = 'analytics_events' and c.relname like 'analytics_events_p%'
        order by c.relname`.execute(db);
      return rows.map((r) => {
        const digits = r.name.slice('analytics_events_p'.length);
        return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
      });
    },

    /** Retention: drops every day partition before `day`, and such rows of the default. */
    async dropDaysBefore(day: string): Promise<string[]> {
      const dropped: string[] = [];
      for (const partition of await this.listDayPartitions()) {
        if (partition >= day) break;
        await sql`drop table if exists ${sql.table(partitionName(partition))}`.execute(db);
        dropped.push(partition);
      }
      await sql`delete from analytics_events_default where occurred_at < ${`${day}T00:00:00Z`}`.execute(
        db,
      );
      return dropped;
    },

    /**
     * The dirty hours to roll up, oldest first, with when each was marked — as the
     * database's text, to the microsecond: read into a Date (milliseconds) a mark would
     * compare as earlier than itself, and rollUpHour would never clear it.
     */
    listDirtyHours(limit: number) {
      return db
        .selectFrom('analytics_dirty_hours')
        .select(['website_id', 'hour', sql<string>`marked_at::text`.as('marked_at')])
        .orderBy('hour')
        .limit(limit)
        .execute();
    },

    /**
     * Recomputes one website's hour from its raw events and clears its mark, unless a
     * batch marked it again after `markedAt` (listDirtyHours' text).
     */
    async rollUpHour(websiteId: string, hour: Date, markedAt: string): Promise<void> {
      const from = hour.toISOString();
      const to = new Date(hour.getTime() + HOUR_MS).toISOString();
      const rows = await rollupRowsOf(db, websiteId, from, to);
      const vitals = await vitalRowsOf(db, websiteId, from, to);
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('analytics_rollups')
          .where('website_id', '=', websiteId)
          .where('hour', '=', hour)
          .execute();
        if (rows.length > 0) {
          await trx
            .insertInto('analytics_rollups')
            .values(
              rows.map((r) => ({
                website_id: websiteId,
                hour,
                dimension: r.dimension,
                key: r.key,
                pageviews: r.pageviews,
                visits: r.visits,
                bounces: r.bounces,
                engaged_ms: r.engaged_ms,
                events: r.events,
                value_sum: r.value_sum,
                visitors: r.visitors ? Buffer.from(encodeSketch(r.visitors)) : null,
              })),
            )
            .execute();
        }
        await trx
          .deleteFrom('analytics_vital_rollups')
          .where('website_id', '=', websiteId)
          .where('hour', '=', hour)
          .execute();
        if (vitals.length > 0) {
          await trx
            .insertInto('analytics_vital_rollups')
            .values(
              vitals.map((v) => ({
                ...v,
                website_id: websiteId,
                hour,
                histogram: JSON.stringify(v.histogram),
              })),
            )
            .execute();
        }
        await trx
          .deleteFrom('analytics_error_tallies')
          .where('website_id', '=', websiteId)
          .where('hour', '=', hour)
          .execute();
        await sql`
          insert into analytics_error_tallies (website_id, hour, fingerprint, facet, key, count)
          select website_id, ${from}::timestamptz, name, f.facet, f.key, count(*)
          from analytics_events,
            lateral (values ('page', path), ('browser', coalesce(browser, 'Unknown'))) as f(facet, key)
          where website_id = ${websiteId} and occurred_at >= ${from} and occurred_at < ${to}
            and kind = 'error'
          group by website_id, name, f.facet, f.key`.execute(trx);
        // The site day holding this hour, in the website's zone now, is rebuilt after it.
        await sql`
          insert into analytics_dirty_days (website_id, day)
          select website_id, (${from}::timestamptz at time zone time_zone)::date
          from websites where website_id = ${websiteId}
          on conflict do nothing`.execute(trx);
        // A batch that marked the hour again while this ran keeps its mark for the next run.
        await trx
          .deleteFrom('analytics_dirty_hours')
          .where('website_id', '=', websiteId)
          .where('hour', '=', hour)
          .where('marked_at', '<=', sql<Date>`${markedAt}::timestamptz`)
          .execute();
      });
    },

    /** The site days to rebuild, latest first: today's freshness matters most. */
    listDirtyDays(limit: number) {
      return db
        .selectFrom('analytics_dirty_days')
        .select(['website_id', sql<string>`day::text`.as('day')])
        .orderBy('day', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Rebuilds one site day (YYYY-MM-DD in the website's zone) from its hours — the 23, 24
     * or 25 UTC hours between the zone's midnights — and clears its mark. Only the worker
     * rolls up, under its lock, so no mark can arrive while this runs.
     */
    async rollUpDay(websiteId: string, day: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const site = await trx
          .selectFrom('websites')
          .select('time_zone')
          .where('website_id', '=', websiteId)
          .executeTakeFirst();
        const clear = () =>
          trx
            .deleteFrom('analytics_dirty_days')
            .where('website_id', '=', websiteId)
            .where('day', '=', day)
            .execute();
        if (!site) {
          await clear();
          return;
        }
        const zone = site.time_zone;
        const lo = sql`(${day}::date)::timestamp at time zone ${zone}`;
        const hi = sql`(${day}::date + 1)::timestamp at time zone ${zone}`;
        for (const table of [
          'analytics_day_rollups',
          'analytics_vital_day_rollups',
          'analytics_error_day_tallies',
        ] as const) {
          await trx
            .deleteFrom(table)
            .where('website_id', '=', websiteId)
            .where('day', '=', day)
            .execute();
        }
        await sql`
          insert into analytics_day_rollups (website_id, day, dimension, key, pageviews, visits,
            bounces, engaged_ms, events, value_sum)
          select website_id, ${day}::date, dimension, key, sum(pageviews), sum(visits),
            sum(bounces), sum(engaged_ms), sum(events), sum(value_sum)
          from analytics_rollups
          where website_id = ${websiteId} and hour >= ${lo} and hour < ${hi}
          group by website_id, dimension, key`.execute(trx);
        const sketched = await sql<{ dimension: string; key: string; visitors: Buffer }>`
          select dimension, key, visitors from analytics_rollups
          where website_id = ${websiteId} and hour >= ${lo} and hour < ${hi}
            and visitors is not null`.execute(trx);
        const sketches = new Map<string, { dimension: string; key: string; all: Buffer[] }>();
        for (const row of sketched.rows) {
          const id = `${row.dimension}\u0000${row.key}`;
          const known = sketches.get(id) ?? { dimension: row.dimension, key: row.key, all: [] };
          known.all.push(row.visitors);
          sketches.set(id, known);
        }
        for (const chunk of chunksOf([...sketches.values()], 1_000)) {
          await sql`
            update analytics_day_rollups d set visitors = v.visitors
            from (values ${sql.join(
              chunk.map(
                (s) =>
                  sql`(${s.dimension}, ${s.key}, ${Buffer.from(encodeSketch(unionOfSketches(s.all)))}::bytea)`,
              ),
            )}) as v(dimension, key, visitors)
            where d.website_id = ${websiteId} and d.day = ${day}::date
              and d.dimension = v.dimension and d.key = v.key`.execute(trx);
        }
        const vitalHours = await sql<{
          metric: string;
          path: string;
          page_type: number;
          element: string;
          good: number;
          needs_improvement: number;
          poor: number;
          histogram: VitalHistogram;
        }>`
          select metric, path, page_type, element, good, needs_improvement, poor, histogram
          from analytics_vital_rollups
          where website_id = ${websiteId} and hour >= ${lo} and hour < ${hi}`.execute(trx);
        const vitals = new Map<string, (typeof vitalHours.rows)[number]>();
        for (const row of vitalHours.rows) {
          const id = `${row.metric}\u0000${row.path}\u0000${row.element}`;
          const known = vitals.get(id);
          if (!known) {
            vitals.set(id, { ...row, histogram: { ...row.histogram } });
            continue;
          }
          known.good += row.good;
          known.needs_improvement += row.needs_improvement;
          known.poor += row.poor;
          addToHistogram(known.histogram, row.histogram);
        }
        for (const chunk of chunksOf([...vitals.values()], 1_000)) {
          await trx
            .insertInto('analytics_vital_day_rollups')
            .values(
              chunk.map(({ histogram, ...v }) => ({
                ...v,
                ...denseOf(histogram),
                website_id: websiteId,
                day,
              })),
            )
            .execute();
        }
        await sql`
          insert into analytics_error_day_tallies (website_id, day, fingerprint, facet, key, count)
          select website_id, ${day}::date, fingerprint, facet, key, sum(count)
          from analytics_error_tallies
          where website_id = ${websiteId} and hour >= ${lo} and hour < ${hi}
          group by website_id, fingerprint, facet, key`.execute(trx);
        await sql`
          insert into analytics_days (website_id, day, time_zone) values (${websiteId}, ${day}::date, ${zone})
          on conflict (website_id, day) do update set time_zone = excluded.time_zone, built_at = now()`.execute(
          trx,
        );
        await sql`
          insert into analytics_day_zones (website_id, time_zone) values (${websiteId}, ${zone})
          on conflict (website_id) do nothing`.execute(trx);
        await clear();
      });
    },

    /**
     * Websites whose days were built in another zone than theirs now: their owner changed
     * it. Each one's days are dropped and every site day that has hours, in the new zone,
     * is marked for rebuilding; until then the dashboards read those days from the hours.
     */
    async rezoneDays(): Promise<number> {
      const { rows } = await sql<{ website_id: string; time_zone: string }>`
        select z.website_id, w.time_zone from analytics_day_zones z
        join websites w on w.website_id = z.website_id
        where z.time_zone <> w.time_zone`.execute(db);
      for (const site of rows) {
        await db.transaction().execute(async (trx) => {
          for (const table of [
            'analytics_day_rollups',
            'analytics_vital_day_rollups',
            'analytics_error_day_tallies',
            'analytics_days',
            'analytics_dirty_days',
          ] as const) {
            await trx.deleteFrom(table).where('website_id', '=', site.website_id).execute();
          }
          await sql`
            insert into analytics_dirty_days (website_id, day)
            select distinct ${site.website_id}::uuid, (hour at time zone ${site.time_zone})::date
            from (select hour from analytics_rollups where website_id = ${site.website_id}
              union select hour from analytics_vital_rollups where website_id = ${site.website_id}) h`.execute(
            trx,
          );
          await trx
            .updateTable('analytics_day_zones')
            .set({ time_zone: site.time_zone })
            .where('website_id', '=', site.website_id)
            .execute();
        });
      }
      return rows.length;
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;

/** A histogram as the day table keeps it: counts from its lowest bucket to its highest. */
function denseOf(histogram: VitalHistogram): { buckets_from: number; buckets: string } {
  const filled = Object.entries(histogram)
    .map(([bucket, count]) => [Number(bucket), count] as const)
    .filter(([bucket, count]) => Number.isInteger(bucket) && bucket >= 0 && count > 0);
  if (filled.length === 0) return { buckets_from: 0, buckets: '{}' };
  const from = Math.min(...filled.map(([bucket]) => bucket));
  const to = Math.max(...filled.map(([bucket]) => bucket));
  const counts = new Array<number>(to - from + 1).fill(0);
  for (const [bucket, count] of filled) counts[bucket - from] = count;
  return { buckets_from: from, buckets: `{${counts.join(',')}}` };
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Page views, visits, bounces, time and events of one hour, by every dimension shown. */
async function rollupRowsOf(
  db: Kysely<DB>,
  websiteId: string,
  from: string,
  to: string,
): Promise<RollupRow[]> {
  // Each event counts once under 'total' and once under each of its dimensions (the
  // lateral values list); a visit's entry carries its bounce flag, decided by how many
  // pages that visit viewed within the visit horizon.
  const { rows } = await sql<RollupSums & { dimension: string; key: string }>`
    with hour_events as (
      select * from analytics_events
      where website_id = ${websiteId} and occurred_at >= ${from} and occurred_at < ${to}
        and kind in ('pageview', 'leave', 'event', 'error')
    ),
    visit_pages as (
      select visit_id, count(*)::int as pages from analytics_events
      where website_id = ${websiteId} and kind = 'pageview'
        and occurred_at >= ${from} and occurred_at < ${to}::timestamptz + ${VISIT_HORIZON}::interval
        and visit_id in (select visit_id from hour_events where is_entry and visit_id is not null)
      group by visit_id
    ),
    flagged as (
      select e.*, (e.is_entry and vp.pages = 1) as is_bounce
      from hour_events e left join visit_pages vp on vp.visit_id = e.visit_id
    )
    select d.dimension, d.key,
      count(*) filter (where kind = 'pageview')::int as pageviews,
      -- An event's visits are the visits that sent it (the funnel's steps); a cookieless
      -- event is a visit of its own.
      (case when d.dimension in ('event', 'product_view', 'product_add')
        then count(distinct coalesce(visit_id, event_id::text)) filter (where kind = 'event')
        else count(*) filter (where kind = 'pageview' and is_entry) end)::int as visits,
      count(*) filter (where kind = 'pageview' and is_bounce)::int as bounces,
      coalesce(sum(value) filter (where kind = 'leave'), 0)::bigint as engaged_ms,
      count(*) filter (where kind in ('event', 'error'))::int as events,
      coalesce(sum(value) filter (where kind = 'event' and name = 'purchase'), 0)::bigint as value_sum
    from flagged f,
    lateral (values
      ('total', ''),
      ('page', case when kind in ('pageview', 'leave') then path end),
      ('page_type', case when kind = 'pageview' then coalesce(page_type, 0)::text end),
      ('device', case when kind = 'pageview' then coalesce(device, 'Unknown') end),
      ('browser', case when kind = 'pageview' then coalesce(browser, 'Unknown') end),
      ('country', case when kind = 'pageview' then coalesce(country, 'Unknown') end),
      ('utm_medium', case when kind = 'pageview' and is_entry then utm_medium end),
      ('utm_campaign', case when kind = 'pageview' and is_entry then utm_campaign end),
      ('event', case when kind = 'event' then name end),
      ('error', case when kind = 'error' then name end),
      ('product_view', case when kind = 'event' and name = 'ViewProductPage' then data->'product'->>'item_title' end),
      ('product_add', case when kind = 'event' and name = 'AddToCart' then data->'product'->>'item_title' end)
    ) as d(dimension, key)
    where d.key is not null
    group by d.dimension, d.key
  `.execute(db);
  const byKey = new Map<string, RollupRow>();
  const rowOf = (dimension: string, key: string): RollupRow => {
    const id = `${dimension}\u0000${key}`;
    let row = byKey.get(id);
    if (!row) {
      row = {
        dimension,
        key,
        pageviews: 0,
        visits: 0,
        bounces: 0,
        engaged_ms: 0,
        events: 0,
        value_sum: 0,
        visitors: SKETCHED.has(dimension) ? emptySketch() : null,
      };
      byKey.set(id, row);
    }
    return row;
  };
  for (const r of rows) {
    const row = rowOf(r.dimension, r.key);
    row.pageviews = r.pageviews;
    row.visits = r.visits;
    row.bounces = r.bounces;
    row.engaged_ms = r.engaged_ms;
    row.events = r.events;
    row.value_sum = r.value_sum;
  }

  // Sources need core's naming of referrers, so entries are grouped here, not in SQL.
  const entries = await sql<{
    referrer_host: string | null;
    utm_source: string | null;
    visitor_id: string | null;
    visits: number;
    bounces: number;
  }>`
    with visit_pages as (
      select visit_id, count(*)::int as pages from analytics_events
      where website_id = ${websiteId} and kind = 'pageview'
        and occurred_at >= ${from} and occurred_at < ${to}::timestamptz + ${VISIT_HORIZON}::interval
      group by visit_id
    )
    select e.referrer_host, e.utm_source, e.visitor_id, count(*)::int as visits,
      count(*) filter (where vp.pages = 1)::int as bounces
    from analytics_events e left join visit_pages vp on vp.visit_id = e.visit_id
    where e.website_id = ${websiteId} and e.occurred_at >= ${from} and e.occurred_at < ${to}
      and e.kind = 'pageview' and e.is_entry
    group by e.referrer_host, e.utm_source, e.visitor_id
  `.execute(db);
  for (const entry of entries.rows) {
    const source = rowOf('source', trafficSourceOf(entry.referrer_host, entry.utm_source));
    source.visits += entry.visits;
    source.bounces += entry.bounces;
    if (entry.visitor_id && source.visitors) addToSketch(source.visitors, entry.visitor_id);
    if (entry.utm_source) rowOf('utm_source', entry.utm_source).visits += entry.visits;
  }

  // Products sold, from the server's own purchase rows: units and revenue by name.
  const sold = await sql<{ name: string; units: number; revenue: number }>`
    select item->>'name' as name, sum((item->>'quantity')::int)::int as units,
      sum((item->>'quantity')::bigint * (item->>'price')::bigint)::bigint as revenue
    from analytics_events e, jsonb_array_elements(e.data->'items') as item
    where e.website_id = ${websiteId} and e.occurred_at >= ${from} and e.occurred_at < ${to}
      and e.kind = 'event' and e.name = 'purchase' and jsonb_typeof(e.data->'items') = 'array'
    group by 1
  `.execute(db);
  for (const product of sold.rows) {
    if (!product.name) continue;
    const row = rowOf('product_sold', product.name);
    row.events = product.units;
    row.value_sum = product.revenue;
  }

  const visitors = await sql<{
    device: string;
    browser: string;
    country: string;
    visitor_id: string;
  }>`
    select distinct coalesce(device, 'Unknown') as device, coalesce(browser, 'Unknown') as browser,
      coalesce(country, 'Unknown') as country, visitor_id
    from analytics_events
    where website_id = ${websiteId} and occurred_at >= ${from} and occurred_at < ${to}
      and kind = 'pageview' and visitor_id is not null
  `.execute(db);
  for (const v of visitors.rows) {
    for (const [dimension, key] of [
      ['total', ''],
      ['device', v.device],
      ['browser', v.browser],
      ['country', v.country],
    ] as const) {
      const sketch = rowOf(dimension, key).visitors;
      if (sketch) addToSketch(sketch, v.visitor_id);
    }
  }
  return [...byKey.values()];
}

/** The hour's web vitals by metric, page and element, with their log-bucket histograms. */
async function vitalRowsOf(db: Kysely<DB>, websiteId: string, from: string, to: string) {
  const { rows } = await sql<{
    metric: string;
    path: string;
    page_type: number;
    element: string;
    rating: string;
    bucket: string;
    n: number;
  }>`
    select name as metric, path, coalesce(page_type, 0) as page_type, coalesce(element, '') as element,
      rating, data->>'bucket' as bucket, count(*)::int as n
    from analytics_events
    where website_id = ${websiteId} and occurred_at >= ${from} and occurred_at < ${to} and kind = 'vital'
    group by 1, 2, 3, 4, 5, 6
  `.execute(db);
  const byKey = new Map<
    string,
    {
      metric: string;
      path: string;
      page_type: number;
      element: string;
      good: number;
      needs_improvement: number;
      poor: number;
      histogram: Record<string, number>;
    }
  >();
  for (const r of rows) {
    const id = `${r.metric}\u0000${r.path}\u0000${r.element}`;
    let row = byKey.get(id);
    if (!row) {
      row = {
        metric: r.metric,
        path: r.path,
        page_type: r.page_type,
        element: r.element,
        good: 0,
        needs_improvement: 0,
        poor: 0,
        histogram: {},
      };
      byKey.set(id, row);
    }
    if (r.rating === 'good') row.good += r.n;
    else if (r.rating === 'poor') row.poor += r.n;
    else row.needs_improvement += r.n;
    const bucket = r.bucket ?? '0';
    row.histogram[bucket] = (row.histogram[bucket] ?? 0) + r.n;
  }
  return [...byKey.values()];
}

/** Merges stored sketches (the dashboards' unique visitors over a range). */
export function unionOfSketches(stored: readonly (Uint8Array | null)[]): HyperLogLog {
  const union = emptySketch();
  for (const bytes of stored) if (bytes) mergeSketches(union, decodeSketch(bytes));
  return union;
}
