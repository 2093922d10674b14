// Member areas and page passwords (issue 23). A member area is a set of pages and folders
// that only signed-in customers see, or only those who bought one of the area's paywall
// products (access 'paid'). A page belongs to at most one area (pages.member_area_id); a
// folder's area covers the pages in it. An area is deleted by the service after it moves
// its pages out, so the foreign key has no action of its own: a composite key's
// `on delete set null` would null website_id too.
//
// pages.password_hash: the page's password as a self-describing scrypt string (the
// customer accounts' hashing), or null for no password.
export const name = '0038-member-areas';

export const sql = /* sql */ `
create table member_areas (
  website_id uuid not null references websites (website_id) on delete cascade,
  member_area_id uuid not null default gen_random_uuid(),
  name text not null,
  access text not null check (access in ('signed-in', 'paid')),
  created_at timestamptz not null default now(),
  primary key (website_id, member_area_id)
);
create unique index member_areas_name on member_areas (website_id, lower(name));

create table member_area_products (
  website_id uuid not null,
  member_area_id uuid not null,
  product_id uuid not null,
  primary key (website_id, member_area_id, product_id),
  foreign key (website_id, member_area_id)
    references member_areas (website_id, member_area_id) on delete cascade,
  foreign key (website_id, product_id) references products (website_id, product_id) on delete cascade
);

alter table pages add column member_area_id uuid;
alter table pages add foreign key (website_id, member_area_id)
  references member_areas (website_id, member_area_id);
create index pages_member_area on pages (website_id, member_area_id);
alter table pages add column password_hash text;
`;
