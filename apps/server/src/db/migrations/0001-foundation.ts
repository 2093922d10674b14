// Websites, their domains, pages, collections, products, variants and media.
// Every tenant table leads its primary key and indexes with website_id so the data
// can be sharded by website (Citus) without rewriting a query.
export const name = '0001-foundation';

export const sql = /* sql */ `
create table websites (
  website_id uuid primary key default gen_random_uuid(),
  title text not null,
  description text not null default '',
  time_zone text not null default 'America/New_York',
  store_currency char(3) not null default 'USD',
  use_cldr_money_format boolean not null default false,
  captcha_site_key text,
  multiple_quantity_allowed_for_services boolean not null default true,
  disqus_shortname text,
  comments_enabled boolean not null default false,
  simple_liking_enabled boolean not null default false,
  share_button_options jsonb not null default '{}'::jsonb,
  language text not null default 'en-US',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Host routing is the one lookup that starts from something other than a website:
-- a small table keyed by host (a Citus reference table at scale).
create table website_domains (
  host text primary key,
  website_id uuid not null references websites (website_id) on delete cascade,
  is_primary boolean not null default false
);
create index website_domains_website on website_domains (website_id);

create table pages (
  website_id uuid not null references websites (website_id) on delete cascade,
  page_id uuid not null default gen_random_uuid(),
  url_slug text not null,
  title text not null,
  navigation_title text,
  page_type smallint not null default 1,
  description text not null default '',
  blocks jsonb not null default '[]'::jsonb,
  is_in_navigation boolean not null default true,
  navigation_index integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, page_id),
  unique (website_id, url_slug)
);

create table collections (
  website_id uuid not null references websites (website_id) on delete cascade,
  collection_id uuid not null default gen_random_uuid(),
  collection_type text not null,
  url_id text not null,
  title text not null,
  navigation_title text not null,
  description text not null default '',
  is_enabled boolean not null default true,
  is_in_navigation boolean not null default true,
  navigation_index integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, collection_id),
  unique (website_id, url_id)
);

create table media (
  website_id uuid not null references websites (website_id) on delete cascade,
  media_id uuid not null default gen_random_uuid(),
  filename text not null,
  content_type text not null,
  byte_size integer not null,
  width integer not null,
  height integer not null,
  alt_text text not null default '',
  focal_x real not null default 0.5,
  focal_y real not null default 0.5,
  color_data jsonb not null default '{}'::jsonb,
  -- widths that exist as resized files, ascending
  variant_widths integer[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (website_id, media_id)
);

create table products (
  website_id uuid not null references websites (website_id) on delete cascade,
  product_id uuid not null default gen_random_uuid(),
  collection_id uuid not null,
  product_type smallint not null check (product_type between 1 and 5),
  url_id text not null,
  title text not null,
  description text not null default '',
  excerpt text not null default '',
  variant_option_ordering text[] not null default '{}',
  is_subscribable boolean not null default false,
  subscription_plan jsonb,
  -- digital products carry their price on the product (SPEC §3)
  price_cents integer,
  sale_price_cents integer,
  is_on_sale boolean not null default false,
  additional_fields_form_id uuid,
  use_custom_add_button_text boolean not null default false,
  custom_add_button_text text,
  custom_sold_out_text text,
  tags text[] not null default '{}',
  is_visible boolean not null default true,
  display_index integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_document tsvector generated always as (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(description, '')), 'B')
  ) stored,
  primary key (website_id, product_id),
  unique (website_id, url_id),
  foreign key (website_id, collection_id) references collections (website_id, collection_id)
);
create index products_collection on products (website_id, collection_id, display_index);
create index products_search on products using gin (search_document);

create table product_variants (
  website_id uuid not null,
  variant_id uuid not null default gen_random_uuid(),
  product_id uuid not null,
  sku text not null,
  -- [{"optionName": "Size", "value": "M"}, ...] in variant_option_ordering order
  option_values jsonb not null default '[]'::jsonb,
  price_cents integer not null check (price_cents >= 0),
  sale_price_cents integer not null default 0 check (sale_price_cents >= 0),
  is_on_sale boolean not null default false,
  qty_in_stock integer not null default 0 check (qty_in_stock >= 0),
  is_unlimited boolean not null default false,
  display_index integer not null default 0,
  primary key (website_id, variant_id),
  unique (website_id, sku),
  foreign key (website_id, product_id) references products (website_id, product_id) on delete cascade
);
create index product_variants_product on product_variants (website_id, product_id, display_index);

create table product_images (
  website_id uuid not null,
  product_id uuid not null,
  media_id uuid not null,
  display_index integer not null default 0,
  primary key (website_id, product_id, media_id),
  foreign key (website_id, product_id) references products (website_id, product_id) on delete cascade,
  foreign key (website_id, media_id) references media (website_id, media_id) on delete cascade
);
`;
