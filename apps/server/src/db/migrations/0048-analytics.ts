// Visitor analytics (issue 24). Raw events land in one table partitioned by UTC day of occurred_at, so
// ingestion appends to a small current partition and retention drops whole days at once
// instead of deleting rows. A DEFAULT partition catches a day that has no partition yet
// (a skewed clock, a job that has not run): nothing is ever refused for want of one, and
// the maintenance job moves such rows into their day's partition when it creates it.
//
// Rollups are per website and UTC hour: the dashboards sum hours, never raw events, so a
// query costs the same however many events a site has. They are kept for ever; raw events
// for ANALYTICS_RETENTION_DAYS. No foreign keys on the event table: a website's events are
// dropped with their day, and a key check per inserted row would slow the batch writer.
export const name = '0048-analytics';

export const sql = /* sql */ `
alter table analytics_events rename to analytics_purchases_0004;

create table analytics_events (
  website_id uuid not null,
  event_id bigint generated always as identity,
  occurred_at timestamptz not null,
  kind text not null check (kind in ('pageview', 'leave', 'event', 'vital', 'page_speed', 'error')),
  name text not null,
  visitor_id text,
  visit_id text,
  is_entry boolean not null default false,
  path text not null,
  page_type integer,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  device text,
  browser text,
  country text,
  value double precision,
  rating text,
  element text,
  data jsonb not null default '{}',
  primary key (website_id, occurred_at, event_id)
) partition by range (occurred_at);

create table analytics_events_default partition of analytics_events default;

-- 0004's purchase rows, the only events recorded before this, move in unchanged.
insert into analytics_events (website_id, occurred_at, kind, name, path, value, data)
select website_id, created_at, 'event', event_name, '', (payload->>'value')::double precision, payload
from analytics_purchases_0004;
drop table analytics_purchases_0004;

-- One row per website, hour, dimension and key. 'total' has key ''. visitors is a
-- HyperLogLog sketch (core analytics/hyperloglog.ts) so unique visitors add up across hours.
create table analytics_rollups (
  website_id uuid not null references websites (website_id) on delete cascade,
  hour timestamptz not null,
  dimension text not null,
  key text not null,
  pageviews bigint not null default 0,
  visits bigint not null default 0,
  bounces bigint not null default 0,
  engaged_ms bigint not null default 0,
  events bigint not null default 0,
  value_sum bigint not null default 0,
  visitors bytea,
  primary key (website_id, hour, dimension, key)
);
create index analytics_rollups_by_dimension on analytics_rollups (website_id, dimension, hour);

-- Web vitals per hour, page and element: rating counts and a log-bucket histogram
-- (bucket index to count) from which the dashboards read p75.
create table analytics_vital_rollups (
  website_id uuid not null references websites (website_id) on delete cascade,
  hour timestamptz not null,
  metric text not null,
  path text not null,
  page_type integer not null default 0,
  element text not null default '',
  good bigint not null default 0,
  needs_improvement bigint not null default 0,
  poor bigint not null default 0,
  histogram jsonb not null default '{}',
  primary key (website_id, hour, metric, path, element)
);

-- JavaScript errors grouped by message and top stack frame; counted as they arrive.
create table analytics_error_groups (
  website_id uuid not null references websites (website_id) on delete cascade,
  fingerprint text not null,
  message text not null,
  stack text not null default '',
  source text not null default '',
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  occurrences bigint not null default 0,
  primary key (website_id, fingerprint)
);

-- Hours whose rollups are out of date: the batch writer marks them, the rollup job
-- recomputes and clears them.
create table analytics_dirty_hours (
  website_id uuid not null,
  hour timestamptz not null,
  marked_at timestamptz not null default now(),
  primary key (website_id, hour)
);

-- Bad input and back-pressure, counted per website and day (never the bodies themselves).
create table analytics_rejections (
  website_id uuid not null references websites (website_id) on delete cascade,
  day text not null check (day ~ '^\\d{4}-\\d{2}-\\d{2}$'),
  reason text not null,
  count bigint not null default 0,
  primary key (website_id, day, reason)
);
`;
