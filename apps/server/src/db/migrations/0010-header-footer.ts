// The site's header and footer, edited with the same blocks as pages. One row per website;
// they go live when saved (no draft copy): they frame every page, and a second
// draft/publish cycle beside each page's would leave owners unsure which one is live.
export const name = '0010-header-footer';

export const sql = /* sql */ `
create table site_header_footer (
  website_id uuid primary key references websites (website_id) on delete cascade,
  header_blocks jsonb not null default '[]'::jsonb,
  footer_blocks jsonb not null default '[]'::jsonb,
  -- Bumped by every save: a save based on an older one is refused (two open windows).
  revision integer not null default 0,
  updated_at timestamptz not null default now()
);
`;
