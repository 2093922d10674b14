import {
  errorResponses,
  SITE_USER_CHALLENGE_COOKIE,
  SITE_USER_CHALLENGE_PATH,
  SITE_USER_SESSION_COOKIE,
  sessionWriteCodes,
  siteUserSignedInSchema,
  twoFactorCodeSchema,
} from '@atelier/contract';
import { accountMessages, cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { issueCrumb, requireCrumb } from '../../http/csrf.ts';
import { fail } from '../../http/errors.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { cartIdOf, rememberCart } from '../cart/cart.routes.ts';
import { setSession } from '../site-users/site-users.routes.ts';
import type { SiteUsersService } from '../site-users/site-users.service.ts';
import { clearChallengeCookie } from './challenge-cookie.ts';
import { registerOwnTwoFactorRoutes } from './own-two-factor.routes.ts';

// A customer's own two-step verification (/api/site-users/account/two-factor) and the
// second step of their sign-in. Every write carries the crumb, as the account's others do.

const challengeCookie = { name: SITE_USER_CHALLENGE_COOKIE, path: SITE_USER_CHALLENGE_PATH };
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

  registerOwnTwoFactorRoutes(app, {
    path: TWO_FACTOR,
    tag: 'accounts',
    person: 'customer',
    signInRequired: 'ACCOUNT_SIGN_IN_REQUIRED',
    passwordCodes,
    readHooks: {},
    writeHooks,
    statusCacheControl: 'private, no-store',
    whoIs: requireAccount,
    status: ({ websiteId, session }) => siteUsers.twoFactorStatus(websiteId, session),
    begin: ({ websiteId, session }, password) =>
      siteUsers.beginTwoFactor(websiteId, session, password),
    confirm: ({ websiteId, session }, code) => siteUsers.confirmTwoFactor(websiteId, session, code),
    turnOff: ({ websiteId, session }, input) =>
      siteUsers.turnOffTwoFactor(websiteId, session, input),
  });
}
