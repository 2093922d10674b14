// The options a line was bought with (issue 29): "Size: M · Colour: Indigo" on the
// confirmation, status page, emails and /config, as they were when bought, since a
// variant's options can be renamed or the variant deleted later. Lines bought before take
// their variant's options as they stand now, where the variant still exists.
export const name = '0042-order-line-options';

export const sql = /* sql */ `
alter table order_items add column option_values jsonb not null default '[]'::jsonb;
update order_items i set option_values = v.option_values
  from product_variants v
  where v.website_id = i.website_id and v.variant_id = i.variant_id;
`;
