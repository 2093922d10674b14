import {
  errorResponses,
  restockCursorQuerySchema,
  restockGroupsResponseSchema,
  restockSendAllBodySchema,
  restockSendRequestSchema,
  restockSendResponseSchema,
  restockSignUpBodySchema,
  restockSignUpListQuerySchema,
  restockSignUpResponseSchema,
  restockSignUpsResponseSchema,
  sessionWriteCodes,
  signedInCodes,
  websiteParamsSchema,
} from '@atelier/contract';
import { formMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { RestockService } from './restock.service.ts';

// Restock notifications (SPEC §7, issue 21). The shopper's sign-up is public, rate-limited
// per visitor address (request.ip: TRUST_PROXY decides, never a client header) and guarded
// by the captcha. The merchant's routes sit with orders under the commerce prefix: admins
// and store managers; an API key needs the inventory area (GET reads, POST sends).

const PREFIX = '/api/content-service/commerce/1.1/websites/:websiteId/restock';
/** Sign-ups per visitor address per minute: a few typos, never a mailing-list bomb. */
export const DEFAULT_RESTOCK_SIGN_UP_LIMIT = 10;

const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['restock notifications'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager, with the ' +
  'inventory area) or the session of such a member signed in at /config; a session write ' +
  'also sends the CSRF crumb.';

export function registerRestockRoutes(
  app: FastifyInstance,
  deps: {
    restock: RestockService;
    websiteOf: WebsiteResolver;
    requireApiKey: RequireApiKey;
    signUpLimit?: number;
  },
) {
  const { restock, websiteOf, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter({
    limit: deps.signUpLimit ?? DEFAULT_RESTOCK_SIGN_UP_LIMIT,
    windowMs: 60_000,
  });

  api.post(
    '/api/site-users/account/notifications/restock',
    {
      onRequest: rateLimit({ limiter, message: formMessages.rateLimited, websiteOf }),
      schema: {
        tags,
        summary: 'Sign up to hear when a sold-out variant is back (signUpForRestockNotification)',
        description:
          '`recaptchaEnterpriseV3Token` carries a solved captcha of scope PRODUCT_WAITLIST_SUBMISSION (GET /api/captcha/challenge). The same email waiting for the same variant is one sign-up: a repeat answers 200 and adds nothing. Refused with 409 RESTOCK_NOT_OFFERED when the variant is in stock or the product takes no sign-ups.',
        body: restockSignUpBodySchema,
        response: {
          200: restockSignUpResponseSchema,
          ...errorResponses([
            'RESTOCK_EMAIL_INVALID',
            'RESTOCK_NOT_OFFERED',
            'RESTOCK_CAPTCHA_REQUIRED',
            'RESTOCK_CAPTCHA_FAILED',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      reply.header('cache-control', 'no-store');
      return { message: await restock.signUp({ websiteId: website.id, body: request.body }) };
    },
  );

  const guard = requireApiKey({ can: 'inventory.manage', scope: { area: 'inventory' } });

  api.get(
    `${PREFIX}/groups`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Sign-ups grouped by variant: waiting and notified counts, newest first',
        description: `${AUTH_NOTE} Pages of 50; pass nextPageCursor as cursor for the next.`,
        params: websiteParamsSchema,
        querystring: restockCursorQuerySchema,
        response: { 200: restockGroupsResponseSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => restock.groups(callerOf(request).website.id, request.query.cursor),
  );

  api.get(
    PREFIX,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "A variant's sign-ups in the order they came",
        description: `${AUTH_NOTE} Pages of 50; pass nextPageCursor as cursor for the next.`,
        params: websiteParamsSchema,
        querystring: restockSignUpListQuerySchema,
        response: {
          200: restockSignUpsResponseSchema,
          ...errorResponses(keyCodes, ['VARIANT_NOT_FOUND']),
        },
      },
    },
    async (request) => restock.signUps(callerOf(request).website.id, request.query),
  );

  api.post(
    `${PREFIX}/send`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Email every waiting sign-up of a variant that it's back in stock",
        description: `${AUTH_NOTE} Each sign-up is emailed once: a repeat, or two sends at once, email nobody twice. sentCount counts this call's emails.`,
        params: websiteParamsSchema,
        body: restockSendRequestSchema,
        response: {
          200: restockSendResponseSchema,
          ...errorResponses(writeCodes, ['VARIANT_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      sentCount: await restock.sendNow(callerOf(request).website.id, request.body),
    }),
  );

  api.post(
    `${PREFIX}/send/all`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Send for several variants at once',
        description: `${AUTH_NOTE} Every variant is checked first: an unknown one sends nothing.`,
        params: websiteParamsSchema,
        body: restockSendAllBodySchema,
        response: {
          200: restockSendResponseSchema,
          ...errorResponses(writeCodes, ['VARIANT_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      sentCount: await restock.sendAll(callerOf(request).website.id, request.body.sendRequests),
    }),
  );
}
