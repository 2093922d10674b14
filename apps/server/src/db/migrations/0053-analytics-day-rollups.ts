// Visitor analytics by the website's own day (issue 24). The hourly rollups of 0048 made a
// 90-day dashboard read 2,160 rows per key and merge as many sketches and histograms: over
// 300 ms for a busy site (docs/PERFORMANCE.md). These tables hold the same figures per site
// day — the sum of that day's 23, 24 or 25 UTC hours in the website's time zone — so a report
// reads at most one row per day per key. The worker rebuilds a day from its hours whenever
// one of them is rolled up; docs/ARCHITECTURE.md "Visitor analytics" has the rules.
export const name = '0053-analytics-day-rollups';

export const sql = /* sql */ `
-- Errors by page and browser per hour, so the errors report (and a day's tally) no longer
-- reads raw events, which retention drops.
create table analytics_error_tallies (
  website_id uuid not null references websites (website_id) on delete cascade,
  hour timestamptz not null,
  fingerprint text not null,
  facet text not null check (facet in ('page', 'browser')),
  key text not null,
  count bigint not null default 0,
  primary key (website_id, hour, fingerprint, facet, key)
);

-- What analytics_rollups holds per hour, per site day.
create table analytics_day_rollups (
  website_id uuid not null references websites (website_id) on delete cascade,
  day date not null,
  dimension text not null,
  key text not null,
  pageviews bigint not null default 0,
  visits bigint not null default 0,
  bounces bigint not null default 0,
  engaged_ms bigint not null default 0,
  events bigint not null default 0,
  value_sum bigint not null default 0,
  visitors bytea,
  primary key (website_id, day, dimension, key)
);
create index analytics_day_rollups_by_dimension on analytics_day_rollups (website_id, dimension, day);

create table analytics_vital_day_rollups (
  website_id uuid not null references websites (website_id) on delete cascade,
  day date not null,
  metric text not null,
  path text not null,
  page_type integer not null default 0,
  element text not null default '',
  good bigint not null default 0,
  needs_improvement bigint not null default 0,
  poor bigint not null default 0,
  -- The day's histogram, dense: buckets[i] counts core vitalBucketOf's bucket
  -- buckets_from + i. A 90-day report adds tens of thousands of these; as arrays of
  -- numbers they are a fraction of the JSON and add up without parsing keys.
  buckets_from integer not null default 0,
  buckets integer[] not null default '{}',
  primary key (website_id, day, metric, path, element)
);

create table analytics_error_day_tallies (
  website_id uuid not null references websites (website_id) on delete cascade,
  day date not null,
  fingerprint text not null,
  facet text not null check (facet in ('page', 'browser')),
  key text not null,
  count bigint not null default 0,
  primary key (website_id, day, fingerprint, facet, key)
);

-- The days built, and in which time zone: the dashboards read a day's rows only when it
-- was built in the website's current zone, and its hours otherwise.
create table analytics_days (
  website_id uuid not null references websites (website_id) on delete cascade,
  day date not null,
  time_zone text not null,
  built_at timestamptz not null default now(),
  primary key (website_id, day)
);

-- Days to rebuild from their hours: marked with each rolled-up hour, in its transaction.
create table analytics_dirty_days (
  website_id uuid not null references websites (website_id) on delete cascade,
  day date not null,
  primary key (website_id, day)
);

-- The zone each website's days were last built in; the worker compares it with the
-- website's and rebuilds every day when the owner changes it.
create table analytics_day_zones (
  website_id uuid primary key references websites (website_id) on delete cascade,
  time_zone text not null
);

-- The raw events still kept give their hours' error tallies; every day with hours is
-- marked, so the worker builds the days of rollups made before this.
insert into analytics_error_tallies (website_id, hour, fingerprint, facet, key, count)
select website_id, to_timestamp(floor(extract(epoch from occurred_at) / 3600) * 3600), name,
  f.facet, f.key, count(*)
from analytics_events, lateral (values ('page', path), ('browser', coalesce(browser, 'Unknown'))) as f(facet, key)
where kind = 'error' and website_id in (select website_id from websites)
group by 1, 2, 3, 4, 5;

insert into analytics_day_zones (website_id, time_zone)
select w.website_id, w.time_zone from websites w
where exists (select 1 from analytics_rollups r where r.website_id = w.website_id)
  or exists (select 1 from analytics_vital_rollups v where v.website_id = w.website_id);

insert into analytics_dirty_days (website_id, day)
select distinct h.website_id, (h.hour at time zone w.time_zone)::date
from (select website_id, hour from analytics_rollups
  union select website_id, hour from analytics_vital_rollups) h
join websites w on w.website_id = h.website_id;
`;
