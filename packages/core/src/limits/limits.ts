/** SPEC §5 and §9 business constants. Durations are in milliseconds unless named otherwise. */

export const MAX_BLOCKS_PER_LAYOUT = 60;
export const MAX_TRACKS_PER_ALBUM = 60;
export const MAX_ITEMS_IN_USER_ORDERABLE_COLLECTION = 250;
export const MAX_PRODUCTS_PER_COLLECTION = 200;
export const MAX_SMUGMUG_GALLERIES = 20;
export const MAX_GALLERY_SIZE = 50;
export const MAX_TAG_LENGTH = 50;
export const MAX_CATEGORY_LENGTH = 25;
export const MAX_NESTED_CATEGORIES = 10_000;
export const DEFAULT_SLIDER_ASPECT_RATIO = 50;

export const URL_MAX_LENGTH = 2083;
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
export const QUANTITY_STEP = 1;
export const QUANTITY_DEFAULT = 1;

export const CART_BADGE_MAX = 100;
export const DEFAULT_INSTALLMENTS = 4;

export const DEFAULT_TIME_ZONE = 'America/New_York';
export const HIDDEN_NAVIGATION_NAME = '_hidden';
export const MEMBER_AREA_NAVIGATION_NAME = '_memberareas';

export const ERROR_REPORTER = {
  maxReportsPerPage: 20,
  maxQueued: 10,
  maxStackLength: 5000,
  sendDebounceMs: 1000,
} as const;

export const TRACKING_TIMEOUT_MS = 2500;
export const POPOVER_DURATION_MS = 3000;
export const SCROLL_THROTTLE_MS = 100;
export const LIGHTBOX_RESIZE_DEBOUNCE_MS = 100;
export const LIGHTBOX_TOP_MARGIN = 50;
export const TWEEN_DEFAULT_MS = 300;
export const DEFAULT_SCROLL_OFFSET_PX = 30;
export const QUERY_PARSE_KEY_LIMIT = 1000;
export const TEMPLATE_PARTIAL_RECURSION_LIMIT = 16;
export const IMAGE_ALT_TITLE_MAX_LENGTH = 250;
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

export const MOBILE_MAX_WIDTH_PX = 432;
export const DESKTOP_MIN_WIDTH_PX = 433;
export const CAPTCHA_COMPACT_BELOW_PX = 320;

export const US_TERRITORIES = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const;

export const isMobileWidth = (widthPx: number): boolean => widthPx <= MOBILE_MAX_WIDTH_PX;

export const isUsTerritory = (countryCode: string): boolean =>
  (US_TERRITORIES as readonly string[]).includes(countryCode.toUpperCase());

export const isCaptchaCompact = (containerWidthPx: number): boolean =>
  containerWidthPx < CAPTCHA_COMPACT_BELOW_PX;

export const isWithinUrlLength = (url: string): boolean => url.length <= URL_MAX_LENGTH;

export const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));
