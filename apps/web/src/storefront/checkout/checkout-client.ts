import type {
  CardInput,
  Checkout,
  checkoutResponseSchema,
  IDEMPOTENCY_HEADER,
  PlaceOrderResponse,
  placeOrderResponseSchema,
  ShippingAddress,
} from '@atelier/contract';
import { CART_TOKEN_HEADER } from '@atelier/contract/cart-http';
import type { ApiRequest, ApiResult } from '../../ui/api-client.ts';
import { contractType } from '../../ui/api-client.ts';
import { callStorefrontApi } from '../cart/cart-client.ts';

// The browser side of checkout: each step is one JSON call that answers with the whole
// checkout re-priced by the server, so the page never computes a total itself.

export type CallResult<T> = ApiResult<T>;

const base = (id: string) => `/api/commerce/checkout/${encodeURIComponent(id)}`;
const checkoutAnswer = contractType<typeof checkoutResponseSchema>();

// A subscription checkout names its own cart by the token in the page's address; the
// plain checkout leaves it unset and the cart cookie speaks.
let cartTokenHeaders: Record<string, string> = {};
export function setCheckoutCartToken(cartToken: string | null | undefined): void {
  cartTokenHeaders = cartToken ? { [CART_TOKEN_HEADER]: cartToken } : {};
}

const step = async (
  request: Omit<ApiRequest<unknown>, 'response'>,
): Promise<CallResult<Checkout>> => {
  const result = await callStorefrontApi({
    ...request,
    headers: { ...request.headers, ...cartTokenHeaders },
    response: checkoutAnswer,
  });
  return result.ok ? { ok: true, value: result.value.checkout } : result;
};

export const startCheckout = () => step({ method: 'POST', path: '/api/commerce/checkout' });
export const setEmail = (id: string, email: string, phone?: string) =>
  step({
    method: 'PUT',
    path: `${base(id)}/email`,
    body: phone === undefined ? { email } : { email, phone },
  });
export const setShippingAddress = (id: string, shippingAddress: ShippingAddress) =>
  step({ method: 'PUT', path: `${base(id)}/shipping-address`, body: { shippingAddress } });
export const selectShippingOption = (id: string, optionId: string) =>
  step({ method: 'PUT', path: `${base(id)}/shipping-option`, body: { optionId } });
export const applyCoupon = (id: string, code: string) =>
  step({ method: 'PUT', path: `${base(id)}/coupon`, body: { code } });
export const removeCoupon = (id: string) => step({ method: 'DELETE', path: `${base(id)}/coupon` });
export const applyGiftCard = (id: string, code: string) =>
  step({ method: 'PUT', path: `${base(id)}/gift-card`, body: { code } });
export const removeGiftCard = (id: string) =>
  step({ method: 'DELETE', path: `${base(id)}/gift-card` });

// The header's name, spelled here: IDEMPOTENCY_HEADER lives beside zod schemas in the
// contract, which this island must not load at run time; the type keeps the two equal.
const idempotencyHeader: typeof IDEMPOTENCY_HEADER = 'idempotency-key';

/** The same key for every retry of one attempt, so a lost response never charges twice. */
export const placeOrder = (
  id: string,
  card: CardInput | undefined,
  idempotencyKey: string,
  note?: string,
  /** 'installments': pay in 4 (issue 22), when the checkout offers it. */
  tender?: 'full' | 'installments',
): Promise<CallResult<PlaceOrderResponse>> =>
  callStorefrontApi({
    method: 'POST',
    path: `${base(id)}/orders`,
    body: {
      ...(card && { card }),
      ...(note?.trim() && { note: note.trim() }),
      ...(tender === 'installments' && { tender }),
    },
    headers: { [idempotencyHeader]: idempotencyKey, ...cartTokenHeaders },
    response: contractType<typeof placeOrderResponseSchema>(),
  });
