// Checkout, orders, inventory reservations, gift cards, coupons, shipping and tax
// settings, the mail outbox, the jobs queue and purchase analytics. Every table leads
// with website_id (Citus distribution key). Money is integer minor units of the store
// currency; stock and balances carry check constraints so a bug can never sell below 0.
export const name = '0004-checkout';

export const sql = /* sql */ `
create table shipping_options (
  website_id uuid not null references websites (website_id) on delete cascade,
  option_id uuid not null default gen_random_uuid(),
  name text not null,
  -- flat: price_cents always; free_over: free once the subtotal reaches min_subtotal_cents
  -- (not offered below it); by_weight: price_cents + per_kg_cents for each started kg
  kind text not null check (kind in ('flat', 'free_over', 'by_weight')),
  price_cents integer not null default 0 check (price_cents >= 0),
  min_subtotal_cents integer check (min_subtotal_cents >= 0),
  per_kg_cents integer check (per_kg_cents >= 0),
  display_index integer not null default 0,
  primary key (website_id, option_id)
);

-- Shipping weight of a variant, for by-weight rates; a variant without a row weighs 0.
create table variant_shipping_weights (
  website_id uuid not null,
  variant_id uuid not null,
  weight_grams integer not null check (weight_grams >= 0),
  primary key (website_id, variant_id),
  foreign key (website_id, variant_id) references product_variants (website_id, variant_id) on delete cascade
);

create table tax_rules (
  website_id uuid not null references websites (website_id) on delete cascade,
  rule_id uuid not null default gen_random_uuid(),
  country char(2) not null,
  -- null: the whole country; a region rule wins over the country rule
  region text,
  rate_bp integer not null check (rate_bp between 0 and 10000),
  applies_to_shipping boolean not null default false,
  primary key (website_id, rule_id)
);
create unique index tax_rules_place on tax_rules (website_id, country, coalesce(region, ''));

create table coupons (
  website_id uuid not null references websites (website_id) on delete cascade,
  coupon_id uuid not null default gen_random_uuid(),
  -- stored upper-case; shoppers type codes in any case
  code text not null,
  kind text not null check (kind in ('percentage', 'fixed_amount', 'free_shipping')),
  percent_bp integer check (percent_bp between 0 and 10000),
  amount_cents integer check (amount_cents >= 0),
  min_subtotal_cents integer not null default 0 check (min_subtotal_cents >= 0),
  starts_at timestamptz,
  expires_at timestamptz,
  usage_limit integer check (usage_limit >= 0),
  times_used integer not null default 0 check (times_used >= 0),
  primary key (website_id, coupon_id),
  unique (website_id, code),
  check (usage_limit is null or times_used <= usage_limit)
);

create table gift_cards (
  website_id uuid not null references websites (website_id) on delete cascade,
  gift_card_id uuid not null default gen_random_uuid(),
  code text not null,
  currency char(3) not null,
  initial_cents integer not null check (initial_cents > 0),
  balance_cents integer not null check (balance_cents >= 0),
  -- the order that bought it
  order_id uuid,
  recipient_name text,
  recipient_email text,
  message text,
  send_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (website_id, gift_card_id),
  unique (website_id, code),
  check (balance_cents <= initial_cents)
);

create table gift_card_redemptions (
  website_id uuid not null,
  gift_card_id uuid not null,
  order_id uuid not null,
  amount_cents integer not null check (amount_cents > 0),
  created_at timestamptz not null default now(),
  primary key (website_id, gift_card_id, order_id),
  foreign key (website_id, gift_card_id) references gift_cards (website_id, gift_card_id) on delete cascade
);

create table checkouts (
  website_id uuid not null,
  checkout_id uuid not null default gen_random_uuid(),
  cart_id uuid not null,
  status text not null default 'open' check (status in ('open', 'completed')),
  email text,
  shipping_address jsonb,
  shipping_option_id uuid,
  coupon_code text,
  gift_card_code text,
  order_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, checkout_id),
  foreign key (website_id, cart_id) references carts (website_id, cart_id) on delete cascade
);
-- one open checkout per cart: starting again resumes it
create unique index checkouts_open_cart on checkouts (website_id, cart_id) where status = 'open';

-- Stock held for a cart at the payment step. Active while expires_at is in the future;
-- other shoppers see qty_in_stock minus everyone else's active reservations.
create table inventory_reservations (
  website_id uuid not null,
  cart_id uuid not null,
  variant_id uuid not null,
  quantity integer not null check (quantity > 0),
  expires_at timestamptz not null,
  primary key (website_id, cart_id, variant_id),
  foreign key (website_id, variant_id) references product_variants (website_id, variant_id) on delete cascade
);
create index inventory_reservations_variant on inventory_reservations (website_id, variant_id, expires_at);

create table order_counters (
  website_id uuid primary key references websites (website_id) on delete cascade,
  last_number integer not null
);

create table orders (
  website_id uuid not null references websites (website_id) on delete cascade,
  order_id uuid not null default gen_random_uuid(),
  order_number integer not null,
  purchased_cart_id uuid not null,
  checkout_id uuid not null,
  status text not null default 'paid' check (status in ('paid', 'fulfilled', 'cancelled', 'refunded')),
  test_mode boolean not null,
  -- the status page's capability: whoever holds the token may read the order
  secret_token text not null,
  email text not null,
  shipping_address jsonb,
  shipping_option_name text,
  coupon_code text,
  currency char(3) not null,
  subtotal_cents integer not null,
  discount_cents integer not null,
  shipping_cents integer not null,
  tax_cents integer not null,
  gift_card_cents integer not null,
  grand_total_cents integer not null check (grand_total_cents >= 0),
  payment_provider text,
  payment_reference text,
  -- never the card number: brand and last four digits only
  card_brand text,
  card_last4 char(4),
  idempotency_key text not null,
  request_hash text not null,
  created_at timestamptz not null default now(),
  primary key (website_id, order_id),
  unique (website_id, order_number),
  unique (website_id, idempotency_key)
);

create table order_items (
  website_id uuid not null,
  order_id uuid not null,
  line_number integer not null,
  product_id uuid not null,
  variant_id uuid not null,
  product_type smallint not null,
  sku text not null,
  product_name text not null,
  quantity integer not null check (quantity > 0),
  unit_price_cents integer not null,
  discount_cents integer not null,
  tax_cents integer not null,
  additional_fields text,
  primary key (website_id, order_id, line_number),
  foreign key (website_id, order_id) references orders (website_id, order_id) on delete cascade
);

-- Emails to send, written in the same transaction as the change that causes them.
create table mail_outbox (
  website_id uuid not null references websites (website_id) on delete cascade,
  message_id uuid not null default gen_random_uuid(),
  kind text not null,
  to_email text not null,
  subject text not null,
  body_text text not null,
  send_after timestamptz not null default now(),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (website_id, message_id)
);
create index mail_outbox_pending on mail_outbox (website_id, send_after) where sent_at is null;

-- Background work polled in-process with for update skip locked, so several server
-- instances can share the queue without taking the same job twice.
create table jobs (
  website_id uuid not null references websites (website_id) on delete cascade,
  job_id uuid not null default gen_random_uuid(),
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  primary key (website_id, job_id)
);
create index jobs_due on jobs (run_at);

create table analytics_events (
  website_id uuid not null references websites (website_id) on delete cascade,
  event_id uuid not null default gen_random_uuid(),
  event_name text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  primary key (website_id, event_id)
);
`;
