// What the product editor of issue 18 adds to a product beyond price and stock: search
// engine texts and a social image, a scheduled publication time, shipping weight and
// size, the file a digital product delivers, and the old addresses of a product whose
// url id changed (so links already shared keep working). An order line keeps the file
// it was bought with, so a later change of the product's file never changes a purchase.
// Descriptions become rich text (sanitized HTML); the plain ones written so far are
// escaped and wrapped in a paragraph, so they read the same.
export const name = '0015-product-details';

export const sql = /* sql */ `
alter table products
  add column seo_title text,
  add column seo_description text,
  add column social_image_media_id uuid,
  add column publish_at timestamptz,
  add column weight_grams integer check (weight_grams >= 0),
  add column length_mm integer check (length_mm >= 0),
  add column width_mm integer check (width_mm >= 0),
  add column height_mm integer check (height_mm >= 0),
  add column digital_media_id uuid,
  add foreign key (website_id, social_image_media_id)
    references media (website_id, media_id) on delete set null (social_image_media_id),
  add foreign key (website_id, digital_media_id)
    references media (website_id, media_id) on delete set null (digital_media_id);

create index products_digital_media on products (website_id, digital_media_id)
  where digital_media_id is not null;

update products
   set description = '<p>' ||
       replace(replace(replace(description, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>'
 where description <> '';

create table product_url_redirects (
  website_id uuid not null,
  old_url_id text not null,
  product_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (website_id, old_url_id),
  foreign key (website_id, product_id) references products (website_id, product_id) on delete cascade
);
create index product_url_redirects_product on product_url_redirects (website_id, product_id);

alter table order_items add column digital_media_id uuid;
`;
