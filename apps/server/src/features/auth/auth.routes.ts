import {
  credentialsSchema,
  errorResponses,
  MEMBER_CHALLENGE_COOKIE,
  MEMBER_CHALLENGE_PATH,
  memberCreateSchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  ownerCreateSchema,
  sessionStateSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import { cartMessages, Role } from '@atelier/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ensureCrumb, requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { setChallengeCookie } from '../two-factor/challenge-cookie.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import { editorCallerOf, type MemberGuard, SESSION_COOKIE } from './member-guard.ts';

const adminCodes = [...signedInCodes, ...sessionWriteCodes] as const;

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

/** Sign-in to the editor (/api/config/session) and, for admins, its members. */
export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; guard: MemberGuard; websiteOf: WebsiteResolver },
) {
  const { auth, guard, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guessing passwords: the service locks each account whatever the address (SIGN_IN_LOCK_*);
  // this looser cap per address makes trying many emails from one place slow too.
  const perAddress = createRateLimiter({ limit: 30, windowMs: 60_000 });
  const addressLimit = rateLimit({
    limiter: perAddress,
    message: cartMessages.tooManyRequests,
    websiteOf,
  });
  const adminOnly = guard.requireMember({ roles: [Role.admin] });

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
      return reply.status(201).send({
        state: 'signed-in' as const,
        member: session.member,
        xsrfToken: ensureCrumb(request, reply),
        websiteId: website.id,
      });
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
          xsrfToken: ensureCrumb(request, reply),
          websiteId: website.id,
        };
      }
      setSessionCookie(request, reply, session);
      return {
        state: 'signed-in' as const,
        member: session.member,
        xsrfToken: ensureCrumb(request, reply),
        websiteId: website.id,
      };
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

  api.get(
    '/api/config/members',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['editor'],
        summary: "The website's members (admins only)",
        response: { 200: memberListSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request) => ({ members: await auth.listMembers(editorCallerOf(request).website.id) }),
  );

  api.post(
    '/api/config/members',
    {
      preHandler: [requireCrumb, adminOnly],
      schema: {
        tags: ['editor'],
        summary: 'Add a member with a first password (admins only)',
        body: memberCreateSchema,
        response: {
          201: memberSchema,
          ...errorResponses(adminCodes, ['MEMBER_EXISTS', 'MEMBER_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const member = await auth.addMember(editorCallerOf(request).website.id, request.body);
      return reply.status(201).send(member);
    },
  );

  api.delete(
    '/api/config/members/:memberId',
    {
      preHandler: [requireCrumb, adminOnly],
      schema: {
        tags: ['editor'],
        summary: 'Remove a member; the last admin stays (admins only)',
        params: memberParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(adminCodes, ['MEMBER_NOT_FOUND', 'LAST_ADMIN']),
        },
      },
    },
    async (request, reply) => {
      await auth.removeMember(editorCallerOf(request).website.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );
}
