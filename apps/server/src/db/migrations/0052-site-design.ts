// Issue 25: the site's design, a style guide (contract's styleGuideSchema) and the theme it
// started from. One row per website; a website without one shows the default theme.
export const name = '0052-site-design';

export const sql = /* sql */ `
create table site_designs (
  website_id uuid primary key references websites(website_id) on delete cascade,
  theme_id text not null,
  style_guide jsonb not null,
  version integer not null default 1,
  updated_at timestamptz not null default now()
);
`;
