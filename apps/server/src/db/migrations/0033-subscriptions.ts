// Subscriptions that renew (issue 22). A subscription is bought through its own cart (kind
// 'subscription', one entry) and its own checkout; the order that pays for it is cycle 0,
// and each renewal is an ordinary order with its cycle number. Renewal charges are taken
// by a sweep over next_attempt_at; the unique (subscription, cycle) on orders and on
// subscription_charges makes a cycle paid at most once, whichever server runs the sweep.
export const name = '0033-subscriptions';

export const sql = /* sql */ `
alter table carts add column kind text not null default 'standard'
  check (kind in ('standard', 'subscription'));

alter table orders add column subscription_id uuid;
alter table orders add column subscription_cycle integer;
create unique index orders_subscription_cycle on orders (website_id, subscription_id, subscription_cycle)
  where subscription_id is not null;

create table subscriptions (
  website_id uuid not null references websites (website_id) on delete cascade,
  subscription_id uuid not null default gen_random_uuid(),
  first_order_id uuid not null,
  cart_id uuid not null,
  email text not null,
  product_id uuid not null,
  variant_id uuid not null,
  product_type smallint not null,
  sku text not null,
  product_name text not null,
  quantity integer not null check (quantity > 0),
  additional_fields text,
  currency char(3) not null,
  -- the price, and the shipping each renewal pays, are kept as bought: a later price
  -- change reaches new subscribers only (tax is worked out again at each renewal)
  unit_price_cents integer not null check (unit_price_cents >= 0),
  shipping_cents integer not null check (shipping_cents >= 0),
  shipping_address jsonb,
  shipping_option_name text,
  period_value integer not null check (period_value > 0),
  period_unit text not null check (period_unit in ('WEEK', 'MONTH', 'YEAR')),
  num_billing_cycles integer not null check (num_billing_cycles >= 0),
  time_zone text not null,
  status text not null default 'active'
    check (status in ('active', 'past_due', 'paused', 'cancelled', 'expired', 'completed')),
  started_at timestamptz not null,
  -- renewal dates are counted from anchor_at, where cycle anchor_cycle fell: the purchase
  -- at first, then wherever the merchant moved the date or a late payment landed
  anchor_at timestamptz not null,
  anchor_cycle integer not null default 0,
  -- payments taken, the purchase included; the next cycle to bill is this number
  cycles_paid integer not null default 1,
  next_billing_at timestamptz,
  -- when the sweep next acts (the billing date, or a retry); null: nothing is due
  next_attempt_at timestamptz,
  failed_attempts integer not null default 0,
  -- tries at charging the cycle owed, every kind; part of the charge's idempotency key
  charge_attempts integer not null default 0,
  first_failed_at timestamptz,
  last_failure text,
  payment_provider text not null,
  card_token text,
  card_brand text,
  card_last4 char(4),
  card_exp_month smallint,
  card_exp_year smallint,
  paused_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, subscription_id)
);
create index subscriptions_due on subscriptions (next_attempt_at) where next_attempt_at is not null;
create index subscriptions_list on subscriptions (website_id, created_at desc);

-- One row per cycle charged: the renewal key the provider saw, and whether the money was
-- captured (a crash between commit and capture leaves it false for the sweep to finish).
create table subscription_charges (
  website_id uuid not null,
  subscription_id uuid not null,
  cycle integer not null,
  order_id uuid not null,
  idempotency_key text not null,
  payment_reference text,
  is_captured boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (website_id, subscription_id, cycle),
  foreign key (website_id, subscription_id) references subscriptions (website_id, subscription_id) on delete cascade
);
create index subscription_charges_uncaptured on subscription_charges (created_at) where not is_captured;

-- The customer's manage links (update the card, cancel): each email carries a fresh
-- random token, of which only the SHA-256 is kept; every one emailed keeps working.
create table subscription_links (
  website_id uuid not null,
  token_sha256 text not null,
  subscription_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (website_id, token_sha256),
  foreign key (website_id, subscription_id) references subscriptions (website_id, subscription_id) on delete cascade
);

create table subscription_events (
  website_id uuid not null,
  subscription_id uuid not null,
  -- in the order written, whatever clock stamped created_at
  event_id bigint generated always as identity,
  kind text not null,
  message text not null,
  actor text not null,
  created_at timestamptz not null default now(),
  primary key (website_id, event_id),
  foreign key (website_id, subscription_id) references subscriptions (website_id, subscription_id) on delete cascade
);
create index subscription_events_of on subscription_events (website_id, subscription_id, created_at);
`;
