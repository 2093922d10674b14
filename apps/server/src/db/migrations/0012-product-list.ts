// The merchant's product list (issue 18) finds a product by the start of any variant's
// SKU, whatever its case. The unique (website_id, sku) index is case-sensitive and so
// cannot serve `lower(sku) like 'abc%'`; this one can (text_pattern_ops makes a prefix
// LIKE an index range whatever the database's collation).
export const name = '0012-product-list';

export const sql = /* sql */ `
create index product_variants_sku_lower
  on product_variants (website_id, lower(sku) text_pattern_ops);
`;
