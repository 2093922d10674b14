import type { CardInput, Checkout, PlaceOrderResponse, ShippingAddress } from '@atelier/contract';
import { CSRF_COOKIE, CSRF_FAILED_CODE, CSRF_HEADER } from '@atelier/contract/cart-http';
import {
  addFailureMessage,
  NO_ANSWER_STATUS,
  type RequestFailure,
} from '@atelier/core/cart/cart-errors';
import { cartMessages } from '@atelier/core/messages';
import { loadCart, readCookie } from '../cart/cart-client.ts';

// The browser side of checkout: each step is one JSON call that answers with the whole
// checkout re-priced by the server, so the page never computes a total itself.

export type CallResult<T> = { ok: true; value: T } | { ok: false; failure: RequestFailure };

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  try {
    if (!readCookie(CSRF_COOKIE)) await loadCart();
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const payload = (await response.json().catch(() => ({}))) as T & {
      error?: string;
      errors?: Record<string, string>;
      code?: string;
    };
    if (response.ok) return { ok: true, value: payload } as CallResult<T>;
    const failure: RequestFailure = {
      status: response.status,
      message: addFailureMessage({
        isCsrfFailure: payload.code === CSRF_FAILED_CODE,
        areCookiesEnabled: navigator.cookieEnabled,
        status: response.status,
        serverMessage: payload.error,
      }),
      code: payload.code,
      fields: payload.errors ?? {},
    };
    return { ok: false, failure } as CallResult<T>;
  } catch {
    const failure: RequestFailure = {
      status: NO_ANSWER_STATUS,
      message: cartMessages.checkConnection,
      fields: {},
    };
    return { ok: false, failure } as CallResult<T>;
  }
}

type CheckoutBody = { checkout: Checkout };
const base = (id: string) => `/api/commerce/checkout/${encodeURIComponent(id)}`;
const unwrap = async (
  pending: Promise<CallResult<CheckoutBody>>,
): Promise<CallResult<Checkout>> => {
  const result = await pending;
  return result.ok ? { ok: true, value: result.value.checkout } : result;
};

export const startCheckout = () => unwrap(call<CheckoutBody>('POST', '/api/commerce/checkout'));
export const setEmail = (id: string, email: string) =>
  unwrap(call('PUT', `${base(id)}/email`, { email }));
export const setShippingAddress = (id: string, shippingAddress: ShippingAddress) =>
  unwrap(call('PUT', `${base(id)}/shipping-address`, { shippingAddress }));
export const selectShippingOption = (id: string, optionId: string) =>
  unwrap(call('PUT', `${base(id)}/shipping-option`, { optionId }));
export const applyCoupon = (id: string, code: string) =>
  unwrap(call('PUT', `${base(id)}/coupon`, { code }));
export const removeCoupon = (id: string) => unwrap(call('DELETE', `${base(id)}/coupon`));
export const applyGiftCard = (id: string, code: string) =>
  unwrap(call('PUT', `${base(id)}/gift-card`, { code }));
export const removeGiftCard = (id: string) => unwrap(call('DELETE', `${base(id)}/gift-card`));

/** The same key for every retry of one attempt, so a lost response never charges twice. */
export const placeOrder = (id: string, card: CardInput | undefined, idempotencyKey: string) =>
  call<PlaceOrderResponse>('POST', `${base(id)}/orders`, card ? { card } : {}, {
    'idempotency-key': idempotencyKey,
  });
