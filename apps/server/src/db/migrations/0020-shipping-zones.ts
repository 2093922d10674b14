// Shipping zones, weight tiers and pickup (issue 19), plus the store preferences that sit
// beside the currency on the website row.
//
// - zone null means "everywhere", so every rate made before this keeps being offered
//   (the demo store's 'Standard shipping' included). Otherwise a list of
//   {country, regions}: a country with no regions covers all of it.
// - weight_tiers (by_weight only): [{upToGrams, priceCents}], ascending, the last one
//   open-ended (upToGrams null). Rows without tiers keep pricing by started kilogram.
// - pickup: a place the shopper collects the order from; offered whatever the address.
// - checkouts and orders keep the shopper's phone and order note.
export const name = '0020-shipping-zones';

export const sql = /* sql */ `
alter table shipping_options drop constraint shipping_options_kind_check;
alter table shipping_options add constraint shipping_options_kind_check
  check (kind in ('flat', 'free_over', 'by_weight', 'pickup'));
alter table shipping_options add column zone jsonb;
alter table shipping_options add column weight_tiers jsonb;
alter table shipping_options add column pickup_location text;
alter table shipping_options add column pickup_address text;
alter table shipping_options add column pickup_instructions text;

alter table checkouts add column phone text;
alter table checkouts add column note text;
alter table orders add column phone text;
alter table orders add column note text;

alter table websites add column weight_unit text not null default 'kg'
  check (weight_unit in ('kg', 'lb', 'oz', 'g'));
alter table websites add column size_unit text not null default 'cm'
  check (size_unit in ('cm', 'in'));
alter table websites add column notification_email text;
alter table websites add column store_address jsonb;
`;
