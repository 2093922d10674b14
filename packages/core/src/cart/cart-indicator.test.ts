import { describe, expect, it } from 'vitest';
import { money } from '../money/money';
import { addFailureMessage, addFailureTitle, checkoutMinimumMessage } from './cart-errors';
import {
  ADDED_POPOVER_MS,
  addedPopoverText,
  CART_PATH,
  cartBadgeText,
  cartQuantityLabel,
  isCartEmpty,
  isPillCartVisible,
  shouldLoadCart,
} from './cart-indicator';

describe('cart indicator', () => {
  it('labels the quantity for screen readers', () => {
    expect(cartQuantityLabel(1)).toBe('One item in cart');
    expect(cartQuantityLabel(0)).toBe('0 items in cart');
    expect(cartQuantityLabel(2)).toBe('2 items in cart');
    expect(cartQuantityLabel(100)).toBe('100 items in cart');
    expect(cartQuantityLabel(101)).toBe('More than 100 items in cart');
  });

  it("shows '100+' above 100", () => {
    expect(cartBadgeText(100)).toBe('100');
    expect(cartBadgeText(101)).toBe('100+');
    expect(cartBadgeText(0)).toBe('0');
  });

  it('is empty at 0', () => {
    expect(isCartEmpty(0)).toBe(true);
    expect(isCartEmpty(1)).toBe(false);
  });

  it('hides the pill at 0 and on the cart, custom-cart and express-checkout pages', () => {
    expect(isPillCartVisible({ quantity: 0 })).toBe(false);
    expect(isPillCartVisible({ quantity: 1 })).toBe(true);
    expect(isPillCartVisible({ quantity: 1, isCartPage: true })).toBe(false);
    expect(isPillCartVisible({ quantity: 1, isCustomCartPage: true })).toBe(false);
    expect(isPillCartVisible({ quantity: 1, isExpressCheckout: true })).toBe(false);
  });

  it('announces the added product for 3 s, linking to /cart', () => {
    expect(addedPopoverText('Linen Shirt')).toBe('Linen Shirt was added to your cart.');
    expect(ADDED_POPOVER_MS).toBe(3000);
    expect(CART_PATH).toBe('/cart');
  });

  it('loads the cart only for members or cart-cookie holders', () => {
    const none = { isAuthenticated: false, hasCartCookieValue: false, hasCartCookie: false };
    expect(shouldLoadCart(none)).toBe(false);
    expect(shouldLoadCart({ ...none, isAuthenticated: true })).toBe(true);
    expect(shouldLoadCart({ ...none, hasCartCookieValue: true })).toBe(true);
    expect(shouldLoadCart({ ...none, hasCartCookie: true })).toBe(true);
  });
});

describe('add failures', () => {
  it('titles the alert by what was being bought', () => {
    expect(addFailureTitle('cart')).toBe('Unable to Add Item');
    expect(addFailureTitle('express-checkout')).toBe('Unable to Purchase Item');
    expect(addFailureTitle('gift-card')).toBe('Unable to purchase Gift Card');
  });

  it('explains a failed CSRF check by whether cookies work', () => {
    expect(addFailureMessage({ isCsrfFailure: true })).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(addFailureMessage({ isCsrfFailure: true, areCookiesEnabled: false })).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
  });

  it('asks to wait on 429 and otherwise shows the server message', () => {
    expect(addFailureMessage({ status: 429, serverMessage: 'x' })).toBe(
      'Please try again in a few seconds.',
    );
    expect(addFailureMessage({ status: 400, serverMessage: 'Out of stock' })).toBe('Out of stock');
    expect(addFailureMessage({ status: 500 })).toBe('Please try again');
  });
});

describe('checkout minimum', () => {
  it('names the minimum until the subtotal reaches it', () => {
    const minimum = money(2500, 'USD');
    expect(checkoutMinimumMessage({ subtotal: money(2499, 'USD'), minimum })).toBe(
      'To check out, your order subtotal must be $25.00 or more.',
    );
    expect(checkoutMinimumMessage({ subtotal: money(2500, 'USD'), minimum })).toBeNull();
    expect(checkoutMinimumMessage({ subtotal: money(0, 'USD'), minimum: null })).toBeNull();
  });
});
