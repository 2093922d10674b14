import {
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
  templateInvalidSchema,
  templateListSchema,
  templateParamsSchema,
  templateSavedSchema,
  templateSaveSchema,
  templateSchema,
} from '@atelier/contract';
import { templateMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { TemplatesService } from './templates.service.ts';

const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;

/**
 * Developer mode is the admin's alone: a template's HTML goes onto every public page
 * unfiltered, which is more power than an editor's blocks have.
 */

export function registerTemplatesRoutes(
  app: FastifyInstance,
  deps: { templates: TemplatesService; requireMember: RequireMember },
) {
  const { templates, requireMember } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admins = requireMember({ can: 'templates.edit' });
  // Writes need the CSRF crumb first, then an admin's session.
  const write = [requireCrumb, admins];

  api.get(
    '/api/config/templates',
    {
      preValidation: admins,
      schema: {
        tags: ['editor'],
        summary: 'Developer mode: every template slot, custom or default',
        response: { 200: templateListSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { templates: await templates.list(editorCallerOf(request).website.id) };
    },
  );

  api.get(
    '/api/config/templates/:slot',
    {
      preValidation: admins,
      schema: {
        tags: ['editor'],
        summary: "One slot's template (isCustom false: the default rendering is used)",
        params: templateParamsSchema,
        response: { 200: templateSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return templates.get(editorCallerOf(request).website.id, request.params.slot);
    },
  );

  const saveErrors = errorResponses(writeCodes);
  api.put(
    '/api/config/templates/:slot',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary:
          'Save a template; one with errors is refused with each error at its line and column',
        params: templateParamsSchema,
        body: templateSaveSchema,
        response: {
          200: templateSavedSchema,
          ...saveErrors,
          400: templateInvalidSchema.or(saveErrors[400]),
        },
      },
    },
    async (request, reply) => {
      const { website, member } = editorCallerOf(request);
      const result = await templates.save({
        websiteId: website.id,
        slot: request.params.slot,
        source: request.body.source,
        memberId: member.id,
      });
      if (!result.isSaved) {
        return reply.status(400).send({
          error: templateMessages.invalid,
          code: 'TEMPLATE_INVALID',
          templateErrors: result.diagnostics,
        });
      }
      return { ...result.template, warnings: result.warnings };
    },
  );

  api.delete(
    '/api/config/templates/:slot',
    {
      preValidation: write,
      schema: {
        tags: ['editor'],
        summary: 'Remove the custom template: the slot returns to the default rendering',
        params: templateParamsSchema,
        response: { 200: templateSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request) => templates.remove(editorCallerOf(request).website.id, request.params.slot),
  );
}
