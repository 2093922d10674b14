import {
  applyCodeBodySchema,
  checkoutParamsSchema,
  checkoutResponseSchema,
  type ErrorCode,
  errorResponses,
  IDEMPOTENCY_HEADER,
  placeOrderBodySchema,
  placeOrderResponseSchema,
  selectShippingOptionBodySchema,
  sessionWriteCodes,
  setEmailBodySchema,
  setShippingAddressBodySchema,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { checkoutCartIdOf } from '../cart/cart.routes.ts';
import type { PlaceOrderService } from '../orders/place-order.service.ts';
import type { CheckoutService } from './checkout.service.ts';

const openCheckoutCodes = [
  ...sessionWriteCodes,
  'CHECKOUT_NOT_FOUND',
  'CHECKOUT_COMPLETED',
] as const;
const CRUMB_NOTE = "Send the `crumb` cookie's value in the `x-csrf-token` header.";

/**
 * Checkout calls for the visitor whose cart cookie owns the checkout. Every write needs
 * the CSRF crumb; nothing here is cached.
 */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  deps: {
    checkout: CheckoutService;
    placeOrder: PlaceOrderService;
    websiteOf: WebsiteResolver;
    /** Orders per address per minute (ORDER_RATE_LIMIT). */
    orderLimit?: number;
  },
) {
  const { checkout, placeOrder, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Card testing is the abuse to slow down: a handful of attempts per address.
  const orderLimiter = createRateLimiter({ limit: deps.orderLimit ?? 10, windowMs: 60_000 });

  async function refOf(request: FastifyRequest) {
    const website = await websiteOf(request);
    const { checkoutId } = request.params as { checkoutId: string };
    return { websiteId: website.id, cartId: checkoutCartIdOf(request), checkoutId };
  }

  api.post(
    '/api/commerce/checkout',
    {
      preHandler: requireCrumb,
      schema: {
        tags: ['checkout'],
        summary: "Start (or resume) checkout for the visitor's cart; holds its stock",
        description: CRUMB_NOTE,
        response: {
          200: checkoutResponseSchema,
          ...errorResponses(sessionWriteCodes, ['CART_EMPTY', 'OUT_OF_STOCK']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return {
        checkout: await checkout.start({
          websiteId: website.id,
          cartId: checkoutCartIdOf(request),
        }),
      };
    },
  );

  api.get(
    '/api/commerce/checkout/:checkoutId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The checkout, re-priced now',
        params: checkoutParamsSchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(['CHECKOUT_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { checkout: await checkout.get(await refOf(request)) };
    },
  );

  const write = <B>(
    path: string,
    summary: string,
    body: z.ZodType<B> | undefined,
    method: 'PUT' | 'DELETE',
    codes: readonly ErrorCode[],
    run: (ref: Awaited<ReturnType<typeof refOf>>, body: B) => ReturnType<CheckoutService['get']>,
  ) =>
    api.route({
      method,
      url: `/api/commerce/checkout/:checkoutId${path}`,
      preHandler: requireCrumb,
      schema: {
        tags: ['checkout'],
        summary,
        description: CRUMB_NOTE,
        params: checkoutParamsSchema,
        ...(body && { body }),
        response: { 200: checkoutResponseSchema, ...errorResponses(openCheckoutCodes, codes) },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const ref = await refOf(request);
        return { checkout: await run(ref, request.body as B) };
      },
    });

  write('/email', 'Set the contact email', setEmailBodySchema, 'PUT', [], (ref, b) =>
    checkout.setEmail(ref, b.email, b.phone),
  );
  write(
    '/shipping-address',
    'Set the shipping address (needed only when the cart requires shipping)',
    setShippingAddressBodySchema,
    'PUT',
    [],
    (ref, b) => checkout.setShippingAddress(ref, b.shippingAddress),
  );
  write(
    '/shipping-option',
    'Pick one of the offered shipping options',
    selectShippingOptionBodySchema,
    'PUT',
    ['SHIPPING_OPTION_UNAVAILABLE'],
    (ref, b) => checkout.selectShippingOption(ref, b.optionId),
  );
  write(
    '/coupon',
    'Apply a coupon code',
    applyCodeBodySchema,
    'PUT',
    ['COUPON_INVALID'],
    (ref, b) => checkout.applyCoupon(ref, b.code),
  );
  write('/coupon', 'Remove the coupon', undefined, 'DELETE', [], (ref) =>
    checkout.removeCoupon(ref),
  );
  write(
    '/gift-card',
    'Apply a gift card code',
    applyCodeBodySchema,
    'PUT',
    ['GIFT_CARD_INVALID'],
    (ref, b) => checkout.applyGiftCard(ref, b.code),
  );
  write('/gift-card', 'Remove the gift card', undefined, 'DELETE', [], (ref) =>
    checkout.removeGiftCard(ref),
  );

  api.post(
    '/api/commerce/checkout/:checkoutId/orders',
    {
      // Counted before the body is read or validated, so malformed floods count too.
      onRequest: rateLimit({
        limiter: orderLimiter,
        message: cartMessages.tooManyRequests,
        websiteOf,
      }),
      preHandler: requireCrumb,
      schema: {
        tags: ['checkout'],
        summary: 'Place the order: charge the card and take the stock, exactly once per key',
        description: `${CRUMB_NOTE} Send an \`Idempotency-Key\` header (unique per order attempt); repeating it returns the same order, a different body with a used key is a 409. Test cards: …4242 approves, …0002 declines, …9995 has insufficient funds, anything else is invalid.`,
        params: checkoutParamsSchema,
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200) }),
        body: placeOrderBodySchema,
        response: {
          200: placeOrderResponseSchema,
          ...errorResponses(openCheckoutCodes, [
            'IDEMPOTENCY_KEY_MISSING',
            'IDEMPOTENCY_KEY_REUSED',
            'CART_EMPTY',
            'CHECKOUT_INCOMPLETE',
            'CHECKOUT_BELOW_MINIMUM',
            'SHIPPING_OPTION_UNAVAILABLE',
            'COUPON_INVALID',
            'GIFT_CARD_INVALID',
            'CARD_MISSING',
            'CARD_DECLINED',
            'INSTALLMENTS_UNAVAILABLE',
            'OUT_OF_STOCK',
          ]),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ref = await refOf(request);
      return placeOrder.placeOrder({
        ...ref,
        idempotencyKey: request.headers[IDEMPOTENCY_HEADER],
        body: request.body,
      });
    },
  );
}
