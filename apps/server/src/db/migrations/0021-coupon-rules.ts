// Coupon rules a merchant expects (issue 19): a coupon may apply only to some products or
// categories, once per customer (by email), or apply by itself with no code (an automatic
// discount, named by its code). Existing coupons keep applying to everything.
export const name = '0021-coupon-rules';

export const sql = /* sql */ `
alter table coupons
  add column applies_to text not null default 'all'
    check (applies_to in ('all', 'products', 'categories')),
  add column target_ids jsonb not null default '[]',
  add column once_per_customer boolean not null default false,
  add column is_automatic boolean not null default false;
create index coupons_automatic on coupons (website_id) where is_automatic;
create index orders_coupon_email on orders (website_id, coupon_code, lower(email))
  where coupon_code is not null;
`;
