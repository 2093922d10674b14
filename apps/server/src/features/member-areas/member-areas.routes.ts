import {
  errorResponses,
  memberAreaBodySchema,
  memberAreaListSchema,
  memberAreaParamsSchema,
  memberAreaSchema,
  pageAccessSchema,
  pageAccessUpdateSchema,
  pageParamsSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { MemberAreasService } from './member-areas.service.ts';

// /config → Member areas and a page's access settings (issue 23). Who sees a page is a
// publishing decision: the roles that may publish set it (docs/PERMISSIONS.md).

const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;

export function registerMemberAreaRoutes(
  app: FastifyInstance,
  deps: { memberAreas: MemberAreasService; requireMember: RequireMember },
) {
  const { memberAreas } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Reading is the page readers'; who may see a live page is a publishing decision.
  const readers = deps.requireMember({ can: 'pages.read' });
  const write = [requireCrumb, deps.requireMember({ can: 'pages.publish' })];
  const siteOf = (request: Parameters<typeof editorCallerOf>[0]) =>
    editorCallerOf(request).website.id;

  api.get(
    '/api/config/member-areas',
    {
      preValidation: readers,
      schema: {
        tags: ['editor'],
        summary: 'Member areas, with the pages and paywall products they may hold',
        response: { 200: memberAreaListSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return memberAreas.list(siteOf(request));
    },
  );

  api.post(
    '/api/config/member-areas',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Add a member area: its name, who gets in, and its pages and folders',
        body: memberAreaBodySchema,
        response: {
          201: memberAreaSchema,
          ...errorResponses(writeCodes, ['MEMBER_AREA_INVALID']),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await memberAreas.create(siteOf(request), request.body)),
  );

  api.put(
    '/api/config/member-areas/:memberAreaId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Change a member area; pages no longer listed leave it',
        params: memberAreaParamsSchema,
        body: memberAreaBodySchema,
        response: {
          200: memberAreaSchema,
          ...errorResponses(writeCodes, ['MEMBER_AREA_INVALID', 'MEMBER_AREA_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      memberAreas.update(siteOf(request), request.params.memberAreaId, request.body),
  );

  api.delete(
    '/api/config/member-areas/:memberAreaId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Delete a member area; its pages become open to everyone',
        params: memberAreaParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['MEMBER_AREA_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      await memberAreas.remove(siteOf(request), request.params.memberAreaId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/config/pages/:pageId/access',
    {
      preValidation: readers,
      schema: {
        tags: ['editor'],
        summary: "A page's member area and whether it has a password",
        params: pageParamsSchema,
        response: { 200: pageAccessSchema, ...errorResponses(signedInCodes, ['PAGE_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return memberAreas.pageAccess(siteOf(request), request.params.pageId);
    },
  );

  api.put(
    '/api/config/pages/:pageId/access',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: "Set or remove a page's password (stored hashed) and its member area",
        params: pageParamsSchema,
        body: pageAccessUpdateSchema,
        response: {
          200: pageAccessSchema,
          ...errorResponses(writeCodes, [
            'PAGE_NOT_FOUND',
            'PAGE_PASSWORD_INVALID',
            'MEMBER_AREA_NOT_FOUND',
          ]),
        },
      },
    },
    async (request) =>
      memberAreas.setPageAccess(siteOf(request), request.params.pageId, request.body),
  );
}
