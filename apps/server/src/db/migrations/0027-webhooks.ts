// Outgoing webhooks (issue 21). An endpoint is a URL the website's owner (or an
// automation tool through the REST hooks API) subscribed to some event types; its
// secret signs every delivery (Standard Webhooks) and has to be kept as it is, since
// signing needs it (it is shown to people once, at creation). A delivery is one event
// for one endpoint: the durable outbox, written in the transaction of the change that
// caused the event, and worked by the deliverer (features/webhooks/webhook-deliverer.ts)
// with a lease, retries and backoff. `seq` orders deliveries: one of an order is not
// tried while an earlier one of the same order to the same endpoint is still pending.
//
// Stock changes come from many writers (checkout, refunds and cancels, the stock PUT,
// the product editor, CSV import, restocks to come), so inventory.changed is written
// by a trigger on product_variants: no stock-writing path can forget it, and it runs in
// the writer's transaction like every other event.
export const name = '0027-webhooks';

export const sql = /* sql */ `
create table webhook_endpoints (
  website_id uuid not null references websites (website_id) on delete cascade,
  endpoint_id uuid not null default gen_random_uuid(),
  url text not null,
  events text[] not null,
  secret text not null,
  -- 'config': made by a member at /config; 'api': a REST hooks subscription (an automation).
  source text not null default 'config' check (source in ('config', 'api')),
  created_by text not null,
  created_at timestamptz not null default now(),
  disabled_at timestamptz,
  -- 'owner' (disconnected by a person or an unsubscribe) or 'failures'.
  disabled_reason text check (disabled_reason in ('owner', 'failures')),
  failure_count integer not null default 0,
  failing_since timestamptz,
  last_success_at timestamptz,
  primary key (website_id, endpoint_id),
  check ((disabled_at is null) = (disabled_reason is null))
);

create table webhook_deliveries (
  website_id uuid not null,
  delivery_id uuid not null default gen_random_uuid(),
  seq bigint generated always as identity,
  endpoint_id uuid not null,
  -- The webhook-id header: the same on every attempt and replay, so receivers dedupe by it.
  event_id text not null,
  event_type text not null,
  -- 'order:<id>', 'variant:<id>': deliveries with one key reach an endpoint in seq order.
  ordering_key text,
  -- The exact bytes that are signed and sent.
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (website_id, delivery_id),
  foreign key (website_id, endpoint_id)
    references webhook_endpoints (website_id, endpoint_id) on delete cascade
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_ordering
  on webhook_deliveries (website_id, endpoint_id, ordering_key, seq) where status = 'pending';
create index webhook_deliveries_log on webhook_deliveries (website_id, endpoint_id, seq desc);

create function webhook_inventory_changed() returns trigger language plpgsql as $$
declare
  event_body text;
  event_id text;
begin
  if not exists (
    select 1 from webhook_endpoints e
    where e.website_id = new.website_id and e.disabled_at is null
      and 'inventory.changed' = any (e.events)
  ) then
    return null;
  end if;
  event_id := 'msg_' || replace(gen_random_uuid()::text, '-', '');
  event_body := jsonb_build_object(
    'type', 'inventory.changed',
    'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', jsonb_build_object(
      'productId', new.product_id,
      'variantId', new.variant_id,
      'sku', new.sku,
      'previousQuantity', case when old.is_unlimited then null else old.qty_in_stock end,
      'quantity', case when new.is_unlimited then null else new.qty_in_stock end,
      'isUnlimited', new.is_unlimited
    )
  )::text;
  insert into webhook_deliveries (website_id, endpoint_id, event_id, event_type, ordering_key, body)
  select new.website_id, e.endpoint_id, event_id, 'inventory.changed',
         'variant:' || new.variant_id::text, event_body
  from webhook_endpoints e
  where e.website_id = new.website_id and e.disabled_at is null
    and 'inventory.changed' = any (e.events);
  return null;
end;
$$;

create trigger product_variants_webhook_stock
  after update of qty_in_stock, is_unlimited on product_variants
  for each row
  when (old.qty_in_stock is distinct from new.qty_in_stock
        or old.is_unlimited is distinct from new.is_unlimited)
  execute function webhook_inventory_changed();
`;
