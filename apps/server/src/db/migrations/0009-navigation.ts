// Navigation with nesting and folders. A page is in the main navigation
// (is_in_navigation) or in the hidden one ('_hidden', SPEC §9): reachable by its URL but
// not in the menu. Folders are pages of kind 'folder' whose children sit one level below
// them; collections can sit in folders too. External links are rows of their own.
export const name = '0009-navigation';

export const sql = /* sql */ `
alter table pages add column kind text not null default 'page'
  check (kind in ('page', 'folder'));
-- SPEC §3 FolderBehavior: index → the folder links to its first child, redirect → to its
-- own page, none → no link (the folder only opens its menu). Null for plain pages.
alter table pages add column folder_behavior text
  check (folder_behavior in ('index', 'redirect', 'none'));
alter table pages add column parent_page_id uuid;
-- No cascade: deleting a folder first moves its children up (editor-pages.repo.ts).
alter table pages add foreign key (website_id, parent_page_id)
  references pages (website_id, page_id);
alter table pages add column seo_title text not null default '';
alter table pages add column social_image_id uuid;
create index pages_navigation on pages (website_id, parent_page_id, navigation_index);

alter table collections add column parent_page_id uuid;
alter table collections add foreign key (website_id, parent_page_id)
  references pages (website_id, page_id);

create table navigation_links (
  website_id uuid not null references websites (website_id) on delete cascade,
  link_id uuid not null default gen_random_uuid(),
  -- 'main' or '_hidden'
  navigation text not null check (navigation in ('main', '_hidden')),
  parent_page_id uuid,
  title text not null,
  url text not null,
  navigation_index integer not null default 0,
  primary key (website_id, link_id),
  foreign key (website_id, parent_page_id) references pages (website_id, page_id)
    on delete cascade
);
`;
