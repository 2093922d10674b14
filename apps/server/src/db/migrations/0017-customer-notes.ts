// Customers (issue 19) are not a table: they are the website's placed orders grouped by
// lower-cased email, so there is nothing to keep in step when an order comes in. Only
// what the merchant writes about a customer needs storing: one free-text note per email.
export const name = '0017-customer-notes';

export const sql = /* sql */ `
create table customer_notes (
  website_id uuid not null references websites (website_id) on delete cascade,
  -- lower-cased, as the customer list groups orders
  email text not null check (email = lower(email)),
  note text not null,
  updated_by text not null,
  updated_at timestamptz not null default now(),
  primary key (website_id, email)
);
-- The customer list groups and looks up a customer's orders by lower(email).
create index orders_customer on orders (website_id, lower(email), created_at desc);
`;
