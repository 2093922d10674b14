// Names shared by the cart's server and its browser code. Kept free of zod so the
// storefront's island runtime can import them without shipping a schema library.

/** Header that must echo the `crumb` cookie on every cart write (double-submit CSRF). */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'crumb';
export const CART_COOKIE = 'atelier_cart';
/** Readable by scripts: tells the storefront a cart exists worth loading (SPEC §4). */
export const HAS_CART_COOKIE = 'hasCart';
/** The error code of a failed CSRF check, so the client can show the right advice. */
export const CSRF_FAILED_CODE = 'CSRF_FAILED';
/**
 * A subscription checkout's cart token (SPEC §4, §7), sent on its checkout calls instead
 * of the cart cookie, which stays the shopper's shared cart.
 */
export const CART_TOKEN_HEADER = 'x-cart-token';
