import {
  draftSaveSchema,
  editorPageSchema,
  errorBodySchema,
  pageCreateSchema,
  pageListSchema,
  pageParamsSchema,
  pageSettingsSchema,
  publishSchema,
} from '@atelier/contract';
import { Role } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { EditorPagesService } from './editor-pages.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Roles that edit content; settings and members are the admin's alone (auth.routes.ts). */
export const CONTENT_EDITORS: readonly Role[] = [Role.admin, Role.editor];

export function registerEditorPagesRoutes(
  app: FastifyInstance,
  deps: { pages: EditorPagesService; requireMember: RequireMember },
) {
  const { pages, requireMember } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const editors = requireMember({ roles: CONTENT_EDITORS });
  // Reads need a session; writes need the CSRF crumb first, then a session.
  const write = [requireCrumb, editors];
  const siteOf = (request: Parameters<typeof editorCallerOf>[0]) =>
    editorCallerOf(request).website.id;

  api.get(
    '/api/config/pages',
    {
      preHandler: editors,
      schema: {
        tags: ['editor'],
        summary: 'Pages in main-navigation order, with their status',
        response: { 200: pageListSchema, ...errors },
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
      preHandler: write,
      schema: {
        tags: ['editor'],
        summary: 'Add a page: a draft at the end of the navigation, not public until published',
        body: pageCreateSchema,
        response: { 201: editorPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await pages.create(siteOf(request), request.body)),
  );

  api.get(
    '/api/config/pages/:pageId',
    {
      preHandler: editors,
      schema: {
        tags: ['editor'],
        summary: "A page's draft, settings, and the images and products its blocks show",
        params: pageParamsSchema,
        response: { 200: editorPageSchema, ...errors },
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
      preHandler: write,
      schema: {
        tags: ['editor'],
        summary: 'Page settings: title, URL slug, SEO description, status',
        params: pageParamsSchema,
        body: pageSettingsSchema,
        response: { 200: editorPageSchema, ...errors },
      },
    },
    async (request) => pages.updateSettings(siteOf(request), request.params.pageId, request.body),
  );

  api.put(
    '/api/config/pages/:pageId/draft',
    {
      preHandler: write,
      schema: {
        tags: ['editor'],
        summary: "Save the page's draft blocks (at most 60); the public page does not change",
        params: pageParamsSchema,
        body: draftSaveSchema,
        response: { 200: editorPageSchema, ...errors },
      },
    },
    async (request) => pages.saveDraft(siteOf(request), request.params.pageId, request.body),
  );

  api.post(
    '/api/config/pages/:pageId/publish',
    {
      preHandler: write,
      schema: {
        tags: ['editor'],
        summary: 'Make the saved draft live now, or at a time (Scheduled)',
        params: pageParamsSchema,
        body: publishSchema,
        response: { 200: editorPageSchema, ...errors },
      },
    },
    async (request) => pages.publish(siteOf(request), request.params.pageId, request.body),
  );

  api.delete(
    '/api/config/pages/:pageId',
    {
      preHandler: write,
      schema: {
        tags: ['editor'],
        summary: 'Delete a page (not the home page)',
        params: pageParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await pages.remove(siteOf(request), request.params.pageId);
      return reply.status(204).send(null);
    },
  );
}
