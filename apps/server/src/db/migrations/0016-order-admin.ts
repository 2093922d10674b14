// Order administration (issue 19): fulfilment, cancellation and refunds, and a timeline
// of everything that happened to an order. Payment and fulfilment are separate
// questions, so fulfilment gets its own column; what was refunded is kept per tender
// (card, gift card) so a refund can never return more than that tender paid.
export const name = '0016-order-admin';

export const sql = /* sql */ `
alter table orders add column fulfillment_status text not null default 'unfulfilled'
  check (fulfillment_status in ('unfulfilled', 'partial', 'fulfilled'));
alter table orders add column refunded_card_cents integer not null default 0
  check (refunded_card_cents >= 0 and refunded_card_cents <= grand_total_cents);
alter table orders add column refunded_gift_card_cents integer not null default 0
  check (refunded_gift_card_cents >= 0 and refunded_gift_card_cents <= gift_card_cents);
create index orders_admin_list on orders (website_id, created_at desc);

alter table order_items add column fulfilled_quantity integer not null default 0
  check (fulfilled_quantity >= 0 and fulfilled_quantity <= quantity);
alter table order_items add column refunded_quantity integer not null default 0
  check (refunded_quantity >= 0 and refunded_quantity <= quantity);
alter table order_items add column restocked_quantity integer not null default 0
  check (restocked_quantity >= 0 and restocked_quantity <= quantity);

-- A shipment: which lines (and how many of each) left in one parcel, and how to track it.
create table order_fulfillments (
  website_id uuid not null,
  fulfillment_id uuid not null default gen_random_uuid(),
  order_id uuid not null,
  carrier text,
  tracking_number text,
  tracking_url text,
  -- [{lineNumber, quantity}]
  items jsonb not null,
  created_at timestamptz not null default now(),
  primary key (website_id, fulfillment_id),
  foreign key (website_id, order_id) references orders (website_id, order_id) on delete cascade
);
create index order_fulfillments_order on order_fulfillments (website_id, order_id);

create table order_refunds (
  website_id uuid not null,
  refund_id uuid not null default gen_random_uuid(),
  order_id uuid not null,
  card_cents integer not null check (card_cents >= 0),
  gift_card_cents integer not null check (gift_card_cents >= 0),
  provider_reference text,
  -- [{lineNumber, quantity}]
  items jsonb not null,
  created_at timestamptz not null default now(),
  primary key (website_id, refund_id),
  foreign key (website_id, order_id) references orders (website_id, order_id) on delete cascade
);
create index order_refunds_order on order_refunds (website_id, order_id);

-- The order's timeline. action_key makes each staff action idempotent: a retry with the
-- same key finds its event and changes nothing.
create table order_events (
  website_id uuid not null,
  event_id uuid not null default gen_random_uuid(),
  order_id uuid not null,
  kind text not null,
  message text not null,
  -- 'Customer', a member's email or 'API key <name>'
  actor text not null,
  action_key text,
  created_at timestamptz not null default now(),
  primary key (website_id, event_id),
  foreign key (website_id, order_id) references orders (website_id, order_id) on delete cascade
);
create index order_events_order on order_events (website_id, order_id, created_at);
create unique index order_events_action on order_events (website_id, order_id, action_key)
  where action_key is not null;
`;
