// Paywalls (issue 22): which pages and collections a paywall product unlocks, and the
// access each paid order line grants. A page or collection may be unlocked by several
// products. A grant keeps only the SHA-256 of its access token (the link's secret); the
// token itself is derived from the order's secret when a page needs to show the link.
export const name = '0034-paywall';

export const sql = /* sql */ `
create table paywall_pages (
  website_id uuid not null,
  product_id uuid not null,
  page_id uuid not null,
  primary key (website_id, product_id, page_id),
  foreign key (website_id, product_id) references products (website_id, product_id) on delete cascade,
  foreign key (website_id, page_id) references pages (website_id, page_id) on delete cascade
);
create index paywall_pages_page on paywall_pages (website_id, page_id);

create table paywall_collections (
  website_id uuid not null,
  product_id uuid not null,
  collection_id uuid not null,
  primary key (website_id, product_id, collection_id),
  foreign key (website_id, product_id) references products (website_id, product_id) on delete cascade,
  foreign key (website_id, collection_id)
    references collections (website_id, collection_id) on delete cascade
);
create index paywall_collections_collection on paywall_collections (website_id, collection_id);

create table paywall_grants (
  website_id uuid not null,
  order_id uuid not null,
  line_number integer not null,
  product_id uuid not null,
  token_hash text not null,
  created_at timestamptz not null default now(),
  primary key (website_id, order_id, line_number),
  unique (website_id, token_hash),
  foreign key (website_id, order_id, line_number)
    references order_items (website_id, order_id, line_number) on delete cascade
);
`;
