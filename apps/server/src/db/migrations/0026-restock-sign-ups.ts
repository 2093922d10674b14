// Restock notifications (issue 21). A sign-up waits (notified_at null) until the
// merchant's send, or the automatic wave when stock comes back, emails it; the email is
// written to the outbox in the same transaction that sets notified_at, so each sign-up is
// emailed once. One waiting sign-up per email per variant (the partial unique index): a
// repeat is the same sign-up. `wave_id` names the send that notified a row, so a wave job
// that runs again after a crash sees it already went.
//
// The trigger is the one place that sees every stock write (product editor, inventory
// screen, CSV import, an order's restock, whatever comes later): when a tracked variant
// goes from 0 to N > 0 (or becomes unlimited) with someone waiting, it queues a
// restock.send-wave job in the same transaction. The job decides, when it runs, whether
// the store sends automatically and whether the product still takes sign-ups.
export const name = '0026-restock-sign-ups';

export const sql = /* sql */ `
create table restock_sign_ups (
  website_id uuid not null,
  sign_up_id uuid not null default gen_random_uuid(),
  product_id uuid not null,
  variant_id uuid not null,
  email text not null,
  email_key text not null,
  is_join_mailing_list boolean not null default false,
  language text,
  created_at timestamptz not null default now(),
  notified_at timestamptz,
  wave_id uuid,
  primary key (website_id, sign_up_id),
  foreign key (website_id, variant_id)
    references product_variants (website_id, variant_id) on delete cascade
);
create unique index restock_sign_ups_one_waiting
  on restock_sign_ups (website_id, variant_id, email_key) where notified_at is null;
create index restock_sign_ups_queue
  on restock_sign_ups (website_id, variant_id, created_at, sign_up_id);
create index restock_sign_ups_wave on restock_sign_ups (website_id, wave_id);

create function restock_queue_wave() returns trigger language plpgsql as $$
begin
  if (new.is_unlimited and not old.is_unlimited)
     or (not new.is_unlimited and old.qty_in_stock <= 0 and new.qty_in_stock > 0) then
    if exists (
      select 1 from restock_sign_ups s
      where s.website_id = new.website_id and s.variant_id = new.variant_id
        and s.notified_at is null
    ) then
      insert into jobs (website_id, kind, payload)
      values (
        new.website_id,
        'restock.send-wave',
        jsonb_build_object(
          'productId', new.product_id,
          'variantId', new.variant_id,
          'units', case when new.is_unlimited then null else new.qty_in_stock end
        )
      );
    end if;
  end if;
  return new;
end;
$$;

create trigger product_variants_restock_wave
  after update of qty_in_stock, is_unlimited on product_variants
  for each row execute function restock_queue_wave();
`;
