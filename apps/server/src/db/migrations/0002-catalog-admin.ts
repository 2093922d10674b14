// API keys, product categories and per-product merchandising: what the catalog's
// creation calls need. Tenant tables lead with website_id like every other (0001).
export const name = '0002-catalog-admin';

export const sql = /* sql */ `
-- A key is looked up by the SHA-256 of the whole secret within the request's website, so
-- the secret itself is never stored and a key of one website cannot match another.
create table api_keys (
  website_id uuid not null references websites (website_id) on delete cascade,
  key_id uuid not null default gen_random_uuid(),
  name text not null,
  -- SPEC §3 role numbers (core's Role)
  role smallint not null,
  -- the first characters of the secret, shown so an owner can tell keys apart
  prefix text not null,
  secret_sha256 text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  primary key (website_id, key_id),
  unique (website_id, secret_sha256)
);

create table categories (
  website_id uuid not null,
  category_id uuid not null default gen_random_uuid(),
  collection_id uuid not null,
  -- null for a top-level category; a child lives in the same collection as its parent
  parent_category_id uuid,
  display_name text not null,
  slug text not null,
  category_type text not null default 'ROOT',
  page_rendering text not null default 'LIST_VIEW',
  display_index integer not null default 1,
  created_at timestamptz not null default now(),
  primary key (website_id, category_id),
  unique (website_id, collection_id, slug),
  foreign key (website_id, collection_id)
    references collections (website_id, collection_id) on delete cascade,
  foreign key (website_id, parent_category_id)
    references categories (website_id, category_id) on delete cascade
);

create table product_categories (
  website_id uuid not null,
  product_id uuid not null,
  category_id uuid not null,
  primary key (website_id, product_id, category_id),
  foreign key (website_id, product_id)
    references products (website_id, product_id) on delete cascade,
  foreign key (website_id, category_id)
    references categories (website_id, category_id) on delete cascade
);
create index product_categories_category on product_categories (website_id, category_id);

-- SPEC §3 merchandising context per product; a product without a row has the defaults
-- (no scarcity message, restock sign-up offered when sold out).
create table product_merchandising (
  website_id uuid not null,
  product_id uuid not null,
  is_scarcity_enabled boolean not null default false,
  scarcity_text text,
  scarcity_threshold integer check (scarcity_threshold >= 0),
  is_restock_notification_enabled boolean not null default true,
  primary key (website_id, product_id),
  foreign key (website_id, product_id)
    references products (website_id, product_id) on delete cascade
);
`;
