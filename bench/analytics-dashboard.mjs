// The analytics dashboards at size (issue 24): a fresh PostgreSQL database is filled with
// 90 days of one website's raw events — BENCH_ANALYTICS_EVENTS, 10 million by default —
// by SQL (generate_series) straight into analytics_events, shaped like the collector's:
// visits of one to a dozen pages with their page views, leaves, web vitals, page-speed
// records, product views, adds to cart, checkouts, purchases (the client's event and the
// server's purchase row with its items) and JavaScript errors, over ~80 pages, sources,
// UTM campaigns, devices, browsers and countries, from returning and new visitors, some
// without cookies. Then the worker's own rollup (analytics.repo.ts `rollUpHour`, then
// `rollUpDay` for the site days, imported with tsx) runs over every dirty hour, holding the worker's advisory lock so the server's
// worker stays out, and the four dashboard reports are timed through the real HTTP API
// as the owner: 30 and 90 days, warm (after one untimed call), p50 and p95 of several
// calls. Target: ≤ 300 ms. Figures and how to read them: docs/PERFORMANCE.md.
import { resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { createOwnerSession, LOOPBACK, root, startAtelier } from './lib.mjs';

export const DASHBOARD_TARGET_MS = 300;
const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 10_000_000);
const DAYS = 90;
/** Calls per report and range after the warm-up call. */
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 7);
/** About how many events a visit brings (measured on the generator's output). */
const EVENTS_PER_VISIT = 17;
const WORKER_LOCK = 7_246_024;
const OWNER = { email: 'bench-analytics@example.com', password: 'bench analytics password 1' };

const DAY_MS = 86_400_000;
const dayKey = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * One day of visits as rows of analytics_events. Every random choice is SQL's random()
 * (seeded per day, so a rerun fills the same data); the shapes follow what the collector
 * and the server write (analytics.service.ts), so the rollup meets what it meets live.
 */
const DAY_SQL = /* sql */ `
with visits as (
  select v,
    $2::timestamptz + (power(random(), 0.8) * interval '1 day') as started,
    case when random() < 0.1 then null
      else 'b' || floor(power(random(), 2) * $4)::int end as visitor,
    1 + least(11, floor(-ln(1 - random()) * 1.6)::int) as pages,
    random() as source_roll, random() as device_roll, random() as browser_roll,
    random() as country_roll, random() as buy_roll
  from generate_series(1, $3::int) v
),
shaped as (
  select v, started, visitor, pages, buy_roll,
    case when visitor is null then null
      else visitor || '.' || floor(extract(epoch from started))::bigint end as visit,
    case when source_roll < 0.35 then null
      when source_roll < 0.62 then 'www.google.com'
      when source_roll < 0.70 then 'l.instagram.com'
      when source_roll < 0.76 then 'm.facebook.com'
      when source_roll < 0.80 then 'www.bing.com'
      when source_roll < 0.83 then 'duckduckgo.com'
      when source_roll < 0.86 then 'www.pinterest.com'
      when source_roll < 0.88 then 't.co'
      else 'blog' || floor(source_roll * 1000)::int % 40 || '.example.org' end as referrer,
    case when source_roll >= 0.88 and source_roll < 0.94 then 'newsletter'
      when source_roll >= 0.94 then 'instagram' end as utm_source,
    case when source_roll >= 0.88 and source_roll < 0.94 then 'email'
      when source_roll >= 0.94 then 'social' end as utm_medium,
    case when source_roll >= 0.88 then
      (array['autumn-sale', 'new-arrivals', 'linen-week', 'black-friday', 'restock'])[1 + floor(source_roll * 977)::int % 5] end as utm_campaign,
    case when device_roll < 0.58 then 'Mobile' when device_roll < 0.66 then 'Tablet' else 'Desktop' end as device,
    case when browser_roll < 0.55 then 'Chrome' when browser_roll < 0.80 then 'Safari'
      when browser_roll < 0.88 then 'Firefox' when browser_roll < 0.95 then 'Microsoft Edge'
      when browser_roll < 0.98 then 'Samsung Internet' else 'Opera' end as browser,
    (array['US', 'US', 'US', 'GB', 'GB', 'DE', 'FR', 'CA', 'AU', 'NL', 'SE', 'JP', 'ES', 'IT', 'IE', 'CH', 'BE', 'DK', 'NO', 'NZ'])[1 + floor(country_roll * 20)::int] as country
  from visits
),
page_views as (
  select s.*, p, s.started + (p - 1) * interval '50 seconds' as at,
    case when p = s.pages and s.buy_roll < 0.018 then 'checkout'
      when p = s.pages - 1 and s.buy_roll < 0.018 then 'cart'
      else (array['home', 'shop', 'product', 'product', 'product', 'product', 'journal', 'about', 'shop', 'product'])[1 + floor(random() * 10)::int] end as page_kind,
    floor(power(random(), 1.7) * 60)::int as item,
    random() as page_roll
  from shaped s, generate_series(1, s.pages) p
),
pages as (
  select pv.*,
    case page_kind when 'home' then '/' when 'shop' then '/shop'
      when 'product' then '/shop/p/product-' || item
      when 'journal' then '/journal/post-' || (item % 20) when 'about' then '/about'
      when 'cart' then '/cart' else '/checkout' end as path,
    case page_kind when 'home' then 1 when 'shop' then 1 when 'product' then 50
      when 'journal' then 50 when 'about' then 2 when 'cart' then 200 else 201 end as page_type,
    'Product ' || item as product
  from page_views pv
)
insert into analytics_events (website_id, occurred_at, kind, name, visitor_id, visit_id, is_entry,
  path, page_type, referrer_host, utm_source, utm_medium, utm_campaign, device, browser, country,
  value, rating, element, data)
select $1::uuid, e.at, e.kind, e.name, pg.visitor, pg.visit, e.is_entry, e.path, pg.page_type,
  case when e.is_entry then pg.referrer end, case when e.is_entry then pg.utm_source end,
  case when e.is_entry then pg.utm_medium end, case when e.is_entry then pg.utm_campaign end,
  pg.device, pg.browser, pg.country, e.value,
  case when e.kind = 'vital' then
    case when e.value <= b.good then 'good' when e.value <= b.poor then 'needs-improvement' else 'poor' end end,
  e.element, e.data
from pages pg
cross join lateral (
  -- The page view and its leave.
  select pg.at as at, 'pageview' as kind, 'view' as name, pg.p = 1 as is_entry, pg.path as path,
    null::double precision as value, null as element, '{}'::jsonb as data
  union all
  select pg.at + interval '40 seconds', 'leave', 'leave', false, pg.path,
    floor(2000 + random() * random() * 180000), null, '{}'
  -- Its page-speed record.
  union all
  select pg.at + interval '30 seconds', 'page_speed', 'page_speed', false, pg.path, null, null,
    jsonb_build_object('ttfb', floor(60 + random() * 400), 'load', floor(600 + random() * 2400), 'resources', 9)
  -- The web vitals (INP only when the visitor interacted), values skewed towards good.
  union all
  select pg.at + interval '30 seconds', 'vital', m.metric, false, pg.path, m.value, m.element,
    jsonb_build_object('bucket', case when m.value * m.scale >= 1
      then 1 + floor(ln(m.value * m.scale) / ln(1.05))::int else 0 end)
  from (values
    ('TTFB', floor(40 + power(random(), 2) * 1600), 1, null),
    ('FCP', floor(400 + power(random(), 2) * 3200), 1, null),
    ('LCP', floor(700 + power(random(), 2) * 4800), 1,
      case when pg.page_type = 50 then 'main>div.product>figure>img' else 'main>section>h1' end),
    ('CLS', round((power(random(), 3) * 0.4)::numeric, 3)::double precision, 1000, 'main>div.product-grid'),
    ('INP', floor(24 + power(random(), 2) * 600), 1, 'button.button')
  ) as m(metric, value, scale, element)
  where m.metric <> 'INP' or pg.page_roll < 0.6
  -- Commerce: product views, adds to cart (a tenth of them), checkouts and purchases.
  union all
  select pg.at + interval '1 second', 'event', 'ViewProductPage', false, pg.path, null, null,
    jsonb_build_object('page_type', 50, 'product', jsonb_build_object('item_title', pg.product, 'item_type', 'physical'))
  where pg.page_kind = 'product'
  union all
  select pg.at + interval '20 seconds', 'event', 'AddToCart', false, pg.path, null, null,
    jsonb_build_object('product_page', 'pdp', 'quantity', 1, 'product', jsonb_build_object('item_title', pg.product, 'item_type', 'physical'))
  where pg.page_kind = 'product' and (pg.page_roll < 0.1 or (pg.buy_roll < 0.018 and pg.p = pg.pages - 2))
  union all
  select pg.at + interval '1 second', 'event', 'CheckoutStarted', false, pg.path, null, null, '{}'
  where pg.page_kind = 'checkout'
  union all
  select pg.at + interval '45 seconds', 'event', 'Purchase', false, pg.path, null, null, '{}'
  where pg.page_kind = 'checkout' and pg.buy_roll < 0.013
  union all
  select pg.at + interval '44 seconds', 'event', 'purchase', false, '', (2400 + pg.item * 150)::double precision, null,
    jsonb_build_object('items', jsonb_build_array(jsonb_build_object('name', pg.product, 'quantity', 1, 'price', 2400 + pg.item * 150)))
  where pg.page_kind = 'checkout' and pg.buy_roll < 0.013
  -- A script error on about one page in a hundred, from a dozen bugs.
  union all
  select pg.at + interval '5 seconds', 'error', 'benchbug' || floor(pg.page_roll * 1e4)::int % 12, false, pg.path, null, null,
    jsonb_build_object('kind', 'error', 'message', 'TypeError: bench bug ' || floor(pg.page_roll * 1e4)::int % 12)
  where pg.page_roll > 0.99
) as e
left join (values ('TTFB', 800, 1800), ('FCP', 1800, 3000), ('LCP', 2500, 4000),
  ('CLS', 0.1, 0.25), ('INP', 200, 500)) as b(metric, good, poor)
  on e.kind = 'vital' and b.metric = e.name
`;

/** Fills DAYS days before today (UTC) with about `events` events; answers counts and time. */
async function generate(client, websiteId, repo, events) {
  const started = performance.now();
  const today = Date.parse(`${dayKey(Date.now())}T00:00:00Z`);
  const days = Array.from({ length: DAYS }, (_, i) => dayKey(today - (DAYS - i) * DAY_MS));
  await repo.ensureDayPartitions(days);
  const visitsPerDay = Math.round(events / DAYS / EVENTS_PER_VISIT);
  // Visitors come back: ids are drawn from a pool a third the size of the visits.
  const visitorPool = Math.round((visitsPerDay * DAYS) / 3);
  let inserted = 0;
  for (const [i, day] of days.entries()) {
    await client.query('select setseed($1)', [((i + 1) / (DAYS + 1)) * 2 - 1]);
    const result = await client.query(DAY_SQL, [
      websiteId,
      `${day}T00:00:00Z`,
      visitsPerDay,
      visitorPool,
    ]);
    inserted += result.rowCount;
    if ((i + 1) % 15 === 0) {
      console.log(
        `  generated ${i + 1}/${DAYS} days, ${inserted} events, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  }
  // The error groups the batch writer would have upserted beside the events.
  await client.query(
    `insert into analytics_error_groups (website_id, fingerprint, message, stack, source, first_seen, last_seen, occurrences)
     select $1, name, min(data->>'message'), 'TypeError: bench bug\n    at render (/assets/app.js:1:1)', '/assets/app.js', min(occurred_at), max(occurred_at), count(*)
     from analytics_events where website_id = $1 and kind = 'error' group by name
     on conflict (website_id, fingerprint) do nothing`,
    [websiteId],
  );
  // What the batch writer marks: each hour that received events.
  await client.query(
    `insert into analytics_dirty_hours (website_id, hour)
     select distinct website_id, date_trunc('hour', occurred_at) from analytics_events where website_id = $1
     on conflict do nothing`,
    [websiteId],
  );
  await client.query('analyze analytics_events');
  return { inserted, seconds: (performance.now() - started) / 1000, days };
}

/** The worker's rollup over every dirty hour, then every site day, under the worker's lock. */
async function rollUp(repo) {
  const started = performance.now();
  let hours = 0;
  for (;;) {
    const dirty = await repo.listDirtyHours(200);
    if (dirty.length === 0) break;
    for (const hour of dirty) {
      await repo.rollUpHour(hour.website_id, new Date(hour.hour), hour.marked_at);
      hours += 1;
    }
  }
  const hourSeconds = (performance.now() - started) / 1000;
  let days = 0;
  for (;;) {
    const dirty = await repo.listDirtyDays(100);
    if (dirty.length === 0) break;
    for (const day of dirty) {
      await repo.rollUpDay(day.website_id, day.day);
      days += 1;
    }
  }
  return {
    hours,
    days,
    hourSeconds,
    daySeconds: (performance.now() - started) / 1000 - hourSeconds,
    seconds: (performance.now() - started) / 1000,
  };
}

const percentile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Runs the scenario on a fresh PostgreSQL database: the table and whether all met the target. */
export async function runAnalyticsDashboardBench(postgresUrl, events = EVENTS) {
  const url = new URL(postgresUrl);
  if (url.hostname !== LOOPBACK && url.hostname !== 'localhost') {
    throw new Error('BENCH_POSTGRES_URL must point at this machine');
  }
  const name = `atelier_bench_analytics_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const server = await startAtelier({ DATABASE_URL: databaseUrl });
  const { openDatabase } = await tsImport(
    resolve(root, 'apps/server/src/db/database.ts'),
    import.meta.url,
  );
  const { createAnalyticsRepo } = await tsImport(
    resolve(root, 'apps/server/src/features/analytics/analytics.repo.ts'),
    import.meta.url,
  );
  // One connection, as the worker's: the lock is a session lock.
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    const owner = await createOwnerSession(server.baseUrl, OWNER);
    await client.connect();
    // Bench data, written once: no need to wait for each statement's WAL flush.
    await client.query('set synchronous_commit = off');
    const info = [];
    let generated;
    let rolled;
    await database.db.connection().execute(async (connection) => {
      const { rows } = await sql`select pg_try_advisory_lock(${WORKER_LOCK}) as locked`.execute(
        connection,
      );
      if (!rows[0]?.locked) throw new Error('the analytics worker lock is taken');
      try {
        const repo = createAnalyticsRepo(connection);
        console.log(`  generating ~${events} events over ${DAYS} days…`);
        generated = await generate(client, owner.websiteId, repo, events);
        console.log(`  rolling up…`);
        rolled = await rollUp(repo);
      } finally {
        await sql`select pg_advisory_unlock(${WORKER_LOCK})`.execute(connection);
      }
    });
    const sizes = await client.query(
      `select (select count(*)::int from analytics_rollups) as rollups,
        (select count(*)::int from analytics_vital_rollups) as vital_rollups,
        pg_size_pretty(pg_total_relation_size('analytics_rollups')) as rollup_size,
        (select count(*)::int from analytics_day_rollups) as day_rollups,
        (select count(*)::int from analytics_vital_day_rollups) as vital_day_rollups,
        pg_size_pretty(pg_total_relation_size('analytics_day_rollups')) as day_rollup_size`,
    );
    const eventCount = (
      await client.query('select count(*)::int as n from analytics_events where website_id = $1', [
        owner.websiteId,
      ])
    ).rows[0].n;
    const byKind = (
      await client.query(
        'select kind, count(*)::int as n from analytics_events where website_id = $1 group by kind order by kind',
        [owner.websiteId],
      )
    ).rows;
    info.push(
      `${eventCount} events (${byKind.map((r) => `${r.kind} ${r.n}`).join(', ')}) generated in ${generated.seconds.toFixed(0)} s`,
      `rollup: ${rolled.hours} hours in ${rolled.hourSeconds.toFixed(0)} s (${((rolled.hourSeconds / rolled.hours) * 1000).toFixed(0)} ms an hour) → ${sizes.rows[0].rollups} rollup rows (${sizes.rows[0].rollup_size}) and ${sizes.rows[0].vital_rollups} vital rollup rows`,
      `day rollup: ${rolled.days} site days in ${rolled.daySeconds.toFixed(0)} s (${((rolled.daySeconds / Math.max(1, rolled.days)) * 1000).toFixed(0)} ms a day) → ${sizes.rows[0].day_rollups} day rollup rows (${sizes.rows[0].day_rollup_size}) and ${sizes.rows[0].vital_day_rollups} vital day rollup rows`,
    );

    const to = generated.days.at(-1);
    const ranges = [
      { label: '30 days', from: generated.days.at(-30), to },
      { label: '90 days', from: generated.days[0], to },
    ];
    const base = `${server.baseUrl}/api/content-service/analytics/1.0/websites/${owner.websiteId}`;
    const rows = [];
    for (const report of ['traffic', 'commerce', 'performance', 'errors']) {
      for (const range of ranges) {
        const address = `${base}/${report}?from=${range.from}&to=${range.to}`;
        const call = async () => {
          const t0 = performance.now();
          const answer = await fetch(address, { headers: owner.headers });
          const body = await answer.json();
          if (answer.status !== 200)
            throw new Error(`${report}: ${answer.status} ${JSON.stringify(body)}`);
          return { ms: performance.now() - t0, body };
        };
        const first = await call();
        const times = [];
        for (let i = 0; i < RUNS; i++) times.push((await call()).ms);
        times.sort((a, b) => a - b);
        const p50 = percentile(times, 0.5);
        const p95 = percentile(times, 0.95);
        rows.push({
          name: `${report}, ${range.label}`,
          first: first.ms,
          p50,
          p95,
          isMet: p95 <= DASHBOARD_TARGET_MS,
          check: summaryOf(report, first.body),
        });
      }
    }
    const table = [
      `| report (PostgreSQL, ${eventCount} events) | first call ms | warm p50 ms | warm p95 ms | target | met | what it answered |`,
      '|---|---:|---:|---:|---:|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.first.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ≤ ${DASHBOARD_TARGET_MS} | ${r.isMet ? 'yes' : 'no'} | ${r.check} |`,
      ),
    ];
    return { table, info, rows, isMet: rows.every((r) => r.isMet) };
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await server.stop();
    const dropper = new pg.Client({ connectionString: postgresUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}

/** A few of the report's figures, so the table shows the queries read real data. */
function summaryOf(report, body) {
  if (report === 'traffic') {
    return `${body.totals.visits} visits, ${body.totals.visitors} visitors, ${body.totals.pageviews} views`;
  }
  if (report === 'commerce') {
    return `${body.funnel.productViews} product-view visits, ${body.orders} orders`;
  }
  if (report === 'performance') {
    const lcp = body.metrics.find((m) => m.metric === 'LCP');
    return `LCP p75 ${lcp?.p75} ms of ${lcp?.count}; ${body.byPage.length} page rows`;
  }
  return `${body.groups.length} groups, ${body.groups.reduce((n, g) => n + g.count, 0)} errors`;
}
