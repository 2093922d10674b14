import { HAS_CART_COOKIE } from '@atelier/contract/cart-http';

// What the island runtime needs to know about the cart without loading the cart's API
// client: a first visit to a page with nothing to buy downloads only this.

/** The one window event islands tell each other about the cart with (SPEC §4). */
export const CART_EVENT = 'atelier:cart';

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** SPEC §4: only visitors who may have a cart pay for loading it. */
export const mayHaveCart = () => readCookie(HAS_CART_COOKIE) === 'true';
