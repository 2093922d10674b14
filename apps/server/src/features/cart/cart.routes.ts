import {
  addCartEntryBodySchema,
  addCartEntryResponseSchema,
  CART_COOKIE,
  CART_TOKEN_HEADER,
  entryParamsSchema,
  errorResponses,
  getCartQuerySchema,
  getCartResponseSchema,
  HAS_CART_COOKIE,
  type ShoppingCart,
  sessionWriteCodes,
  shoppingCartResponseSchema,
  subscriptionCartBodySchema,
  subscriptionCartResponseSchema,
  updateEntryFieldsBodySchema,
  updateEntryFieldsResponseSchema,
  updateEntryQuantityBodySchema,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ensureCrumb, requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { CartService } from './cart.service.ts';

const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cart id from the visitor's cookie, if it looks like one. */
export function cartIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[CART_COOKIE];
  return value && UUID.test(value) ? value : undefined;
}

/**
 * The cart a checkout call is for: a subscription checkout's cart token (its page sends
 * it, SPEC §4), else the visitor's cart cookie. The token is the cart's random id, as
 * unguessable as the cookie; it names a cart, it says nothing about who is asking.
 */
export function checkoutCartIdOf(request: FastifyRequest): string | undefined {
  const token = request.headers[CART_TOKEN_HEADER];
  if (typeof token === 'string' && token !== '') return UUID.test(token) ? token : undefined;
  return cartIdOf(request);
}

/** Gives the browser its cart (also used when an account's cart follows a sign-in). */
export function rememberCart(request: FastifyRequest, reply: FastifyReply, cartId: string) {
  const secure = request.protocol === 'https';
  reply.setCookie(CART_COOKIE, cartId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
  // Scripts may read this one: it decides whether a page loads the cart at all.
  reply.setCookie(HAS_CART_COOKIE, 'true', {
    path: '/',
    sameSite: 'lax',
    secure,
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

export function registerCartRoutes(
  app: FastifyInstance,
  deps: {
    cart: CartService;
    websiteOf: WebsiteResolver;
    addLimit?: number;
    /** Fills the cart body's shipping, tax and discount figures (checkout's pricing). */
    withFigures: (websiteId: string, cart: ShoppingCart) => Promise<ShoppingCart>;
  },
) {
  const { cart, websiteOf, withFigures } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Generous for people, tight for scripts hammering the cart (CART_RATE_LIMIT sizes it).
  const addLimiter = createRateLimiter({ limit: deps.addLimit ?? 30, windowMs: 10_000 });

  api.get(
    '/api/commerce/shopping-cart',
    {
      schema: {
        tags: ['cart'],
        summary: "The visitor's cart (also issues the CSRF crumb cookie)",
        querystring: getCartQuerySchema,
        response: { 200: getCartResponseSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      ensureCrumb(request, reply);
      reply.header('cache-control', 'no-store');
      return {
        shoppingCart: await withFigures(
          website.id,
          await cart.getCart(website.id, cartIdOf(request)),
        ),
      };
    },
  );

  api.post(
    '/api/commerce/shopping-cart/entries',
    {
      // Counted before the body is read or validated, so malformed floods count too.
      onRequest: rateLimit({
        limiter: addLimiter,
        message: cartMessages.tooManyRequests,
        websiteOf,
      }),
      preHandler: requireCrumb,
      schema: {
        tags: ['cart'],
        summary: 'Add an item to the cart',
        description: `Send the \`crumb\` cookie's value in the \`x-csrf-token\` header.`,
        body: addCartEntryBodySchema,
        response: {
          200: addCartEntryResponseSchema,
          ...errorResponses(sessionWriteCodes, [
            'QUANTITY_INVALID',
            'VARIANT_UNAVAILABLE',
            'GIFT_CARD_AMOUNT_INVALID',
            'NOT_SUBSCRIBABLE',
            'FORM_INVALID',
            'OUT_OF_STOCK',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const result = await cart.addEntry({
        websiteId: website.id,
        cartId: cartIdOf(request),
        body: request.body,
      });
      rememberCart(request, reply, result.cartId);
      reply.header('cache-control', 'no-store');
      return { shoppingCart: result.shoppingCart, newlyAdded: result.newlyAdded };
    },
  );

  api.post(
    '/api/3/commerce/cart/subscription',
    {
      onRequest: rateLimit({
        limiter: addLimiter,
        message: cartMessages.tooManyRequests,
        websiteOf,
      }),
      preHandler: requireCrumb,
      schema: {
        tags: ['cart'],
        summary: 'Start a subscription checkout for one subscribable item (SPEC §7)',
        description:
          "Answers the subscription's own cart token: open `/commerce/subscription-checkout?cartToken=` and send it as the `x-cart-token` header on the checkout calls. Send the `crumb` cookie's value in the `x-csrf-token` header.",
        body: subscriptionCartBodySchema,
        response: {
          200: subscriptionCartResponseSchema,
          ...errorResponses(sessionWriteCodes, [
            'QUANTITY_INVALID',
            'VARIANT_UNAVAILABLE',
            'GIFT_CARD_AMOUNT_INVALID',
            'NOT_SUBSCRIBABLE',
            'FORM_INVALID',
            'OUT_OF_STOCK',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return cart.createSubscriptionCart(website.id, request.body);
    },
  );

  const entryErrors = errorResponses(sessionWriteCodes, [
    'CART_ITEM_NOT_FOUND',
    'QUANTITY_INVALID',
    'FORM_INVALID',
    'VARIANT_GONE',
    // Changing an entry's fields may name another variant (sku) that is hidden or gone.
    'VARIANT_UNAVAILABLE',
    // …or a product sold only as a subscription.
    'NOT_SUBSCRIBABLE',
    'OUT_OF_STOCK',
  ]);

  api.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      preHandler: requireCrumb,
      schema: {
        tags: ['cart'],
        summary: "Replace a cart entry's additional-fields answers",
        params: entryParamsSchema,
        body: updateEntryFieldsBodySchema,
        response: { 200: updateEntryFieldsResponseSchema, ...entryErrors },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      const updated = await cart.updateEntryFields({
        websiteId: website.id,
        cartId: cartIdOf(request),
        entryId: request.params.entryId,
        body: request.body,
      });
      return { ...updated, shoppingCart: await withFigures(website.id, updated.shoppingCart) };
    },
  );

  api.put(
    '/api/commerce/shopping-cart/entries/:entryId',
    {
      preHandler: requireCrumb,
      schema: {
        tags: ['cart'],
        summary: "Change a cart entry's quantity (0 removes it)",
        params: entryParamsSchema,
        body: updateEntryQuantityBodySchema,
        response: { 200: shoppingCartResponseSchema, ...entryErrors },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      const shoppingCart = await cart.setEntryQuantity({
        websiteId: website.id,
        cartId: cartIdOf(request),
        entryId: request.params.entryId,
        quantity: request.body.quantity,
      });
      return { shoppingCart: await withFigures(website.id, shoppingCart) };
    },
  );

  api.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    {
      preHandler: requireCrumb,
      schema: {
        tags: ['cart'],
        summary: 'Remove an entry from the cart',
        params: entryParamsSchema,
        response: { 200: shoppingCartResponseSchema, ...entryErrors },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      const shoppingCart = await cart.removeEntry({
        websiteId: website.id,
        cartId: cartIdOf(request),
        entryId: request.params.entryId,
      });
      return { shoppingCart: await withFigures(website.id, shoppingCart) };
    },
  );
}
