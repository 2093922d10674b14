// A digital product's delivery terms, set by the merchant (issue 22): how long each
// download link works, and how many downloads one purchase allows (null: no limit). The
// order line keeps the terms it was bought under, so a later change to the product does
// not take back what a buyer already has, and counts the downloads it gave.
export const name = '0032-digital-delivery';

export const sql = /* sql */ `
alter table products add column download_link_hours integer not null default 72
  check (download_link_hours between 1 and 8760);
alter table products add column download_limit integer
  check (download_limit between 1 and 1000);
alter table order_items add column download_link_hours integer not null default 72;
alter table order_items add column download_limit integer;
alter table order_items add column download_count integer not null default 0;
`;
