import type {
  AddCartEntryBody,
  addCartEntryResponseSchema,
  CartEntry,
  getCartResponseSchema,
  ShoppingCart,
  SubscriptionCartBody,
  shoppingCartResponseSchema,
  subscriptionCartResponseSchema,
} from '@atelier/contract';
// Subpath imports keep zod and unrelated rules out of the tiny island runtime.
import { CSRF_COOKIE, CSRF_FAILED_CODE, CSRF_HEADER } from '@atelier/contract/cart-http';
import { addFailureMessage, NO_ANSWER_STATUS } from '@atelier/core/cart/cart-errors';
import { productTypeName } from '@atelier/core/enums/product-types';
import { cartMessages } from '@atelier/core/messages';
import {
  type ApiRequest,
  type ApiResult,
  type ApiSurface,
  callApi,
  contractType,
} from '../../ui/api-client.ts';
import { CART_EVENT, readCookie } from './cart-signals.ts';

export { CART_EVENT, mayHaveCart, readCookie } from './cart-signals.ts';

// The browser side of the cart: calls the cart API and tells every island on the page
// what happened through one window event, so the button, the pill and the popover stay
// in step without sharing React state across separately hydrated islands.

/** SPEC §4 cart events. */
export type CartEventType =
  | 'loading'
  | 'loaded'
  | 'item-added'
  /** Our addition: a line left the cart (the collector's RemoveFromCart, issue 24). */
  | 'item-removed'
  | 'recalculate-start'
  | 'recalculate-end';

export type CartEventDetail = {
  type: CartEventType;
  cart?: ShoppingCart;
  newlyAdded?: CartEntry;
  /** The line as it was before it was removed. */
  removed?: CartEntry;
  /**
   * Its product type's name (SPEC §3 item_type), named here so the analytics collector,
   * on every tracked page, need not carry the table of type names.
   */
  removedItemType?: string;
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

// The storefront's sentences for a refused call (SPEC §8): a failed CSRF check is a stale
// session or no cookies.
const storefrontSurface: ApiSurface = {
  csrfHeader: CSRF_HEADER,
  async csrfToken() {
    // The crumb cookie comes with the first cart read; fetch it once if this page has none.
    if (!readCookie(CSRF_COOKIE)) await loadCart();
    return readCookie(CSRF_COOKIE) ?? '';
  },
  messageFor: (status, body) =>
    addFailureMessage({
      isCsrfFailure: body?.code === CSRF_FAILED_CODE,
      areCookiesEnabled: navigator.cookieEnabled,
      status,
      serverMessage: body?.error,
    }),
  noAnswerMessage: () => cartMessages.checkConnection,
};

/** The storefront's one door to the API: the crumb on every write, SPEC §8's sentences. */
export const callStorefrontApi = <T>(request: ApiRequest<T>): Promise<ApiResult<T>> =>
  callApi(storefrontSurface, request);

/**
 * For cart writes, which fetch the crumb first (`hasCrumb`) so their cart events bracket
 * only the write: read it, never load the cart a second time (cookies may be off).
 */
const afterCrumbSurface: ApiSurface = {
  ...storefrontSurface,
  csrfToken: () => readCookie(CSRF_COOKIE) ?? '',
};

async function hasCrumb(): Promise<boolean> {
  try {
    await storefrontSurface.csrfToken();
    return true;
  } catch {
    return false;
  }
}

export async function loadCart(): Promise<ShoppingCart> {
  emitCartEvent({ type: 'loading' });
  const result = await callApi(storefrontSurface, {
    method: 'GET',
    path: '/api/commerce/shopping-cart',
    response: contractType<typeof getCartResponseSchema>(),
  });
  if (!result.ok) throw new Error(`cart request failed with ${result.failure.status}`);
  const { shoppingCart } = result.value;
  emitCartEvent({ type: 'loaded', cart: shoppingCart });
  return shoppingCart;
}

export type AddResult =
  | { ok: true; cart: ShoppingCart; newlyAdded: CartEntry }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** Adds to the cart; failures come back as the message a shopper should read (SPEC §8). */
export async function addToCart(body: AddCartEntryBody, productName: string): Promise<AddResult> {
  if (!(await hasCrumb())) {
    emitCartEvent({ type: 'recalculate-end' });
    return { ok: false, message: addFailureMessage({ serverMessage: null }) };
  }
  emitCartEvent({ type: 'recalculate-start' });
  const result = await callApi(afterCrumbSurface, {
    method: 'POST',
    path: '/api/commerce/shopping-cart/entries',
    body,
    response: contractType<typeof addCartEntryResponseSchema>(),
  });
  if (result.ok) {
    const { shoppingCart, newlyAdded } = result.value;
    emitCartEvent({ type: 'recalculate-end', cart: shoppingCart });
    emitCartEvent({ type: 'item-added', cart: shoppingCart, newlyAdded, productName });
    return { ok: true, cart: shoppingCart, newlyAdded };
  }
  emitCartEvent({ type: 'recalculate-end' });
  const { failure } = result;
  // SPEC §8 asks an add that got no answer to try again, not to check the connection.
  if (failure.status === NO_ANSWER_STATUS) {
    return { ok: false, message: addFailureMessage({ serverMessage: null }) };
  }
  return {
    ok: false,
    message: failure.message,
    ...(Object.keys(failure.fields).length > 0 ? { fieldErrors: failure.fields } : {}),
  };
}

export type SubscriptionStartResult =
  | { ok: true; checkoutUrl: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * Starts a subscription checkout (SPEC §4, §7): the item goes into a cart of its own and
 * the shopper to the subscription checkout page with its token. The shared cart is left
 * alone, so nothing is emitted to the cart's islands. A failure shows the server's words.
 */
export async function startSubscriptionCheckout(
  body: SubscriptionCartBody,
): Promise<SubscriptionStartResult> {
  if (!(await hasCrumb()))
    return { ok: false, message: addFailureMessage({ serverMessage: null }) };
  const result = await callApi(afterCrumbSurface, {
    method: 'POST',
    path: '/api/3/commerce/cart/subscription',
    body,
    response: contractType<typeof subscriptionCartResponseSchema>(),
  });
  if (result.ok) {
    return {
      ok: true,
      checkoutUrl: `/commerce/subscription-checkout?cartToken=${encodeURIComponent(result.value.cartToken)}`,
    };
  }
  const { failure } = result;
  if (failure.status === NO_ANSWER_STATUS) {
    return { ok: false, message: addFailureMessage({ serverMessage: null }) };
  }
  return {
    ok: false,
    message: failure.message,
    ...(Object.keys(failure.fields).length > 0 ? { fieldErrors: failure.fields } : {}),
  };
}

export type CartChangeResult = { ok: true; cart: ShoppingCart } | { ok: false; message: string };

/**
 * Changes an entry's quantity (0 removes it) or removes it; SPEC §8 cart messages on
 * failure. `entry` is the line as shown, so a removal can say what left the cart.
 */
export async function changeEntry(
  entryId: string,
  change: { quantity: number } | 'remove',
  entry?: CartEntry,
): Promise<CartChangeResult> {
  if (!(await hasCrumb())) {
    emitCartEvent({ type: 'recalculate-end' });
    return { ok: false, message: cartMessages.checkConnection };
  }
  emitCartEvent({ type: 'recalculate-start' });
  const path = `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}`;
  const response = contractType<typeof shoppingCartResponseSchema>();
  const result = await callApi(
    afterCrumbSurface,
    change === 'remove'
      ? { method: 'DELETE', path, response }
      : { method: 'PUT', path, body: change, response },
  );
  if (result.ok) {
    const cart = result.value.shoppingCart;
    emitCartEvent({ type: 'recalculate-end', cart });
    const isRemoved = change === 'remove' || change.quantity === 0;
    if (isRemoved && entry) {
      emitCartEvent({
        type: 'item-removed',
        cart,
        removed: entry,
        removedItemType: productTypeName(entry.productType),
      });
    }
    return { ok: true, cart };
  }
  emitCartEvent({ type: 'recalculate-end' });
  return { ok: false, message: result.failure.message };
}
