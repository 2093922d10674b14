// Pay in 4 (issue 22): an order paid by the test gateway's installment tender keeps its
// payment schedule here, one row per installment. The first is captured at purchase, the
// rest by the capture job on their due date. The saved-card token (the provider's, never
// the card number) is what later captures charge. `reference` is the provider's capture
// reference; `refunded_cents` what refunds gave back of this capture, so a refund never
// returns more than was taken. An order cancelled before the end cancels the rest.
export const name = '0035-order-installments';

export const sql = /* sql */ `
create table order_installments (
  website_id uuid not null,
  order_id uuid not null,
  installment_number integer not null check (installment_number between 1 and 12),
  amount_cents integer not null check (amount_cents > 0),
  due_at timestamptz not null,
  status text not null default 'scheduled'
    check (status in ('scheduled', 'captured', 'failed', 'cancelled')),
  captured_at timestamptz,
  reference text,
  attempts integer not null default 0,
  -- Not charged before this: the due date, then the day after each declined try. A stray
  -- or early job finds it in the future and leaves the installment alone.
  next_attempt_at timestamptz not null,
  last_error text,
  payment_token text not null,
  refunded_cents integer not null default 0 check (refunded_cents >= 0),
  created_at timestamptz not null default now(),
  primary key (website_id, order_id, installment_number),
  foreign key (website_id, order_id) references orders (website_id, order_id) on delete cascade,
  check (refunded_cents <= amount_cents)
);
create index order_installments_due on order_installments (due_at) where status = 'scheduled';
`;
