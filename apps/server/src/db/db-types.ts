import type {
  ApiKeyScopes,
  FormAnswers,
  FormFieldDefinitionDto,
  ShippingZone,
  SizeUnit,
  StoreAddress,
  WeightTier,
  WeightUnit,
} from '@atelier/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Row types of the database, written by hand beside the migrations that create them.
// Generated<> marks columns the database fills in when an insert leaves them out.
// db-types.test.ts compares this file with the migrated schema on both databases.

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
  /** Prices already contain the tax (VAT style): checkout takes it out, never adds it. */
  prices_include_tax: Generated<boolean>;
  disqus_shortname: string | null;
  comments_enabled: Generated<boolean>;
  simple_liking_enabled: Generated<boolean>;
  share_button_options: JsonDefault<Record<string, unknown>>;
  language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  weight_unit: Generated<WeightUnit>;
  size_unit: Generated<SizeUnit>;
  notification_email: string | null;
  store_address: Json<StoreAddress> | null;
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
  /** The editor's working copy; `blocks` is what is published (0007-editor). */
  draft_blocks: JsonDefault<unknown[]>;
  draft_revision: Generated<number>;
  published_revision: Generated<number>;
  status: ColumnType<PageStatus, PageStatus | undefined, PageStatus>;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  publish_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Navigation (0009-navigation): folders hold pages one level below them. */
  kind: ColumnType<PageKind, PageKind | undefined, PageKind>;
  folder_behavior: FolderBehavior | null;
  parent_page_id: string | null;
  seo_title: Generated<string>;
  social_image_id: string | null;
  /** Member areas (0038-member-areas): the area whose members alone see the page. */
  member_area_id: string | null;
  /** The page's password as a scrypt string, or null: no password. */
  password_hash: string | null;
}

export type PageKind = 'page' | 'folder';
/** SPEC §3 FolderBehavior. */
export type FolderBehavior = 'index' | 'redirect' | 'none';

/** Stored page statuses: SPEC §3's content statuses plus published. */
export type PageStatus = 'published' | 'draft' | 'needs-review' | 'private' | 'scheduled';

export interface WebsiteMembersTable {
  website_id: string;
  member_id: Generated<string>;
  email: string;
  password_hash: string;
  role: number;
  created_at: Timestamp;
}

export interface MemberInvitationsTable {
  website_id: string;
  invitation_id: Generated<string>;
  email: string;
  role: number;
  token_hash: string;
  invited_by: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

export interface MemberSessionsTable {
  website_id: string;
  token_hash: string;
  member_id: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
}

// Customer accounts (0036-site-users, issue 23).
export interface SiteUsersTable {
  website_id: string;
  site_user_id: Generated<string>;
  /** Trimmed and lowercased; unique per website. */
  email: string;
  /** $scrypt$ln=…,r=…,p=…$salt$hash */
  password_hash: string;
  email_verified_at: Date | null;
  language: string | null;
  /** The account's saved cart (a guest cart merges into it at sign-in). */
  cart_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiteUserSessionsTable {
  website_id: string;
  token_hash: string;
  site_user_id: string;
  is_remembered: boolean;
  created_at: ColumnType<Date, Date | string, Date | string>;
  last_seen_at: ColumnType<Date, Date | string, Date | string>;
}

export interface SiteUserTokensTable {
  website_id: string;
  token_hash: string;
  site_user_id: string;
  purpose: 'verify-email' | 'reset-password';
  email: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: Date | null;
  created_at: Timestamp;
}

/** Two-step verification of a member (0040); the same shape as a customer's. */
export interface MemberTwoFactorTable {
  website_id: string;
  member_id: string;
  /** base32; never sent again once set-up is confirmed. */
  secret: string;
  /** null while set-up waits for its first code. */
  enabled_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  /** The newest accepted time step: older or equal codes are replays. */
  last_used_step: number | null;
  /** SHA-256 (base64url) of each unused recovery code. */
  recovery_code_hashes: Generated<string[]>;
  created_at: Timestamp;
}

export interface SiteUserTwoFactorTable {
  website_id: string;
  site_user_id: string;
  secret: string;
  enabled_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  last_used_step: number | null;
  recovery_code_hashes: Generated<string[]>;
  created_at: Timestamp;
}

// An account's address book (0039-account-sections, issue 23).
export interface SiteUserAddressesTable {
  website_id: string;
  address_id: Generated<string>;
  site_user_id: string;
  address: Json<ShippingAddress>;
  /** At most one per account (a partial unique index). */
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebsiteTemplatesTable {
  website_id: string;
  slot: string;
  source: string;
  updated_at: Timestamp;
  updated_by: string | null;
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
  /** A folder page it sits in (0009-navigation). */
  parent_page_id: string | null;
}

/** A link to another site in a navigation (0009-navigation). */
export interface NavigationLinksTable {
  website_id: string;
  link_id: Generated<string>;
  navigation: 'main' | '_hidden';
  parent_page_id: string | null;
  title: string;
  url: string;
  navigation_index: Generated<number>;
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
  // 0015: search engine texts, scheduled publication, shipping size, a digital file.
  seo_title: Generated<string | null>;
  seo_description: Generated<string | null>;
  social_image_media_id: Generated<string | null>;
  /** When a hidden product becomes visible by itself; null when none is scheduled. */
  publish_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  weight_grams: Generated<number | null>;
  length_mm: Generated<number | null>;
  width_mm: Generated<number | null>;
  height_mm: Generated<number | null>;
  digital_media_id: Generated<string | null>;
  /** Bumped by every merchant edit (0014), never by a sale: optimistic concurrency. */
  version: Generated<number>;
  /** Generated by the database (0001): never written; null-able as the schema declares it. */
  search_document: ColumnType<string | null, never, never>;
  /** 0032: how long each download link works, and downloads per purchase (null: any). */
  download_link_hours: Generated<number>;
  download_limit: number | null;
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
  /** One of the product's images, shown when the variant is picked (0014). */
  image_media_id: Generated<string | null>;
}

export interface ProductUrlRedirectsTable {
  website_id: string;
  old_url_id: string;
  product_id: string;
  created_at: Generated<Date>;
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
  /** 'subscription': the one-entry cart of a subscription checkout (issue 22). */
  kind: Generated<'standard' | 'subscription'>;
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
  /** ApiKeyScopes; null on keys made before scopes, which keep their role's full access. */
  scopes: ColumnType<ApiKeyScopes | null, string | null | undefined, string | null>;
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

// Checkout, orders, inventory, gift cards, mail and jobs (0004-checkout).

export type ShippingAddress = {
  name: string;
  line1: string;
  line2?: string | undefined;
  city: string;
  region?: string | undefined;
  postalCode: string;
  country: string;
};

export interface ShippingOptionsTable {
  website_id: string;
  option_id: Generated<string>;
  name: string;
  kind: 'flat' | 'free_over' | 'by_weight' | 'pickup';
  price_cents: Generated<number>;
  min_subtotal_cents: number | null;
  per_kg_cents: number | null;
  display_index: Generated<number>;
  /** null: everywhere. */
  zone: Json<ShippingZone> | null;
  weight_tiers: Json<WeightTier[]> | null;
  pickup_location: string | null;
  pickup_address: string | null;
  pickup_instructions: string | null;
}

export interface VariantShippingWeightsTable {
  website_id: string;
  variant_id: string;
  weight_grams: number;
}

export interface TaxRulesTable {
  website_id: string;
  rule_id: Generated<string>;
  country: string;
  region: string | null;
  rate_bp: number;
  applies_to_shipping: Generated<boolean>;
}

export interface CouponsTable {
  website_id: string;
  coupon_id: Generated<string>;
  code: string;
  kind: 'percentage' | 'fixed_amount' | 'free_shipping';
  percent_bp: number | null;
  amount_cents: number | null;
  min_subtotal_cents: Generated<number>;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
  times_used: Generated<number>;
  applies_to: Generated<'all' | 'products' | 'categories'>;
  /** Product or category ids, as applies_to says; [] for all. */
  target_ids: ColumnType<string[], string | undefined, string>;
  once_per_customer: Generated<boolean>;
  /** Applies with no code when it is the best valid discount of the cart. */
  is_automatic: Generated<boolean>;
}

export interface GiftCardsTable {
  website_id: string;
  gift_card_id: Generated<string>;
  code: string;
  currency: string;
  initial_cents: number;
  balance_cents: number;
  order_id: string | null;
  recipient_name: string | null;
  recipient_email: string | null;
  message: string | null;
  send_at: Date | null;
  created_at: Timestamp;
  /** Who issued a card by hand (a member's email or 'API key <name>'); null when bought. */
  issued_by: string | null;
  voided_at: Date | null;
  voided_by: string | null;
}

export interface GiftCardRedemptionsTable {
  website_id: string;
  gift_card_id: string;
  order_id: string;
  amount_cents: number;
  created_at: Timestamp;
}

export type GiftCardEventKind =
  | 'issued'
  | 'purchased'
  | 'redeemed'
  | 'refunded_to_card'
  | 'adjusted'
  | 'voided';

export interface GiftCardEventsTable {
  website_id: string;
  event_id: Generated<string>;
  gift_card_id: string;
  kind: GiftCardEventKind;
  /** The signed change to the balance. */
  amount_cents: number;
  balance_after_cents: number;
  order_id: string | null;
  actor: string;
  actor_member_id: string | null;
  note: string | null;
  action_key: string | null;
  created_at: Timestamp;
}

export interface CheckoutsTable {
  website_id: string;
  checkout_id: Generated<string>;
  cart_id: string;
  status: Generated<'open' | 'completed'>;
  email: string | null;
  shipping_address: Json<ShippingAddress> | null;
  shipping_option_id: string | null;
  coupon_code: string | null;
  gift_card_code: string | null;
  order_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  phone: string | null;
  note: string | null;
}

export interface InventoryReservationsTable {
  website_id: string;
  cart_id: string;
  variant_id: string;
  quantity: number;
  expires_at: Date;
}

export interface OrderCountersTable {
  website_id: string;
  last_number: number;
}

export interface OrdersTable {
  website_id: string;
  order_id: Generated<string>;
  order_number: number;
  purchased_cart_id: string;
  checkout_id: string;
  status: Generated<'paid' | 'fulfilled' | 'cancelled' | 'refunded'>;
  test_mode: boolean;
  secret_token: string;
  email: string;
  shipping_address: Json<ShippingAddress> | null;
  shipping_option_name: string | null;
  coupon_code: string | null;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  /** tax_cents is inside the prices (prices_include_tax when placed), not added to them. */
  tax_included: Generated<boolean>;
  gift_card_cents: number;
  grand_total_cents: number;
  payment_provider: string | null;
  payment_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  idempotency_key: string;
  request_hash: string;
  created_at: Timestamp;
  fulfillment_status: Generated<'unfulfilled' | 'partial' | 'fulfilled'>;
  refunded_card_cents: Generated<number>;
  refunded_gift_card_cents: Generated<number>;
  phone: string | null;
  note: string | null;
  /** The subscription this order started (cycle 0) or renewed. */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_cycle: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderItemsTable {
  website_id: string;
  order_id: string;
  line_number: number;
  product_id: string;
  variant_id: string;
  product_type: number;
  sku: string;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  discount_cents: number;
  tax_cents: number;
  additional_fields: string | null;
  /** 0042: the variant's options as they were when bought. */
  option_values: JsonDefault<OptionValue[]>;
  /** The file a digital line delivers, as it was when bought (0015). */
  digital_media_id: Generated<string | null>;
  fulfilled_quantity: Generated<number>;
  refunded_quantity: Generated<number>;
  restocked_quantity: Generated<number>;
  /** 0032: the product's delivery terms when bought, and the downloads given. */
  download_link_hours: Generated<number>;
  download_limit: number | null;
  download_count: Generated<number>;
}

export type OrderLineQuantity = { lineNumber: number; quantity: number };

export interface OrderFulfillmentsTable {
  website_id: string;
  fulfillment_id: Generated<string>;
  order_id: string;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  items: Json<OrderLineQuantity[]>;
  created_at: Timestamp;
}

export interface OrderRefundsTable {
  website_id: string;
  refund_id: Generated<string>;
  order_id: string;
  card_cents: number;
  gift_card_cents: number;
  provider_reference: string | null;
  items: Json<OrderLineQuantity[]>;
  created_at: Timestamp;
}

export interface OrderEventsTable {
  website_id: string;
  event_id: Generated<string>;
  order_id: string;
  kind: string;
  message: string;
  actor: string;
  action_key: string | null;
  created_at: Timestamp;
}

/** One payment of a pay-in-4 order (0035). */
export interface OrderInstallmentsTable {
  website_id: string;
  order_id: string;
  installment_number: number;
  amount_cents: number;
  due_at: ColumnType<Date, Date | string, Date | string>;
  status: Generated<'scheduled' | 'captured' | 'failed' | 'cancelled'>;
  captured_at: Date | null;
  reference: string | null;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  last_error: string | null;
  payment_token: string;
  refunded_cents: Generated<number>;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  website_id: string;
  message_id: Generated<string>;
  kind: string;
  to_email: string;
  subject: string;
  body_text: string;
  send_after: Timestamp;
  sent_at: Date | null;
  created_at: Timestamp;
  lease_until: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  // 0029-campaigns: HTML alternative, extra headers, at-most-once sending.
  body_html: string | null;
  headers: Json<Record<string, string>> | null;
  is_at_most_once: Generated<boolean>;
  attempt_started_at: Date | null;
  failed_at: Date | null;
}

export interface JobsTable {
  website_id: string;
  job_id: Generated<string>;
  kind: string;
  payload: JsonDefault<Record<string, unknown>>;
  run_at: Timestamp;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
}

export interface FormsTable {
  website_id: string;
  form_id: Generated<string>;
  name: string;
  fields: JsonDefault<FormFieldDefinitionDto[]>;
  submission_message: Generated<string>;
  success_redirect: string | null;
  disclaimer: string | null;
  is_captcha_enabled: Generated<boolean>;
  submit_label: Generated<string>;
  post_submit_html: string | null;
  notification_email: string | null;
  is_storage_only: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormSubmissionKeysTable {
  website_id: string;
  submission_key: string;
  visitor_hash: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface FormSubmissionsTable {
  website_id: string;
  submission_id: Generated<string>;
  form_id: string;
  field_values: Json<FormAnswers>;
  page_title: string | null;
  page_id: string | null;
  page_path: string | null;
  content_source: string | null;
  submission_key: string;
  is_read: Generated<boolean>;
  created_at: Timestamp;
}

export interface CaptchaSecretsTable {
  website_id: string;
  hmac_key: string;
  created_at: Timestamp;
}

export interface CaptchaSpentTable {
  website_id: string;
  signature: string;
  expires_at: Date;
}

export interface CommercePreferencesTable {
  website_id: string;
  namespace: string;
  preferences: JsonDefault<Record<string, unknown>>;
  updated_at: Timestamp;
}

export interface SiteHeaderFooterTable {
  website_id: string;
  header_blocks: JsonDefault<unknown[]>;
  footer_blocks: JsonDefault<unknown[]>;
  revision: Generated<number>;
  updated_at: Timestamp;
  /** 0047: the header's logo (a media id); null shows the site title. */
  logo_media_id: string | null;
  /** 0047: the footer's copyright line; null or empty: "© {site title}". */
  copyright: string | null;
}

// Site design (0052-site-design): the style guide and the theme it started from.
export interface SiteDesignsTable {
  website_id: string;
  theme_id: string;
  style_guide: unknown;
  version: Generated<number>;
  updated_at: Timestamp;
}

// Customers (0017-customer-notes): the merchant's note on a customer, by lower-cased email.
export interface CustomerNotesTable {
  website_id: string;
  email: string;
  note: string;
  updated_by: string;
  updated_at: Timestamp;
}

// Remove demo content (0022-demo-content): what the demo seed created, by kind and id.
export interface DemoContentTable {
  website_id: string;
  kind: DemoContentKind;
  item_id: string;
  seeded_at: Timestamp;
}

export type DemoContentKind =
  | 'product'
  | 'category'
  | 'media'
  | 'page'
  | 'form'
  | 'shipping_option'
  | 'tax_rule'
  | 'coupon';

// Outgoing webhooks (0027-webhooks): endpoints and the delivery outbox.
export interface WebhookEndpointsTable {
  website_id: string;
  endpoint_id: Generated<string>;
  url: string;
  events: string[];
  secret: string;
  source: Generated<'config' | 'api'>;
  created_by: string;
  created_at: Timestamp;
  disabled_at: Date | null;
  disabled_reason: 'owner' | 'failures' | null;
  failure_count: Generated<number>;
  failing_since: Date | null;
  last_success_at: Date | null;
  /** 0030: the secret before the last rotation, still signing until it expires. */
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

export interface WebhookDeliveriesTable {
  website_id: string;
  delivery_id: Generated<string>;
  /** Identity column: the order deliveries of one ordering key are made in. */
  seq: Generated<number>;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  ordering_key: string | null;
  body: string;
  status: Generated<'pending' | 'delivered'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_until: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

// Restock notifications (0026-restock-sign-ups).
export interface RestockSignUpsTable {
  website_id: string;
  sign_up_id: Generated<string>;
  product_id: string;
  variant_id: string;
  email: string;
  /** The email lower-cased: one waiting sign-up per address per variant. */
  email_key: string;
  is_join_mailing_list: Generated<boolean>;
  language: string | null;
  created_at: Generated<Date>;
  notified_at: Date | null;
  wave_id: string | null;
}

// Mailing lists (0028-mailing-lists).
export interface MailingListsTable {
  website_id: string;
  list_id: Generated<string>;
  name: string;
  description: Generated<string>;
  created_at: Generated<Date>;
}

export type SubscriberStatusColumn = 'pending' | 'subscribed' | 'unsubscribed' | 'bounced';
export type SubscriberSourceColumn = 'newsletter' | 'import' | 'restock' | 'member' | 'account';

export interface MailingListSubscribersTable {
  website_id: string;
  subscriber_id: Generated<string>;
  list_id: string;
  email: string;
  /** The email lower-cased: one row per address per list. */
  email_key: string;
  name: Generated<string>;
  status: ColumnType<
    SubscriberStatusColumn,
    SubscriberStatusColumn | undefined,
    SubscriberStatusColumn
  >;
  source: SubscriberSourceColumn;
  /** SHA-256 (base64url) of the newest confirmation link's token; null once confirmed. */
  confirm_token_hash: string | null;
  confirm_sent_at: Date | null;
  unsubscribe_token: string;
  created_at: Generated<Date>;
  subscribed_at: Date | null;
  unsubscribed_at: Date | null;
  updated_at: Generated<Date>;
}

// Campaigns (0029-campaigns).
export type CampaignStatusColumn = 'draft' | 'sending' | 'sent' | 'cancelled';
export type CampaignRecipientStatusColumn = 'queued' | 'mailed' | 'skipped';

export interface CampaignsTable {
  website_id: string;
  campaign_id: Generated<string>;
  name: string;
  subject: Generated<string>;
  preview_text: Generated<string>;
  list_id: string | null;
  blocks: JsonDefault<unknown[]>;
  status: ColumnType<CampaignStatusColumn, CampaignStatusColumn | undefined, CampaignStatusColumn>;
  rate_per_minute: Generated<number>;
  batch_seq: Generated<number>;
  rendered_html: string | null;
  rendered_text: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  /** Set when the job runner gave up on a batch; cleared when the owner resumes. */
  stalled_at: Date | null;
  stalled_error: string | null;
}

export interface CampaignRecipientsTable {
  website_id: string;
  campaign_id: string;
  subscriber_id: string;
  email: string;
  status: ColumnType<
    CampaignRecipientStatusColumn,
    CampaignRecipientStatusColumn | undefined,
    CampaignRecipientStatusColumn
  >;
  skip_reason: 'unsubscribed' | 'cancelled' | null;
  message_id: string | null;
  queued_at: Generated<Date>;
  mailed_at: Date | null;
}

export type SubscriptionStatusValue =
  | 'active'
  | 'past_due'
  | 'paused'
  | 'cancelled'
  | 'expired'
  | 'completed';

export interface SubscriptionsTable {
  website_id: string;
  subscription_id: Generated<string>;
  first_order_id: string;
  cart_id: string;
  email: string;
  product_id: string;
  variant_id: string;
  product_type: number;
  sku: string;
  product_name: string;
  quantity: number;
  additional_fields: string | null;
  currency: string;
  unit_price_cents: number;
  shipping_cents: number;
  shipping_address: Json<ShippingAddress> | null;
  shipping_option_name: string | null;
  period_value: number;
  period_unit: 'WEEK' | 'MONTH' | 'YEAR';
  num_billing_cycles: number;
  time_zone: string;
  status: Generated<SubscriptionStatusValue>;
  started_at: ColumnType<Date, Date | string, Date | string>;
  anchor_at: ColumnType<Date, Date | string, Date | string>;
  anchor_cycle: Generated<number>;
  cycles_paid: Generated<number>;
  next_billing_at: Date | null;
  next_attempt_at: Date | null;
  failed_attempts: Generated<number>;
  charge_attempts: Generated<number>;
  first_failed_at: Date | null;
  last_failure: string | null;
  payment_provider: string;
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  paused_at: Date | null;
  cancelled_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export type SubscriptionRow = Selectable<SubscriptionsTable>;

export interface SubscriptionChargesTable {
  website_id: string;
  subscription_id: string;
  cycle: number;
  order_id: string;
  idempotency_key: string;
  payment_reference: string | null;
  is_captured: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface SubscriptionLinksTable {
  website_id: string;
  token_sha256: string;
  subscription_id: string;
  created_at: Generated<Date>;
  /** 0043: an account page's link lapses; an emailed one (null) does not. */
  expires_at: Date | null;
}

export interface SubscriptionEventsTable {
  website_id: string;
  subscription_id: string;
  event_id: Generated<number>;
  kind: string;
  message: string;
  actor: string;
  created_at: Generated<Date>;
}

export interface MemberAreasTable {
  website_id: string;
  member_area_id: Generated<string>;
  name: string;
  access: 'signed-in' | 'paid';
  created_at: Timestamp;
}

export interface MemberAreaProductsTable {
  website_id: string;
  member_area_id: string;
  product_id: string;
}

export interface PaywallPagesTable {
  website_id: string;
  product_id: string;
  page_id: string;
}

export interface PaywallCollectionsTable {
  website_id: string;
  product_id: string;
  collection_id: string;
}

export interface PaywallGrantsTable {
  website_id: string;
  order_id: string;
  line_number: number;
  product_id: string;
  /** SHA-256 (hex) of the access token; the token itself is never stored. */
  token_hash: string;
  created_at: Generated<Date>;
}

// 0048-analytics (issue 24): raw events partitioned by day, hourly rollups.
export type AnalyticsEventKind = 'pageview' | 'leave' | 'event' | 'vital' | 'page_speed' | 'error';

export interface AnalyticsEventsTable {
  website_id: string;
  /** generated always as identity: an insert that gives it fails. */
  event_id: Generated<number>;
  /** The partition key: one partition per UTC day. */
  occurred_at: ColumnType<Date, Date | string, Date | string>;
  kind: AnalyticsEventKind;
  name: string;
  visitor_id: string | null;
  visit_id: string | null;
  /** The visit's first page view (a new visit began with it). */
  is_entry: Generated<boolean>;
  path: string;
  page_type: number | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string | null;
  browser: string | null;
  country: string | null;
  value: number | null;
  rating: string | null;
  element: string | null;
  data: JsonDefault<Record<string, unknown>>;
}

export interface AnalyticsRollupsTable {
  website_id: string;
  hour: ColumnType<Date, Date | string, Date | string>;
  dimension: string;
  key: string;
  pageviews: Generated<number>;
  visits: Generated<number>;
  bounces: Generated<number>;
  engaged_ms: Generated<number>;
  events: Generated<number>;
  value_sum: Generated<number>;
  /** A HyperLogLog sketch of the hour's visitors (core analytics/hyperloglog.ts). */
  visitors: Buffer | null;
}

export interface AnalyticsVitalRollupsTable {
  website_id: string;
  hour: ColumnType<Date, Date | string, Date | string>;
  metric: string;
  path: string;
  page_type: Generated<number>;
  element: Generated<string>;
  good: Generated<number>;
  needs_improvement: Generated<number>;
  poor: Generated<number>;
  /** Log bucket index (core vitalBucketOf) to count. */
  histogram: JsonDefault<Record<string, number>>;
}

export interface AnalyticsErrorGroupsTable {
  website_id: string;
  fingerprint: string;
  message: string;
  stack: Generated<string>;
  source: Generated<string>;
  first_seen: ColumnType<Date, Date | string, Date | string>;
  last_seen: ColumnType<Date, Date | string, Date | string>;
  occurrences: Generated<number>;
}

export interface AnalyticsDirtyHoursTable {
  website_id: string;
  hour: ColumnType<Date, Date | string, Date | string>;
  marked_at: Timestamp;
}

export interface AnalyticsRejectionsTable {
  website_id: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  reason: string;
  count: Generated<number>;
}

/** Errors by page or browser per hour (0053): the errors report's tallies. */
export interface AnalyticsErrorTalliesTable {
  website_id: string;
  hour: ColumnType<Date, Date | string, Date | string>;
  fingerprint: string;
  facet: 'page' | 'browser';
  key: string;
  count: Generated<number>;
}

// The per-site-day tables (0053). `day` is a date column: read it as text (day::text), as a
// Date the driver would place it in the server's own zone.
export interface AnalyticsDayRollupsTable {
  website_id: string;
  day: string;
  dimension: string;
  key: string;
  pageviews: Generated<number>;
  visits: Generated<number>;
  bounces: Generated<number>;
  engaged_ms: Generated<number>;
  events: Generated<number>;
  value_sum: Generated<number>;
  visitors: Buffer | null;
}

export interface AnalyticsVitalDayRollupsTable {
  website_id: string;
  day: string;
  metric: string;
  path: string;
  page_type: Generated<number>;
  element: Generated<string>;
  good: Generated<number>;
  needs_improvement: Generated<number>;
  poor: Generated<number>;
  /** The histogram, dense: buckets[i] counts bucket buckets_from + i. */
  buckets_from: Generated<number>;
  /** Written as an array literal ('{3,0,5}'): PGlite and pg both take that. */
  buckets: ColumnType<number[], string | undefined, string>;
}

export interface AnalyticsErrorDayTalliesTable {
  website_id: string;
  day: string;
  fingerprint: string;
  facet: 'page' | 'browser';
  key: string;
  count: Generated<number>;
}

export interface AnalyticsDaysTable {
  website_id: string;
  day: string;
  time_zone: string;
  built_at: Generated<Date>;
}

export interface AnalyticsDirtyDaysTable {
  website_id: string;
  day: string;
}

export interface AnalyticsDayZonesTable {
  website_id: string;
  time_zone: string;
}

export interface DB {
  analytics_events: AnalyticsEventsTable;
  analytics_rollups: AnalyticsRollupsTable;
  analytics_vital_rollups: AnalyticsVitalRollupsTable;
  analytics_error_groups: AnalyticsErrorGroupsTable;
  analytics_dirty_hours: AnalyticsDirtyHoursTable;
  analytics_rejections: AnalyticsRejectionsTable;
  analytics_error_tallies: AnalyticsErrorTalliesTable;
  analytics_day_rollups: AnalyticsDayRollupsTable;
  analytics_vital_day_rollups: AnalyticsVitalDayRollupsTable;
  analytics_error_day_tallies: AnalyticsErrorDayTalliesTable;
  analytics_days: AnalyticsDaysTable;
  analytics_dirty_days: AnalyticsDirtyDaysTable;
  analytics_day_zones: AnalyticsDayZonesTable;
  subscriptions: SubscriptionsTable;
  subscription_charges: SubscriptionChargesTable;
  subscription_events: SubscriptionEventsTable;
  subscription_links: SubscriptionLinksTable;
  websites: WebsitesTable;
  website_domains: WebsiteDomainsTable;
  pages: PagesTable;
  collections: CollectionsTable;
  media: MediaTable;
  navigation_links: NavigationLinksTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  product_url_redirects: ProductUrlRedirectsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  api_keys: ApiKeysTable;
  categories: CategoriesTable;
  product_categories: ProductCategoriesTable;
  product_merchandising: ProductMerchandisingTable;
  schema_migrations: SchemaMigrationsTable;
  forms: FormsTable;
  form_submission_keys: FormSubmissionKeysTable;
  form_submissions: FormSubmissionsTable;
  captcha_secrets: CaptchaSecretsTable;
  captcha_spent: CaptchaSpentTable;
  restock_sign_ups: RestockSignUpsTable;
  mailing_lists: MailingListsTable;
  mailing_list_subscribers: MailingListSubscribersTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  commerce_preferences: CommercePreferencesTable;
  shipping_options: ShippingOptionsTable;
  variant_shipping_weights: VariantShippingWeightsTable;
  tax_rules: TaxRulesTable;
  coupons: CouponsTable;
  gift_cards: GiftCardsTable;
  gift_card_redemptions: GiftCardRedemptionsTable;
  gift_card_events: GiftCardEventsTable;
  checkouts: CheckoutsTable;
  inventory_reservations: InventoryReservationsTable;
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_fulfillments: OrderFulfillmentsTable;
  order_refunds: OrderRefundsTable;
  order_events: OrderEventsTable;
  order_installments: OrderInstallmentsTable;
  customer_notes: CustomerNotesTable;
  demo_content: DemoContentTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  website_members: WebsiteMembersTable;
  member_sessions: MemberSessionsTable;
  member_invitations: MemberInvitationsTable;
  site_users: SiteUsersTable;
  site_user_sessions: SiteUserSessionsTable;
  site_user_tokens: SiteUserTokensTable;
  member_two_factor: MemberTwoFactorTable;
  site_user_two_factor: SiteUserTwoFactorTable;
  site_user_addresses: SiteUserAddressesTable;
  website_templates: WebsiteTemplatesTable;
  site_header_footer: SiteHeaderFooterTable;
  site_designs: SiteDesignsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  paywall_pages: PaywallPagesTable;
  member_areas: MemberAreasTable;
  member_area_products: MemberAreaProductsTable;
  paywall_collections: PaywallCollectionsTable;
  paywall_grants: PaywallGrantsTable;
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
export type ShippingOptionRow = Selectable<ShippingOptionsTable>;
export type TaxRuleRow = Selectable<TaxRulesTable>;
export type CouponRow = Selectable<CouponsTable>;
export type GiftCardRow = Selectable<GiftCardsTable>;
export type GiftCardEventRow = Selectable<GiftCardEventsTable>;
export type CheckoutRow = Selectable<CheckoutsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type JobRow = Selectable<JobsTable>;
export type OrderInstallmentRow = Selectable<OrderInstallmentsTable>;
export type FormRow = Selectable<FormsTable>;
export type FormSubmissionRow = Selectable<FormSubmissionsTable>;
export type WebsiteMemberRow = Selectable<WebsiteMembersTable>;
export type MemberSessionRow = Selectable<MemberSessionsTable>;
export type SiteUserRow = Selectable<SiteUsersTable>;
export type WebsiteTemplateRow = Selectable<WebsiteTemplatesTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignRecipientRow = Selectable<CampaignRecipientsTable>;
