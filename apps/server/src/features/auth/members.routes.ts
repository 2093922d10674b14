import {
  errorResponses,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationLookupSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  memberCreateSchema,
  memberListSchema,
  memberParamsSchema,
  memberRoleSchema,
  memberSchema,
  sessionStateSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import { cartMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { createRateLimiter, rateLimit } from '../../http/rate-limit.ts';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import { setSessionCookie, signedInState } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';
import { editorCallerOf, type RequireMember } from './member-guard.ts';
import type { MembersService } from './members.service.ts';

// The members screen's API (issue 23): all of it needs members.manage (administrators,
// docs/PERMISSIONS.md), except the two calls the invited person makes from the link in
// their email, which need the link's secret instead of a session.

const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;

export function registerMembersRoutes(
  app: FastifyInstance,
  deps: {
    members: MembersService;
    auth: Pick<AuthService, 'addMember'>;
    requireMember: RequireMember;
    websiteOf: WebsiteResolver;
  },
) {
  const { members, requireMember, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admins = requireMember({ can: 'members.manage' });
  const write = [requireCrumb, admins];
  const siteOf = (request: Parameters<typeof editorCallerOf>[0]) =>
    editorCallerOf(request).website.id;
  // The link's secret is 256 bits, so this only keeps a client from hammering the hash.
  const linkLimit = rateLimit({
    limiter: createRateLimiter({ limit: 30, windowMs: 60_000 }),
    message: cartMessages.tooManyRequests,
    websiteOf,
  });

  api.get(
    '/api/config/members',
    {
      preValidation: admins,
      schema: {
        tags: ['editor'],
        summary: "The website's members and the invitations not yet accepted",
        response: { 200: memberListSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return members.list(siteOf(request));
    },
  );

  api.post(
    '/api/config/members',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Add a member with a first password (inviting by email is the usual way)',
        body: memberCreateSchema,
        response: {
          201: memberSchema,
          ...errorResponses(writeCodes, ['MEMBER_EXISTS', 'MEMBER_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const member = await deps.auth.addMember(siteOf(request), request.body);
      return reply.status(201).send(member);
    },
  );

  api.patch(
    '/api/config/members/:memberId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: "Change a member's role; the last administrator keeps theirs",
        params: memberParamsSchema,
        body: memberRoleSchema,
        response: {
          200: memberSchema,
          ...errorResponses(writeCodes, ['MEMBER_NOT_FOUND', 'LAST_ADMIN']),
        },
      },
    },
    async (request) =>
      members.changeRole(siteOf(request), request.params.memberId, request.body.role),
  );

  api.delete(
    '/api/config/members/:memberId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Remove a member and end their sessions; the last administrator stays',
        params: memberParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(writeCodes, ['MEMBER_NOT_FOUND', 'LAST_ADMIN']),
        },
      },
    },
    async (request, reply) => {
      await members.remove(siteOf(request), request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/config/members/invitations',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Invite someone by email with a role; inviting again sends a new link',
        description:
          'The email (in the mail outbox) carries a link that works once, for 7 days. An ' +
          'earlier invitation to the same address stops working.',
        body: invitationCreateSchema,
        response: {
          201: invitationSchema,
          ...errorResponses(writeCodes, ['MEMBER_EXISTS', 'MEMBER_INVALID']),
        },
      },
    },
    async (request, reply) => {
      const caller = editorCallerOf(request);
      const invitation = await members.invite({
        websiteId: caller.website.id,
        invitedBy: caller.member,
        email: request.body.email,
        role: request.body.role,
      });
      return reply.status(201).send(invitation);
    },
  );

  api.delete(
    '/api/config/members/invitations/:invitationId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Withdraw an invitation: its link stops working',
        params: invitationParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['INVITATION_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      await members.revokeInvitation(siteOf(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  // The invited person's two calls: POST so the secret travels in a body, never in an
  // address a log or a Referer header would keep.
  api.post(
    '/api/config/invitation',
    {
      onRequest: linkLimit,
      preValidation: requireCrumb,
      schema: {
        tags: ['editor'],
        summary: 'What an invitation link offers (site, email, role); it is not spent',
        body: invitationLookupSchema,
        response: {
          200: invitationPreviewSchema,
          ...errorResponses(sessionWriteCodes, ['INVITATION_INVALID']),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return members.preview((await websiteOf(request)).id, request.body.token);
    },
  );

  api.post(
    '/api/config/invitation/accept',
    {
      onRequest: linkLimit,
      preValidation: requireCrumb,
      schema: {
        tags: ['editor'],
        summary: 'Accept an invitation: choose a password, become a member, and sign in',
        body: invitationAcceptSchema,
        response: {
          201: sessionStateSchema,
          ...errorResponses(sessionWriteCodes, [
            'INVITATION_INVALID',
            'MEMBER_INVALID',
            'MEMBER_EXISTS',
          ]),
        },
      },
    },
    async (request, reply) => {
      const website = await websiteOf(request);
      const session = await members.accept(website.id, request.body);
      setSessionCookie(request, reply, session);
      return reply
        .status(201)
        .send(signedInState(request, reply, { session, websiteId: website.id }));
    },
  );
}
