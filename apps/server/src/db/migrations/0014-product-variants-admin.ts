// Issue 18: the product editor changes a saved product's option matrix, and two people
// editing one product must not lose an edit silently.
//
// - products.version counts the merchant's edits (PATCH, bulk publish/hide); a save names
//   the version it started from and is refused when another edit landed meanwhile. Sales
//   and stock counts do not bump it, so a sale never fails an unrelated edit (stock has its
//   own expectedQtyInStock check).
// - product_variants.image_media_id: the picture shown when a shopper picks the variant, one
//   of the product's images. Deleting the file clears it; the server also clears it when the
//   image leaves the product. A variant's shipping weight already has its table (0004).
export const name = '0014-product-variants-admin';

export const sql = /* sql */ `
alter table products add column version integer not null default 1;

alter table product_variants add column image_media_id uuid;
alter table product_variants
  add constraint product_variants_image_fkey
  foreign key (website_id, image_media_id) references media (website_id, media_id)
  on delete set null (image_media_id);
`;
