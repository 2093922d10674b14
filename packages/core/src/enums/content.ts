/** SPEC §3 enumerations of content, layout and forms, as string unions with their lists. */

export const COLLECTION_TYPES = [
  'generic',
  'subscription',
  'gallery-block',
  'template-page',
  'splash-page',
  'page',
  'products',
  'slide-gallery',
  'album-block',
] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

export const FOLDER_BEHAVIORS = ['index', 'redirect', 'none'] as const;
export type FolderBehavior = (typeof FOLDER_BEHAVIORS)[number];

export const BACKGROUND_SOURCES = ['upload', 'instagram', 'video', 'none'] as const;
export type BackgroundSource = (typeof BACKGROUND_SOURCES)[number];

export const RECORD_TYPES = [
  'text',
  'image',
  'quote',
  'link',
  'audio',
  'video',
  'store-item',
  'event',
  'gallery',
  'binary',
  'digital-good',
  'attachment',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const SLICE_TYPES = [
  'heading',
  'sub-heading',
  'body',
  'image',
  'gallery',
  'video',
  'social-icons',
  'buttons',
  'navigation',
  'custom-form',
  'newsletter',
  'album',
  'map',
  'logo',
  'action',
  'form',
  'lock',
  'password',
  'twitter',
] as const;
export type SliceType = (typeof SLICE_TYPES)[number];

export const SLIDE_TYPES = ['cover-page', 'lock-screen', 'popup-overlay', 'sso-screen'] as const;
export type SlideType = (typeof SLIDE_TYPES)[number];

export const DEVICE_VIEWS = ['desktop', 'phone', 'tablet'] as const;
export type DeviceView = (typeof DEVICE_VIEWS)[number];

/** Row-major 3×3 grid; the middle row and column are CENTER. */
export const POSITIONS = [
  'TOP_LEFT',
  'TOP_CENTER',
  'TOP_RIGHT',
  'CENTER_LEFT',
  'CENTER',
  'CENTER_RIGHT',
  'BOTTOM_LEFT',
  'BOTTOM_CENTER',
  'BOTTOM_RIGHT',
] as const;
export type Position = (typeof POSITIONS)[number];

export const positionAt = (row: 0 | 1 | 2, column: 0 | 1 | 2): Position =>
  POSITIONS[row * 3 + column]!;

export const COHORTS = ['A', 'B', 'C', 'D', 'E'] as const;
export type Cohort = (typeof COHORTS)[number];

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const CONTENT_STATUSES = ['Scheduled', 'Needs Review', 'Draft', 'Private'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const POPUP_OVERLAY_STORAGE_KEYS = ['date-closed', 'version', 'submitted'] as const;

export const CART_EVENTS = [
  'recalculate-start',
  'recalculate-end',
  'item-added',
  'loading',
  'loaded',
] as const;
export type CartEvent = (typeof CART_EVENTS)[number];

export const CAPTCHA_ACTIONS = [
  'FORM_BLOCK_SUBMISSION',
  'NEWSLETTER_BLOCK_SUBMISSION',
  'PRODUCT_WAITLIST_SUBMISSION',
  'PROMO_POPUP_SUBMISSION',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export const SUBSCRIPTION_PERIOD_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type SubscriptionPeriodUnit = (typeof SUBSCRIPTION_PERIOD_UNITS)[number];

export const PRODUCT_PAGE_KINDS = ['plp', 'pdp', 'add-on', 'product_block'] as const;
export type ProductPageKind = (typeof PRODUCT_PAGE_KINDS)[number];

export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);
