import {
  accountOrdersSchema,
  CART_COOKIE,
  errorResponses,
  HAS_CART_COOKIE,
  SITE_USER_CHALLENGE_COOKIE,
  SITE_USER_CHALLENGE_PATH,
  SITE_USER_INFO_COOKIE,
  SITE_USER_SESSION_COOKIE,
  sessionWriteCodes,
  siteUserDeleteSchema,
  siteUserEmailChangeSchema,
  siteUserEmailRequestSchema,
  siteUserLocaleSchema,
  siteUserMessageSchema,
  siteUserPasswordChangeSchema,
  siteUserResetSchema,
  siteUserSchema,
  siteUserSignedInSchema,
  siteUserSignInAnswerSchema,
  siteUserSignInSchema,
  siteUserSignOutQuerySchema,
  siteUserSignUpSchema,
  siteUserStateSchema,
  siteUserTokenSchema,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureCrumb, issueCrumb, requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { cartIdOf, rememberCart } from '../cart/cart.routes.ts';
import { setChallengeCookie } from '../two-factor/challenge-cookie.ts';
import { accountGuard, clearAccountCookies } from './account-request.ts';
import { type SiteUsersService, type StartedSession, toSiteUser } from './site-users.service.ts';

// SPEC §7's /api/site-users/account calls and the rest of a customer account (issue 23).
// Every write carries the crumb (x-csrf-token), sign-in and sign-up included, so another
// site cannot sign a browser in to an account of its choosing.

const signedInCodes = ['ACCOUNT_SIGN_IN_REQUIRED', 'CSRF_FAILED'] as const;
const passwordCodes = ['ACCOUNT_PASSWORD_WRONG', 'SIGN_IN_LOCKED'] as const;

/** The session cookie and SPEC §6's readable SiteUserInfo, set together. */
export function setSession(request: FastifyRequest, reply: FastifyReply, started: StartedSession) {
  const secure = request.protocol === 'https';
  // Without "remember me" the browser forgets both on close; the server ends it anyway.
  const expiry = started.isRemembered ? { expires: started.endsAt } : {};
  reply.setCookie(SITE_USER_SESSION_COOKIE, started.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...expiry,
  });
  reply.setCookie(
    SITE_USER_INFO_COOKIE,
    JSON.stringify({ authenticated: true, siteUserId: started.user.id }),
    { path: '/', httpOnly: false, sameSite: 'lax', secure, ...expiry },
  );
}

export function registerSiteUserRoutes(
  app: FastifyInstance,
  deps: {
    siteUsers: SiteUsersService;
    websiteOf: WebsiteResolver;
    /** Account calls per visitor address a minute (default 30). */
    addressLimit?: number;
  },
) {
  const { siteUsers, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per address; each account also has its sign-in lock and its mail limit (the service).
  const perAddress = createRateLimiter({ limit: deps.addressLimit ?? 30, windowMs: 60_000 });
  const addressLimit = rateLimit({
    limiter: perAddress,
    message: cartMessages.tooManyRequests,
    websiteOf,
  });
  const writeHooks = { onRequest: addressLimit, preHandler: requireCrumb };

  const clearSession = clearAccountCookies;
  const requireAccount = accountGuard({ siteUsers, websiteOf });

  api.get(
    '/api/site-users/account',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Who is signed in to a customer account here (also issues the crumb)',
        response: { 200: siteUserStateSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const token = request.cookies[SITE_USER_SESSION_COOKIE];
      const session = await siteUsers.sessionOf(website.id, token);
      if (!session && token) clearSession(reply);
      reply.header('cache-control', 'no-store');
      return {
        state: session ? ('signed-in' as const) : ('signed-out' as const),
        account: session ? toSiteUser(session.user) : null,
        xsrfToken: ensureCrumb(request, reply),
      };
    },
  );

  api.post(
    '/api/site-users/account',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary:
          'Create an account; the answer is the same whether or not the email has one (a link to confirm it is emailed)',
        body: siteUserSignUpSchema,
        response: {
          202: siteUserMessageSchema,
          ...errorResponses(sessionWriteCodes, ['ACCOUNT_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const message = await siteUsers.signUp(website.id, request.body);
      return reply.status(202).send({ message });
    },
  );

  api.post(
    '/api/site-users/account/email-verification',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: "Confirm an email address with the emailed link's token (works once)",
        body: siteUserTokenSchema,
        response: {
          200: siteUserSchema,
          ...errorResponses(sessionWriteCodes, ['ACCOUNT_LINK_INVALID']),
        },
      },
    },
    async (request) => {
      const website = await websiteOf(request);
      return siteUsers.verifyEmail(website.id, request.body.token);
    },
  );

  api.post(
    '/api/site-users/account/email-verification/resend',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: 'Send the signed-in account a new link to confirm its email',
        response: { 202: siteUserMessageSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      const message = await siteUsers.resendVerification(websiteId, session);
      return reply.status(202).send({ message });
    },
  );

  api.post(
    '/api/site-users/account/session',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in (SPEC §7): a new session every time, a new xsrfToken to send as x-csrf-token; a guest cart joins the account’s',
        body: siteUserSignInSchema,
        response: {
          200: siteUserSignInAnswerSchema,
          ...errorResponses(sessionWriteCodes, ['SIGN_IN_FAILED', 'SIGN_IN_LOCKED']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const started = await siteUsers.signIn(website.id, request.body, {
        sessionToken: request.cookies[SITE_USER_SESSION_COOKIE],
      });
      reply.header('cache-control', 'no-store');
      if ('challengeToken' in started) {
        // Two-step verification is on: no session yet, the code comes next (its own route).
        setChallengeCookie(request, reply, {
          name: SITE_USER_CHALLENGE_COOKIE,
          path: SITE_USER_CHALLENGE_PATH,
          ...started,
        });
        return { xsrfToken: ensureCrumb(request, reply), secondFactor: 'totp' as const };
      }
      setSession(request, reply, started);
      const cartId = await siteUsers.cartAtSignIn(website.id, started.user.id, cartIdOf(request));
      if (cartId) rememberCart(request, reply, cartId);
      return { xsrfToken: issueCrumb(request, reply), account: started.user };
    },
  );

  api.delete(
    '/api/site-users/account/session',
    {
      preHandler: requireCrumb,
      schema: {
        tags: ['accounts'],
        summary:
          'Sign out (SPEC §7). The cart stays saved with the account; cloneCart=true leaves a copy in this browser',
        querystring: siteUserSignOutQuerySchema,
        response: { 204: z.null(), ...errorResponses(sessionWriteCodes) },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const { cartId } = await siteUsers.signOut(
        website.id,
        request.cookies[SITE_USER_SESSION_COOKIE],
        { cartId: cartIdOf(request), cloneCart: request.query.cloneCart === 'true' },
      );
      clearSession(reply);
      if (cartId) {
        rememberCart(request, reply, cartId);
      } else {
        reply.clearCookie(CART_COOKIE, { path: '/' });
        reply.clearCookie(HAS_CART_COOKIE, { path: '/' });
      }
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/site-users/account/locale',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: 'The language the signed-in customer reads the site and its emails in',
        body: siteUserLocaleSchema,
        response: {
          200: siteUserLocaleSchema,
          ...errorResponses(signedInCodes, ['ACCOUNT_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      return siteUsers.setLanguage(websiteId, session, request.body.language);
    },
  );

  api.post(
    '/api/site-users/account/password-reset',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: 'Email a link to choose a new password; the same answer for any email',
        body: siteUserEmailRequestSchema,
        response: {
          202: siteUserMessageSchema,
          ...errorResponses(sessionWriteCodes, ['ACCOUNT_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const message = await siteUsers.requestPasswordReset(website.id, request.body.email);
      return reply.status(202).send({ message });
    },
  );

  api.post(
    '/api/site-users/account/password-reset/complete',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary:
          'Set a new password with the emailed link’s token (works once); ends every session',
        body: siteUserResetSchema,
        response: {
          200: siteUserMessageSchema,
          ...errorResponses(sessionWriteCodes, ['ACCOUNT_LINK_INVALID', 'ACCOUNT_INVALID']),
        },
      },
    },
    async (request) => {
      const website = await websiteOf(request);
      return { message: await siteUsers.resetPassword(website.id, request.body) };
    },
  );

  api.put(
    '/api/site-users/account/email',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary:
          'Change the email (needs the password); it changes once the new address is confirmed',
        body: siteUserEmailChangeSchema,
        response: {
          202: siteUserMessageSchema,
          ...errorResponses(signedInCodes, passwordCodes, ['ACCOUNT_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      const message = await siteUsers.changeEmail(websiteId, session, request.body);
      return reply.status(202).send({ message });
    },
  );

  api.put(
    '/api/site-users/account/password',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (needs the current one); every other session ends',
        body: siteUserPasswordChangeSchema,
        response: {
          200: siteUserSignedInSchema,
          ...errorResponses(signedInCodes, passwordCodes, ['ACCOUNT_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const { websiteId, session, token } = await requireAccount(request, reply);
      const started = await siteUsers.changePassword(websiteId, session, request.body, token);
      setSession(request, reply, started);
      return { xsrfToken: ensureCrumb(request, reply), account: started.user };
    },
  );

  api.delete(
    '/api/site-users/account',
    {
      ...writeHooks,
      schema: {
        tags: ['accounts'],
        summary: 'Delete the account and its data (needs the password); orders are kept',
        body: siteUserDeleteSchema,
        response: { 204: z.null(), ...errorResponses(signedInCodes, passwordCodes) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      await siteUsers.deleteAccount(websiteId, session, request.body);
      clearSession(reply);
      reply.clearCookie(CART_COOKIE, { path: '/' });
      reply.clearCookie(HAS_CART_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/site-users/account/orders',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Orders placed with the account’s confirmed email, newest first',
        response: { 200: accountOrdersSchema, ...errorResponses(['ACCOUNT_SIGN_IN_REQUIRED']) },
      },
    },
    async (request, reply) => {
      const { websiteId, session } = await requireAccount(request, reply);
      reply.header('cache-control', 'private, no-store');
      return { orders: await siteUsers.orders(websiteId, session) };
    },
  );
}
