import {
  credentialsSchema,
  errorResponses,
  MEMBER_CHALLENGE_COOKIE,
  MEMBER_CHALLENGE_PATH,
  ownerCreateSchema,
  sessionStateSchema,
  sessionWriteCodes,
} from '@atelier/contract';
import { capabilitiesOf, cartMessages } from '@atelier/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureCrumb, requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { setChallengeCookie } from '../two-factor/challenge-cookie.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import { SESSION_COOKIE } from './member-guard.ts';

/** A signed-in session's answer; its capabilities come from core's permission matrix. */
export const signedInState = (
  request: FastifyRequest,
  reply: FastifyReply,
  input: { session: SignedIn; websiteId: string },
) => ({
  state: 'signed-in' as const,
  member: input.session.member,
  capabilities: capabilitiesOf(input.session.member.role),
  xsrfToken: ensureCrumb(request, reply),
  websiteId: input.websiteId,
});

/** The session cookie of a sign-in (an accepted invitation signs in too). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: SignedIn) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Without "remember me" the browser forgets it on close; the server expires it too.
    ...(session.isRemembered && { expires: session.expiresAt }),
  });
}

/** Sign-in to the editor (/api/config/session); members are members.routes.ts. */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; websiteOf: WebsiteResolver },
) {
  const { auth, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guessing passwords: the service locks each account whatever the address (SIGN_IN_LOCK_*);
  // this looser cap per address makes trying many emails from one place slow too.
  const perAddress = createRateLimiter({ limit: 30, windowMs: 60_000 });
  const addressLimit = rateLimit({
    limiter: perAddress,
    message: cartMessages.tooManyRequests,
    websiteOf,
  });

  api.get(
    '/api/config/session',
    {
      schema: {
        tags: ['editor'],
        summary: 'Who is signed in to the editor, or whether the website still needs an owner',
        response: { 200: sessionStateSchema, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const state = await auth.sessionState(website.id, request.cookies[SESSION_COOKIE]);
      reply.header('cache-control', 'no-store');
      return { ...state, xsrfToken: ensureCrumb(request, reply), websiteId: website.id };
    },
  );

  api.post(
    '/api/config/owner',
    {
      onRequest: addressLimit,
      preHandler: requireCrumb,
      schema: {
        tags: ['editor'],
        summary: "Create the website's owner (an admin) on the first visit; then signs in",
        body: ownerCreateSchema,
        response: {
          201: sessionStateSchema,
          ...errorResponses(sessionWriteCodes, ['OWNER_EXISTS', 'MEMBER_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const session = await auth.createOwner(website.id, request.body);
      setSessionCookie(request, reply, session);
      return reply
        .status(201)
        .send(signedInState(request, reply, { session, websiteId: website.id }));
    },
  );

  api.post(
    '/api/config/session',
    {
      onRequest: addressLimit,
      preHandler: requireCrumb,
      schema: {
        tags: ['editor'],
        summary: 'Sign in with email and password; rememberMe keeps the session for 30 days',
        body: credentialsSchema,
        response: {
          200: sessionStateSchema,
          ...errorResponses(sessionWriteCodes, ['SIGN_IN_FAILED', 'SIGN_IN_LOCKED']),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const session = await auth.signIn(website.id, request.body);
      if ('challengeToken' in session) {
        // Two-step verification is on: no session yet, the code comes next.
        setChallengeCookie(request, reply, {
          name: MEMBER_CHALLENGE_COOKIE,
          path: MEMBER_CHALLENGE_PATH,
          ...session,
        });
        return {
          state: 'second-factor' as const,
          member: null,
          capabilities: [],
          xsrfToken: ensureCrumb(request, reply),
          websiteId: website.id,
        };
      }
      setSessionCookie(request, reply, session);
      return signedInState(request, reply, { session, websiteId: website.id });
    },
  );

  api.delete(
    '/api/config/session',
    {
      preHandler: requireCrumb,
      schema: {
        tags: ['editor'],
        summary: 'Sign out: the session ends on the server and the cookie is cleared',
        response: { 204: z.null(), ...errorResponses(sessionWriteCodes) },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      await auth.signOut(website.id, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
}
