import {
  errorResponses,
  MEMBER_CHALLENGE_COOKIE,
  MEMBER_CHALLENGE_PATH,
  sessionStateSchema,
  sessionWriteCodes,
  twoFactorCodeSchema,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { setSessionCookie, signedInState } from '../auth/auth.routes.ts';
import type { AuthService, FactorChange } from '../auth/auth.service.ts';
import { editorCallerOf, type RequireMember, SESSION_COOKIE } from '../auth/member-guard.ts';
import type { Website } from '../websites/website.service.ts';
import { clearChallengeCookie } from './challenge-cookie.ts';
import { registerOwnTwoFactorRoutes } from './own-two-factor.routes.ts';

// A member's own two-step verification (/api/config/account/two-factor: every role has
// it, for their own sign-in only) and the second step of the editor's sign-in.

const challengeCookie = { name: MEMBER_CHALLENGE_COOKIE, path: MEMBER_CHALLENGE_PATH };
const passwordCodes = ['SIGN_IN_FAILED', 'SIGN_IN_LOCKED'] as const;

/** The name the authenticator app and the notice email give the site. */
const siteNameOf = (website: Website, request: FastifyRequest) =>
  website.title.trim() || request.hostname;

/** The session the change is made in stays; the guard saw its cookie. */
const changeOf = (website: Website, request: FastifyRequest): FactorChange => ({
  currentToken: request.cookies[SESSION_COOKIE] ?? '',
  siteName: siteNameOf(website, request),
});

export function registerMemberTwoFactorRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; websiteOf: WebsiteResolver; requireMember: RequireMember },
) {
  const { auth, websiteOf } = deps;
  // One's own sign-in, whatever the role (docs/PERMISSIONS.md: account.self).
  const own = deps.requireMember({ can: 'account.self' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The same looser cap per address as the password step; each account has its lock.
  const addressLimit = rateLimit({
    limiter: createRateLimiter({ limit: 30, windowMs: 60_000 }),
    message: cartMessages.tooManyRequests,
    websiteOf,
  });

  api.post(
    MEMBER_CHALLENGE_PATH,
    {
      onRequest: addressLimit,
      preHandler: requireCrumb,
      schema: {
        tags: ['editor'],
        summary:
          'Second step of signing in: a code from the authenticator app or a recovery code; the session starts here',
        body: twoFactorCodeSchema,
        response: {
          200: sessionStateSchema,
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
      const session = await auth.completeSignIn(website.id, {
        challengeToken: request.cookies[MEMBER_CHALLENGE_COOKIE],
        code: request.body.code,
      });
      clearChallengeCookie(reply, challengeCookie);
      setSessionCookie(request, reply, session);
      // The crumb stays as the password step left it, as that step does without a code.
      return signedInState(request, reply, { session, websiteId: website.id });
    },
  );

  registerOwnTwoFactorRoutes(app, {
    path: '/api/config/account/two-factor',
    tag: 'editor',
    person: 'member',
    signInRequired: 'SIGN_IN_REQUIRED',
    passwordCodes,
    readHooks: { preValidation: own },
    writeHooks: { preValidation: own, onRequest: addressLimit, preHandler: requireCrumb },
    statusCacheControl: 'no-store',
    whoIs: editorCallerOf,
    status: ({ website, member }) => auth.twoFactorStatus(website.id, member),
    begin: ({ website, member }, password, request) =>
      auth.beginTwoFactor(website.id, member, {
        password,
        issuer: siteNameOf(website, request),
      }),
    confirm: ({ website, member }, code, request) =>
      auth.confirmTwoFactor(website.id, member, code, changeOf(website, request)),
    turnOff: ({ website, member }, input, request) =>
      auth.turnOffTwoFactor(website.id, member, input, changeOf(website, request)),
  });
}
