import {
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
  siteSettingsSchema,
  siteSettingsUpdateSchema,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCrumb } from '../../http/csrf.ts';
import { fail } from '../../http/errors.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { WebsiteService } from './website.service.ts';

/** The editor's Settings screen: site title and description, for administrators only. */
export function registerSiteSettingsRoutes(
  app: FastifyInstance,
  deps: { websites: WebsiteService; requireMember: RequireMember },
) {
  const { websites, requireMember } = deps;
  const admins = requireMember({ can: 'settings.manage' });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/config/settings',
    {
      preValidation: admins,
      schema: {
        tags: ['editor'],
        summary: "The site's settings (admins only)",
        response: { 200: siteSettingsSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { website } = editorCallerOf(request);
      return { title: website.title, description: website.description };
    },
  );

  api.patch(
    '/api/config/settings',
    {
      preValidation: [requireCrumb, admins],
      schema: {
        tags: ['editor'],
        summary: "Change the site's title or description (admins only)",
        body: siteSettingsUpdateSchema,
        response: {
          200: siteSettingsSchema,
          ...errorResponses(signedInCodes, sessionWriteCodes, ['WEBSITE_NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const updated = await websites.updateSettings(
        editorCallerOf(request).website.id,
        request.body,
      );
      if (!updated) throw fail('WEBSITE_NOT_FOUND', editorMessages.unableToLocateContent);
      return { title: updated.title, description: updated.description };
    },
  );
}
