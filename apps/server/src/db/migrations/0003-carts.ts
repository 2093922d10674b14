// Shopping carts held on the server, one per visitor cookie. Entries point at variants
// and are priced when the cart is read, so a price change reaches every open cart.
export const name = '0003-carts';

export const sql = /* sql */ `
create table carts (
  website_id uuid not null references websites (website_id) on delete cascade,
  cart_id uuid not null default gen_random_uuid(),
  is_purchased boolean not null default false,
  order_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, cart_id)
);

create table cart_entries (
  website_id uuid not null,
  cart_id uuid not null,
  entry_id uuid not null default gen_random_uuid(),
  product_id uuid not null,
  variant_id uuid not null,
  quantity integer not null check (quantity between 1 and 9999),
  -- the additional-fields form answers, exactly as the shopper's browser sent them
  additional_fields text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, entry_id),
  foreign key (website_id, cart_id) references carts (website_id, cart_id) on delete cascade,
  foreign key (website_id, variant_id) references product_variants (website_id, variant_id) on delete cascade
);
create index cart_entries_cart on cart_entries (website_id, cart_id, created_at);
`;
