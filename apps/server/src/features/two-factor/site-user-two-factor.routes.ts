import {
  errorResponses,
  SITE_USER_CHALLENGE_COOKIE,
  SITE_USER_CHALLENGE_PATH,
  SITE_USER_SESSION_COOKIE,
  sessionWriteCodes,
  siteUserSignedInSchema,
  twoFactorCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStartSchema,
  twoFactorStatusSchema,
  twoFactorTurnOffSchema,
} from '@atelier/contract';
import { accountMessages, cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { issueCrumb, requireCrumb } from '../../http/csrf.ts';
import { fail } from '../../http/errors.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { cartIdOf, rememberCart } from '../cart/cart.routes.ts';
import { setSession } from '../site-users/site-users.routes.ts';
import type { SiteUsersService } from '../site-users/site-users.service.ts';
import { clearChallengeCookie } from './challenge-cookie.ts';

// A customer's own two-step verification (/api/site-users/account/two-factor) and the
// second step of their sign-in. Every write carries the crumb, as the account's others do.

const challengeCookie = { name: SITE_USER_CHALLENGE_COOKIE, path: SITE_USER_CHALLENGE_PATH };
const ownCodes = ['ACCOUNT_SIGN_IN_REQUIRED', ...sessionWriteCodes] as const;
const passwordCodes = ['ACCOUNT_PASSWORD_WRONG', 'SIGN_IN_LOCKED'] as const;
const TWO_FACTOR = '/api/site-users/account/two-factor';

export function registerSiteUserTwoFactorRoutes(
  app: FastifyInstance,
  deps: { siteUsers: SiteUsersService; websiteOf: WebsiteResolver; addressLimit?: number },
) {
  const { siteUsers, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const addressLimit = rateLimit({
    limiter: createRateLimiter({ limit: deps.addressLimit ?? 30, windowMs: 60_000 }),
    message: cartMessages.tooManyRequests,
    websiteOf,
  });
  const writeHooks = { onRequest: addressLimit, preHandler: requireCrumb };

  async function requireAccount(request: FastifyRequest) {
    const website = await websiteOf(request);
    const session = await siteUsers.sessionOf(
      website.id,
      request.cookies[SITE_USER_SESSION_COOKIE],
    );
    if (!session) throw fail('ACCOUNT_SIGN_IN_REQUIRED', accountMessages.signInRequired);
    return { websiteId: website.id, session };
  }

  api.post(
    SITE_USER_CHALLENGE_PATH,
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary:
          'Second step of signing in: a code from the authenticator app or a recovery code; the session starts here',
        body: twoFactorCodeSchema,
        response: {
          200: siteUserSignedInSchema,
          ...errorResponses(sessionWriteCodes, [
            'TWO_FACTOR_FAILED',
            'TWO_FACTOR_EXPIRED',
            'TWO_FACTOR_STATE',
            'SIGN_IN_LOCKED',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const started = await siteUsers.completeSignIn(
        website.id,
        { challengeToken: request.cookies[SITE_USER_CHALLENGE_COOKIE], code: request.body.code },
        { sessionToken: request.cookies[SITE_USER_SESSION_COOKIE] },
      );
      clearChallengeCookie(reply, challengeCookie);
      setSession(request, reply, started);
      const cartId = await siteUsers.cartAtSignIn(website.id, started.user.id, cartIdOf(request));
      if (cartId) rememberCart(request, reply, cartId);
      reply.header('cache-control', 'no-store');
      return { xsrfToken: issueCrumb(request, reply), account: started.user };
    },
  );

  api.get(
    TWO_FACTOR,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether two-step verification is on for the signed-in customer',
        response: { 200: twoFactorStatusSchema, ...errorResponses(['ACCOUNT_SIGN_IN_REQUIRED']) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request);
      reply.header('cache-control', 'private, no-store');
      return siteUsers.twoFactorStatus(websiteId, session);
    },
  );

  api.post(
    TWO_FACTOR,
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary:
          'Start setting up two-step verification (needs the password): a new key, shown this once',
        body: twoFactorStartSchema,
        response: {
          200: twoFactorEnrolmentSchema,
          ...errorResponses(ownCodes, passwordCodes, ['TWO_FACTOR_STATE']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      return siteUsers.beginTwoFactor(websiteId, session, request.body.password);
    },
  );

  api.post(
    `${TWO_FACTOR}/confirmation`,
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: "Turn it on with the app's first code; answers the recovery codes, shown once",
        body: twoFactorCodeSchema,
        response: {
          200: twoFactorRecoveryCodesSchema,
          ...errorResponses(ownCodes, ['TWO_FACTOR_FAILED', 'TWO_FACTOR_STATE']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      return siteUsers.confirmTwoFactor(websiteId, session, request.body.code);
    },
  );

  api.delete(
    TWO_FACTOR,
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: 'Turn two-step verification off (needs the password and a code)',
        body: twoFactorTurnOffSchema,
        response: {
          204: z.null(),
          ...errorResponses(ownCodes, passwordCodes, ['TWO_FACTOR_FAILED', 'TWO_FACTOR_STATE']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request);
      await siteUsers.turnOffTwoFactor(websiteId, session, request.body);
      return reply.status(204).send(null);
    },
  );
}
