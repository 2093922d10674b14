import {
  errorResponses,
  MEMBER_CHALLENGE_COOKIE,
  MEMBER_CHALLENGE_PATH,
  sessionStateSchema,
  sessionWriteCodes,
  twoFactorCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStartSchema,
  twoFactorStatusSchema,
  twoFactorTurnOffSchema,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { setSessionCookie, signedInState } from '../auth/auth.routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import { clearChallengeCookie } from './challenge-cookie.ts';

// A member's own two-step verification (/api/config/account/two-factor: every role has
// it, for their own sign-in only) and the second step of the editor's sign-in.

const challengeCookie = { name: MEMBER_CHALLENGE_COOKIE, path: MEMBER_CHALLENGE_PATH };
const ownCodes = ['SIGN_IN_REQUIRED', ...sessionWriteCodes] as const;
const passwordCodes = ['SIGN_IN_FAILED', 'SIGN_IN_LOCKED'] as const;

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

  api.get(
    '/api/config/account/two-factor',
    {
      preValidation: own,
      schema: {
        tags: ['editor'],
        summary: 'Whether two-step verification is on for the signed-in member',
        response: { 200: twoFactorStatusSchema, ...errorResponses(['SIGN_IN_REQUIRED']) },
      },
    },
    async (request, reply) => {
      const { website, member } = editorCallerOf(request);
      reply.header('cache-control', 'no-store');
      return auth.twoFactorStatus(website.id, member);
    },
  );

  api.post(
    '/api/config/account/two-factor',
    {
      preValidation: own,
      onRequest: addressLimit,
      preHandler: requireCrumb,
      schema: {
        tags: ['editor'],
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
      const { website, member } = editorCallerOf(request);
      reply.header('cache-control', 'no-store');
      return auth.beginTwoFactor(website.id, member, {
        password: request.body.password,
        issuer: website.title.trim() || request.hostname,
      });
    },
  );

  api.post(
    '/api/config/account/two-factor/confirmation',
    {
      preValidation: own,
      onRequest: addressLimit,
      preHandler: requireCrumb,
      schema: {
        tags: ['editor'],
        summary: "Turn it on with the app's first code; answers the recovery codes, shown once",
        body: twoFactorCodeSchema,
        response: {
          200: twoFactorRecoveryCodesSchema,
          ...errorResponses(ownCodes, ['TWO_FACTOR_FAILED', 'TWO_FACTOR_STATE']),
        },
      },
    },
    async (request, reply) => {
      const { website, member } = editorCallerOf(request);
      reply.header('cache-control', 'no-store');
      return auth.confirmTwoFactor(website.id, member, request.body.code);
    },
  );

  api.delete(
    '/api/config/account/two-factor',
    {
      preValidation: own,
      onRequest: addressLimit,
      preHandler: requireCrumb,
      schema: {
        tags: ['editor'],
        summary: 'Turn two-step verification off (needs the password and a code)',
        body: twoFactorTurnOffSchema,
        response: {
          204: z.null(),
          ...errorResponses(ownCodes, passwordCodes, ['TWO_FACTOR_FAILED', 'TWO_FACTOR_STATE']),
        },
      },
    },
    async (request, reply) => {
      const { website, member } = editorCallerOf(request);
      await auth.turnOffTwoFactor(website.id, member, request.body);
      return reply.status(204).send(null);
    },
  );
}
