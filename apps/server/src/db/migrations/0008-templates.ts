// Developer mode: a website's own JSON-Template templates, which replace the React
// default of one region of its public pages. Keyed by website first, like every tenant table.
export const name = '0008-templates';

export const sql = /* sql */ `
create table website_templates (
  website_id uuid not null references websites (website_id) on delete cascade,
  -- collection-list: a collection's list page (the product list); item: a product page;
  -- header and footer: the regions around every page.
  slot text not null check (slot in ('collection-list', 'item', 'header', 'footer')),
  source text not null,
  updated_at timestamptz not null default now(),
  -- The member who saved it last. No foreign key: removing a member keeps the record.
  updated_by uuid,
  primary key (website_id, slot)
);
`;
