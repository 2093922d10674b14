import {
  cancelSubscriptionBodySchema,
  customerSubscriptionQuerySchema,
  customerSubscriptionResponseSchema,
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionNextDateBodySchema,
  subscriptionParamsSchema,
  subscriptionResponseSchema,
  testClockBodySchema,
  testClockResponseSchema,
  updateSubscriptionCardBodySchema,
  websiteParamsSchema,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

// Subscriptions (issue 22): the merchant's list, detail and actions for /config and
// integrations, the customer's manage link, and the test clock.
const PREFIX = '/api/content-service/commerce/1.1/websites/:websiteId';
const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['subscriptions'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager with the orders ' +
  'area) or the session of such a member signed in at /config; a session write also sends ' +
  'the CSRF crumb.';
const adminParams = websiteParamsSchema.extend(subscriptionParamsSchema.shape);

function actorOf(request: FastifyRequest): string {
  const { member, key } = callerOf(request);
  if (member) return member.email;
  return `API key ${key?.name ?? ''}`.trim();
}

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: {
    subscriptions: SubscriptionsService;
    requireApiKey: RequireApiKey;
    websiteOf: WebsiteResolver;
  },
) {
  const { subscriptions, requireApiKey, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireApiKey({ can: 'orders.read', scope: { area: 'orders' } });
  // Pausing, cancelling or moving a billing date changes what a customer pays.
  const changeGuard = requireApiKey({ can: 'orders.refund', scope: { area: 'orders' } });

  api.get(
    `${PREFIX}/subscriptions`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Subscriptions: search by email or product, filter by status',
        description: AUTH_NOTE,
        params: websiteParamsSchema,
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => subscriptions.list(callerOf(request).website.id, request.query),
  );

  api.get(
    `${PREFIX}/subscriptions/:subscriptionId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One subscription with its orders (renewals) and timeline',
        description: AUTH_NOTE,
        params: adminParams,
        response: {
          200: subscriptionResponseSchema,
          ...errorResponses(keyCodes, ['SUBSCRIPTION_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      subscription: await subscriptions.get(
        callerOf(request).website.id,
        request.params.subscriptionId,
      ),
    }),
  );

  const action = (
    path: string,
    summary: string,
    run: (
      websiteId: string,
      subscriptionId: string,
      actor: string,
    ) => ReturnType<SubscriptionsService['get']>,
  ) =>
    api.post(
      `${PREFIX}/subscriptions/:subscriptionId/${path}`,
      {
        preValidation: changeGuard,
        schema: {
          tags,
          summary,
          description: AUTH_NOTE,
          params: adminParams,
          response: {
            200: subscriptionResponseSchema,
            ...errorResponses(writeCodes, [
              'SUBSCRIPTION_NOT_FOUND',
              'SUBSCRIPTION_STATE_CONFLICT',
            ]),
          },
        },
      },
      async (request) => ({
        subscription: await run(
          callerOf(request).website.id,
          request.params.subscriptionId,
          actorOf(request),
        ),
      }),
    );
  action('pause', 'Pause an active subscription: nothing is charged until it resumes', (w, s, a) =>
    subscriptions.pause(w, s, a),
  );
  action('resume', 'Resume a paused subscription on the next date of its calendar', (w, s, a) =>
    subscriptions.resume(w, s, a),
  );
  action(
    'cancel',
    'Cancel a subscription: no further payments; the customer is emailed',
    (w, s, a) => subscriptions.cancel(w, s, a),
  );

  api.put(
    `${PREFIX}/subscriptions/:subscriptionId/next-billing-date`,
    {
      preValidation: changeGuard,
      schema: {
        tags,
        summary: "Move the next renewal to a day (the store's time zone); later ones follow",
        description: AUTH_NOTE,
        params: adminParams,
        body: subscriptionNextDateBodySchema,
        response: {
          200: subscriptionResponseSchema,
          ...errorResponses(writeCodes, [
            'SUBSCRIPTION_NOT_FOUND',
            'SUBSCRIPTION_STATE_CONFLICT',
            'SUBSCRIPTION_DATE_INVALID',
          ]),
        },
      },
    },
    async (request) => ({
      subscription: await subscriptions.setNextBillingDate(
        callerOf(request).website.id,
        request.params.subscriptionId,
        request.body.date,
        actorOf(request),
      ),
    }),
  );

  // ---- The customer's manage link: the token in it is the only credential ----
  // Card updates are where card testing would hide: a few per address a minute.
  const cardLimiter = createRateLimiter({ limit: 5, windowMs: 60_000 });
  const CUSTOMER_NOTE =
    'The `token` is the one in the link the store emailed (any of them); it is the only ' +
    'credential, so no session or crumb is needed.';

  api.get(
    '/api/commerce/subscriptions/:subscriptionId',
    {
      schema: {
        tags,
        summary: "The customer's subscription, through their manage link",
        description: CUSTOMER_NOTE,
        params: subscriptionParamsSchema,
        querystring: customerSubscriptionQuerySchema,
        response: {
          200: customerSubscriptionResponseSchema,
          ...errorResponses(['SUBSCRIPTION_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return {
        subscription: await subscriptions.viewByLink(
          website.id,
          request.params.subscriptionId,
          request.query.token,
        ),
      };
    },
  );

  api.post(
    '/api/commerce/subscriptions/:subscriptionId/card',
    {
      onRequest: rateLimit({
        limiter: cardLimiter,
        message: cartMessages.tooManyRequests,
        websiteOf,
      }),
      schema: {
        tags,
        summary: 'Replace the card on file; a past-due subscription is charged at once',
        description: CUSTOMER_NOTE,
        params: subscriptionParamsSchema,
        body: updateSubscriptionCardBodySchema,
        response: {
          200: customerSubscriptionResponseSchema,
          ...errorResponses([
            'SUBSCRIPTION_NOT_FOUND',
            'SUBSCRIPTION_STATE_CONFLICT',
            'CARD_DECLINED',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return {
        subscription: await subscriptions.updateCardByLink(
          website.id,
          request.params.subscriptionId,
          request.body.token,
          request.body.card,
        ),
      };
    },
  );

  api.post(
    '/api/commerce/subscriptions/:subscriptionId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the subscription: no further payments',
        description: CUSTOMER_NOTE,
        params: subscriptionParamsSchema,
        body: cancelSubscriptionBodySchema,
        response: {
          200: customerSubscriptionResponseSchema,
          ...errorResponses(['SUBSCRIPTION_NOT_FOUND', 'SUBSCRIPTION_STATE_CONFLICT']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return {
        subscription: await subscriptions.cancelByLink(
          website.id,
          request.params.subscriptionId,
          request.body.token,
        ),
      };
    },
  );
}

/**
 * POST /api/testing/clock, registered only when the server runs with TEST_CLOCK=on: moves
 * the clock renewals are judged by and runs the renewal sweep, so a rehearsal (or an
 * end-to-end test) can live through months of a subscription in seconds.
 */
export function registerTestClockRoute(
  app: FastifyInstance,
  deps: { advance: (ms: number) => Date; runDue: () => Promise<number> },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/testing/clock',
    {
      schema: {
        tags: ['testing'],
        summary: 'Move the server clock forward and run due renewals (TEST_CLOCK=on only)',
        body: testClockBodySchema,
        response: { 200: testClockResponseSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const now = deps.advance(request.body.advanceMs);
      const renewalsRun = await deps.runDue();
      return { now: now.getTime(), renewalsRun };
    },
  );
}
