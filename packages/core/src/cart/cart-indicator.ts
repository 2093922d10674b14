/** The cart quantity badge, pill and added popover (SPEC §2, §4, §9). */
import { CART_BADGE_MAX } from '../limits/limits';
import { cartMessages } from '../messages';

export const ADDED_POPOVER_MS = 3000;
export const CART_PATH = '/cart';

/** Accessible label for the cart link. */
export const cartQuantityLabel = (quantity: number): string => {
  if (quantity > CART_BADGE_MAX) return cartMessages.moreThan(CART_BADGE_MAX);
  if (quantity === 1) return cartMessages.oneItem;
  return cartMessages.items(quantity);
};

/** Visible badge text: '100+' above 100. */
export const cartBadgeText = (quantity: number): string =>
  quantity > CART_BADGE_MAX ? cartMessages.manyBadge : String(quantity);

export const isCartEmpty = (quantity: number): boolean => quantity <= 0;

/** The pill floats on every page except the cart, custom-cart pages and express-checkout sites. */
export const isPillCartVisible = ({
  quantity,
  isCartPage = false,
  isCustomCartPage = false,
  isExpressCheckout = false,
}: {
  quantity: number;
  isCartPage?: boolean;
  isCustomCartPage?: boolean;
  isExpressCheckout?: boolean;
}): boolean => quantity > 0 && !isCartPage && !isCustomCartPage && !isExpressCheckout;

export const addedPopoverText = (productName: string): string => cartMessages.added(productName);

/** Loading the cart costs a request; only visitors who may have one pay for it. */
export const shouldLoadCart = ({
  isAuthenticated,
  hasCartCookieValue,
  hasCartCookie,
}: {
  isAuthenticated: boolean;
  /** The has-cart cookie's value equals 'true'. */
  hasCartCookieValue: boolean;
  hasCartCookie: boolean;
}): boolean => isAuthenticated || hasCartCookieValue || hasCartCookie;
