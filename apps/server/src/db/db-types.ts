import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of the database, written by hand beside the migrations that create them.
// Generated<> marks columns the database fills in when an insert leaves them out.

/** timestamptz with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string (pg would send arrays as SQL arrays). */
type Json<T> = ColumnType<T, string, string>;
/** jsonb with a database default, so inserts may leave it out. */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;

export type OptionValue = { optionName: string; value: string };
export type SubscriptionPlan = {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
};
export type ColorData = {
  topLeftAverage?: string;
  topRightAverage?: string;
  bottomLeftAverage?: string;
  bottomRightAverage?: string;
  centerAverage?: string;
};

export interface WebsitesTable {
  website_id: Generated<string>;
  title: string;
  description: Generated<string>;
  time_zone: Generated<string>;
  store_currency: Generated<string>;
  use_cldr_money_format: Generated<boolean>;
  captcha_site_key: string | null;
  multiple_quantity_allowed_for_services: Generated<boolean>;
  disqus_shortname: string | null;
  comments_enabled: Generated<boolean>;
  simple_liking_enabled: Generated<boolean>;
  share_button_options: JsonDefault<Record<string, unknown>>;
  language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebsiteDomainsTable {
  host: string;
  website_id: string;
  is_primary: Generated<boolean>;
}

export interface PagesTable {
  website_id: string;
  page_id: Generated<string>;
  url_slug: string;
  title: string;
  navigation_title: string | null;
  page_type: Generated<number>;
  description: Generated<string>;
  blocks: JsonDefault<unknown[]>;
  is_in_navigation: Generated<boolean>;
  navigation_index: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CollectionsTable {
  website_id: string;
  collection_id: Generated<string>;
  collection_type: string;
  url_id: string;
  title: string;
  navigation_title: string;
  description: Generated<string>;
  is_enabled: Generated<boolean>;
  is_in_navigation: Generated<boolean>;
  navigation_index: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MediaTable {
  website_id: string;
  media_id: Generated<string>;
  filename: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  alt_text: Generated<string>;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  color_data: JsonDefault<ColorData>;
  variant_widths: Generated<number[]>;
  created_at: Timestamp;
}

export interface ProductsTable {
  website_id: string;
  product_id: Generated<string>;
  collection_id: string;
  product_type: number;
  url_id: string;
  title: string;
  description: Generated<string>;
  excerpt: Generated<string>;
  variant_option_ordering: Generated<string[]>;
  is_subscribable: Generated<boolean>;
  subscription_plan: Json<SubscriptionPlan> | null;
  price_cents: number | null;
  sale_price_cents: number | null;
  is_on_sale: Generated<boolean>;
  additional_fields_form_id: string | null;
  use_custom_add_button_text: Generated<boolean>;
  custom_add_button_text: string | null;
  custom_sold_out_text: string | null;
  tags: Generated<string[]>;
  is_visible: Generated<boolean>;
  display_index: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_document: ColumnType<string, never, never>;
}

export interface ProductVariantsTable {
  website_id: string;
  variant_id: Generated<string>;
  product_id: string;
  sku: string;
  option_values: JsonDefault<OptionValue[]>;
  price_cents: number;
  sale_price_cents: Generated<number>;
  is_on_sale: Generated<boolean>;
  qty_in_stock: Generated<number>;
  is_unlimited: Generated<boolean>;
  display_index: Generated<number>;
}

export interface ProductImagesTable {
  website_id: string;
  product_id: string;
  media_id: string;
  display_index: Generated<number>;
}

export interface CartsTable {
  website_id: string;
  cart_id: Generated<string>;
  is_purchased: Generated<boolean>;
  order_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartEntriesTable {
  website_id: string;
  cart_id: string;
  entry_id: Generated<string>;
  product_id: string;
  variant_id: string;
  quantity: number;
  additional_fields: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiKeysTable {
  website_id: string;
  key_id: Generated<string>;
  name: string;
  role: number;
  prefix: string;
  secret_sha256: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface CategoriesTable {
  website_id: string;
  category_id: Generated<string>;
  collection_id: string;
  parent_category_id: string | null;
  display_name: string;
  slug: string;
  category_type: Generated<string>;
  page_rendering: Generated<string>;
  display_index: Generated<number>;
  created_at: Generated<Date>;
}

export interface ProductCategoriesTable {
  website_id: string;
  product_id: string;
  category_id: string;
}

export interface ProductMerchandisingTable {
  website_id: string;
  product_id: string;
  is_scarcity_enabled: Generated<boolean>;
  scarcity_text: string | null;
  scarcity_threshold: number | null;
  is_restock_notification_enabled: Generated<boolean>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface DB {
  websites: WebsitesTable;
  website_domains: WebsiteDomainsTable;
  pages: PagesTable;
  collections: CollectionsTable;
  media: MediaTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  api_keys: ApiKeysTable;
  categories: CategoriesTable;
  product_categories: ProductCategoriesTable;
  product_merchandising: ProductMerchandisingTable;
  schema_migrations: SchemaMigrationsTable;
}

export type WebsiteRow = Selectable<WebsitesTable>;
export type PageRow = Selectable<PagesTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type MediaRow = Selectable<MediaTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type VariantRow = Selectable<ProductVariantsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type MerchandisingRow = Selectable<ProductMerchandisingTable>;
export type NewVariant = Insertable<ProductVariantsTable>;
export type CartRow = Selectable<CartsTable>;
export type CartEntryRow = Selectable<CartEntriesTable>;
