import type { ShoppingCart } from '@atelier/contract';
import {
  ADDED_POPOVER_MS,
  addedPopoverText,
  CART_PATH,
  type CurrencyCode,
  cartBadgeText,
  cartQuantityLabel,
  formatMoney,
  isCartEmpty,
  isPillCartVisible,
} from '@atelier/core';
import { useEffect, useRef, useState } from 'react';
import {
  type CartEventDetail,
  loadCart,
  mayHaveCart,
  onCartEvent,
  recentItemAdded,
} from './cart-client.ts';

export type CartStatusProps = {
  currency: string;
  useCLDRMoneyFormat: boolean;
  isCartPage: boolean;
  isExpressCheckout: boolean;
};

type Popover = { key: number; text: string };

/**
 * The header's cart indicator, the floating pill and the 'added to cart' popover. Pages
 * are rendered without knowing the visitor, so this starts uninitialised and fills in
 * once the cart is loaded (only for visitors who may have one) or an item is added.
 */
export default function CartStatus({
  currency,
  useCLDRMoneyFormat,
  isCartPage,
  isExpressCheckout,
}: CartStatusProps) {
  const [cart, setCart] = useState<ShoppingCart | null>(null);
  const [popover, setPopover] = useState<Popover | null>(null);
  const popoverKey = useRef(0);

  useEffect(() => {
    const show = (event: CartEventDetail) => {
      if (event.cart) setCart(event.cart);
      if (event.type === 'item-added' && event.productName) {
        popoverKey.current += 1;
        // A new popover replaces the old one (SPEC §4).
        setPopover({ key: popoverKey.current, text: addedPopoverText(event.productName) });
      }
    };
    const stop = onCartEvent(show);
    // An add that happened while this island was still loading.
    const missed = recentItemAdded(ADDED_POPOVER_MS);
    if (missed) show(missed);
    if (mayHaveCart()) loadCart().catch(() => undefined);
    return stop;
  }, []);

  useEffect(() => {
    if (!popover) return;
    const timeout = setTimeout(() => setPopover(null), ADDED_POPOVER_MS);
    return () => clearTimeout(timeout);
  }, [popover]);

  const quantity = cart?.totalQuantity ?? 0;
  const isInitialised = cart !== null;
  const label = cartQuantityLabel(quantity);
  const subtotal = cart
    ? formatMoney(
        { minorUnits: cart.subtotalCents, currency: currency as CurrencyCode },
        { useCLDRMoneyFormat },
      )
    : '';

  return (
    <div className="cart-status" data-initialised={isInitialised}>
      {/* The accessible name is the spec's label, given as hidden text rather than aria-label
          so what sighted people read ("Cart 3") is not contradicted for speech users. */}
      <a
        className={`cart-indicator${isInitialised && isCartEmpty(quantity) ? ' cart-indicator--empty' : ''}`}
        href={CART_PATH}
      >
        <span className="visually-hidden">{isInitialised ? label : 'Cart'}</span>
        <span aria-hidden="true">Cart</span>
        {isInitialised && !isCartEmpty(quantity) ? (
          <span className="cart-indicator__badge" aria-hidden="true">
            {cartBadgeText(quantity)}
          </span>
        ) : null}
      </a>
      {isInitialised && !isCartEmpty(quantity) ? (
        <span className="cart-indicator__subtotal">{subtotal}</span>
      ) : null}
      {isPillCartVisible({ quantity, isCartPage, isExpressCheckout }) ? (
        <a className="cart-pill" href={CART_PATH}>
          <span className="visually-hidden">{label}</span>
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 7h12l-1 13H7L6 7Z" />
            <path d="M9 7a3 3 0 0 1 6 0" />
          </svg>
          <span className="cart-pill__count" aria-hidden="true">
            {cartBadgeText(quantity)}
          </span>
        </a>
      ) : null}
      {/* The live region stays in the page so screen readers announce what appears in it. */}
      <div className="added-popover-region" role="status">
        {popover ? (
          <div className="added-popover" key={popover.key}>
            <p>{popover.text}</p>
            <button type="button" className="added-popover__close" onClick={() => setPopover(null)}>
              Close
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
