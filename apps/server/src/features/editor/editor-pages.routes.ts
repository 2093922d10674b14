import {
  draftSaveSchema,
  editorPageSchema,
  errorResponses,
  pageCreateSchema,
  pageListSchema,
  pageParamsSchema,
  pageSettingsSchema,
  publishSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import { can } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { EditorPagesService } from './editor-pages.service.ts';

const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;
const pageSettingsCodes = [
  'PAGE_NOT_FOUND',
  'URL_RESERVED',
  'PAGE_URL_INVALID',
  'URL_TAKEN',
  'HOME_PAGE_FIXED',
  'NOT_A_FOLDER',
  'PUBLISH_FIRST',
  'SOCIAL_IMAGE_MISSING',
  'EDIT_CONFLICT',
] as const;
const publishCodes = [
  'PAGE_NOT_FOUND',
  'EDIT_CONFLICT',
  'URL_TAKEN',
  'SCHEDULE_IN_PAST',
  'SCHEDULE_LIVE_PAGE',
] as const;

export function registerEditorPagesRoutes(
  app: FastifyInstance,
  deps: { pages: EditorPagesService; requireMember: RequireMember },
) {
  const { pages, requireMember } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireMember({ can: 'pages.read' });
  // Writes need the CSRF crumb first, then the capability; publishing its own.
  const write = [requireCrumb, requireMember({ can: 'pages.edit' })];
  const publish = [requireCrumb, requireMember({ can: 'pages.publish' })];
  const siteOf = (request: Parameters<typeof editorCallerOf>[0]) =>
    editorCallerOf(request).website.id;
  // A draft editor's line inside pages.edit (core's pageChangeNeedsPublish).
  const canPublish = (request: Parameters<typeof editorCallerOf>[0]) =>
    can(editorCallerOf(request).member.role, 'pages.publish');

  api.get(
    '/api/config/pages',
    {
      preValidation: readers,
      schema: {
        tags: ['editor'],
        summary: 'Pages in main-navigation order, with their status',
        response: { 200: pageListSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { pages: await pages.list(siteOf(request)) };
    },
  );

  api.post(
    '/api/config/pages',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Add a page: a draft at the end of the navigation, not public until published',
        body: pageCreateSchema,
        response: {
          201: editorPageSchema,
          ...errorResponses(writeCodes, [
            'URL_RESERVED',
            'PAGE_URL_INVALID',
            'URL_TAKEN',
            'NOT_A_FOLDER',
          ]),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await pages.create(siteOf(request), request.body, { canPublish: canPublish(request) }),
        ),
  );

  api.get(
    '/api/config/pages/:pageId',
    {
      preValidation: readers,
      schema: {
        tags: ['editor'],
        summary: "A page's draft, settings, and the images and products its blocks show",
        params: pageParamsSchema,
        response: { 200: editorPageSchema, ...errorResponses(signedInCodes, ['PAGE_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return pages.get(siteOf(request), request.params.pageId);
    },
  );

  api.patch(
    '/api/config/pages/:pageId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Page settings: title, URL slug, SEO description, status',
        params: pageParamsSchema,
        body: pageSettingsSchema,
        response: { 200: editorPageSchema, ...errorResponses(writeCodes, pageSettingsCodes) },
      },
    },
    async (request) =>
      pages.updateSettings(siteOf(request), request.params.pageId, request.body, {
        canPublish: canPublish(request),
      }),
  );

  api.put(
    '/api/config/pages/:pageId/draft',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: "Save the page's draft blocks (at most 60); the public page does not change",
        params: pageParamsSchema,
        body: draftSaveSchema,
        response: {
          200: editorPageSchema,
          ...errorResponses(writeCodes, [
            'PAGE_NOT_FOUND',
            'EDIT_CONFLICT',
            'TOO_MANY_BLOCKS',
            'SECTION_IMAGE_MISSING',
            'LINK_INVALID',
            'UNREADABLE_BLOCK_CHANGED',
          ]),
        },
      },
    },
    async (request) => pages.saveDraft(siteOf(request), request.params.pageId, request.body),
  );

  api.post(
    '/api/config/pages/:pageId/publish',
    {
      preValidation: publish,
      schema: {
        tags: ['editor'],
        summary: 'Make the saved draft live now, or at a time (Scheduled)',
        params: pageParamsSchema,
        body: publishSchema,
        response: { 200: editorPageSchema, ...errorResponses(writeCodes, publishCodes) },
      },
    },
    async (request) => pages.publish(siteOf(request), request.params.pageId, request.body),
  );

  api.delete(
    '/api/config/pages/:pageId',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Delete a page (not the home page)',
        params: pageParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(writeCodes, ['PAGE_NOT_FOUND', 'HOME_PAGE_FIXED']),
        },
      },
    },
    async (request, reply) => {
      await pages.remove(siteOf(request), request.params.pageId, {
        canPublish: canPublish(request),
      });
      return reply.status(204).send(null);
    },
  );
}
