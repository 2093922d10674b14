import type { AddCartEntryBody, CartEntry, ShoppingCart } from '@atelier/contract';
// Subpath imports keep zod and unrelated rules out of the tiny island runtime.
import {
  CSRF_COOKIE,
  CSRF_FAILED_CODE,
  CSRF_HEADER,
  HAS_CART_COOKIE,
} from '@atelier/contract/cart-http';
import { addFailureMessage } from '@atelier/core/cart/cart-errors';
import { cartMessages } from '@atelier/core/messages';

// The browser side of the cart: calls the cart API and tells every island on the page
// what happened through one window event, so the button, the pill and the popover stay
// in step without sharing React state across separately hydrated islands.

export const CART_EVENT = 'atelier:cart';

/** SPEC §4 cart events. */
export type CartEventType =
  | 'loading'
  | 'loaded'
  | 'item-added'
  | 'recalculate-start'
  | 'recalculate-end';

export type CartEventDetail = {
  type: CartEventType;
  cart?: ShoppingCart;
  newlyAdded?: CartEntry;
  productName?: string;
};

// The header's cart status may hydrate only after the first cart event (a first-time
// visitor loads no React until they add something), so it can miss the 'item-added'
// that started it. The last one is kept here for it to pick up when it mounts.
let lastItemAdded: { detail: CartEventDetail; at: number } | undefined;

export function emitCartEvent(detail: CartEventDetail): void {
  if (detail.type === 'item-added') lastItemAdded = { detail, at: Date.now() };
  window.dispatchEvent(new CustomEvent<CartEventDetail>(CART_EVENT, { detail }));
}

/** The 'item-added' event of the last `withinMs`, if any, for islands that mount late. */
export function recentItemAdded(withinMs: number): CartEventDetail | undefined {
  return lastItemAdded && Date.now() - lastItemAdded.at < withinMs
    ? lastItemAdded.detail
    : undefined;
}

export function onCartEvent(listener: (detail: CartEventDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<CartEventDetail>).detail);
  window.addEventListener(CART_EVENT, handler);
  return () => window.removeEventListener(CART_EVENT, handler);
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** SPEC §4: only visitors who may have a cart pay for loading it. */
export const mayHaveCart = () => readCookie(HAS_CART_COOKIE) === 'true';

export async function loadCart(): Promise<ShoppingCart> {
  emitCartEvent({ type: 'loading' });
  const response = await fetch('/api/commerce/shopping-cart', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`cart request failed with ${response.status}`);
  const { shoppingCart } = (await response.json()) as { shoppingCart: ShoppingCart };
  emitCartEvent({ type: 'loaded', cart: shoppingCart });
  return shoppingCart;
}

export type AddResult =
  | { ok: true; cart: ShoppingCart; newlyAdded: CartEntry }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** Adds to the cart; failures come back as the message a shopper should read (SPEC §8). */
export async function addToCart(body: AddCartEntryBody, productName: string): Promise<AddResult> {
  try {
    // The crumb cookie comes with the first cart read; fetch it once if this page has none.
    if (!readCookie(CSRF_COOKIE)) await loadCart();
    emitCartEvent({ type: 'recalculate-start' });
    const response = await fetch('/api/commerce/shopping-cart/entries', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '',
      },
      body: JSON.stringify(body),
    });
    const payload = (await response.json().catch(() => ({}))) as {
      shoppingCart?: ShoppingCart;
      newlyAdded?: CartEntry;
      error?: string;
      errors?: Record<string, string>;
      code?: string;
    };
    if (response.ok && payload.shoppingCart && payload.newlyAdded) {
      emitCartEvent({ type: 'recalculate-end', cart: payload.shoppingCart });
      emitCartEvent({
        type: 'item-added',
        cart: payload.shoppingCart,
        newlyAdded: payload.newlyAdded,
        productName,
      });
      return { ok: true, cart: payload.shoppingCart, newlyAdded: payload.newlyAdded };
    }
    emitCartEvent({ type: 'recalculate-end' });
    return {
      ok: false,
      message: addFailureMessage({
        isCsrfFailure: payload.code === CSRF_FAILED_CODE,
        areCookiesEnabled: navigator.cookieEnabled,
        status: response.status,
        serverMessage: payload.error,
      }),
      ...(payload.errors ? { fieldErrors: payload.errors } : {}),
    };
  } catch {
    emitCartEvent({ type: 'recalculate-end' });
    return { ok: false, message: addFailureMessage({ serverMessage: null }) };
  }
}

export type CartChangeResult = { ok: true; cart: ShoppingCart } | { ok: false; message: string };

/** Changes an entry's quantity (0 removes it) or removes it; SPEC §8 cart messages on failure. */
export async function changeEntry(
  entryId: string,
  change: { quantity: number } | 'remove',
): Promise<CartChangeResult> {
  try {
    if (!readCookie(CSRF_COOKIE)) await loadCart();
    emitCartEvent({ type: 'recalculate-start' });
    const response = await fetch(
      `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`,
      {
        method: change === 'remove' ? 'DELETE' : 'PUT',
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '',
          ...(change === 'remove' ? {} : { 'content-type': 'application/json' }),
        },
        ...(change === 'remove' ? {} : { body: JSON.stringify(change) }),
      },
    );
    const payload = (await response.json().catch(() => ({}))) as {
      shoppingCart?: ShoppingCart;
      error?: string;
      code?: string;
    };
    if (response.ok && payload.shoppingCart) {
      emitCartEvent({ type: 'recalculate-end', cart: payload.shoppingCart });
      return { ok: true, cart: payload.shoppingCart };
    }
    emitCartEvent({ type: 'recalculate-end' });
    return {
      ok: false,
      message: addFailureMessage({
        isCsrfFailure: payload.code === CSRF_FAILED_CODE,
        areCookiesEnabled: navigator.cookieEnabled,
        status: response.status,
        serverMessage: payload.error,
      }),
    };
  } catch {
    emitCartEvent({ type: 'recalculate-end' });
    return { ok: false, message: cartMessages.checkConnection };
  }
}
