import {
  analyticsPreferencesSchema,
  analyticsSettingsUpdateSchema,
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
import type { PreferencesService } from '../preferences/preferences.service.ts';
import type { WebsiteService } from './website.service.ts';

/**
 * The editor's Settings screen: site title and description, and cookies & analytics (issue
 * 24), for those who manage the site's settings only.
 */
export function registerSiteSettingsRoutes(
  app: FastifyInstance,
  deps: { websites: WebsiteService; preferences: PreferencesService; requireMember: RequireMember },
) {
  const { websites, preferences, requireMember } = deps;
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

  const readCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;

  api.get(
    '/api/config/settings/analytics',
    {
      preValidation: admins,
      schema: {
        tags: ['editor'],
        summary: 'Visitor analytics, the cookie banner and cart events: on or off',
        response: { 200: analyticsPreferencesSchema, ...errorResponses(readCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return preferences.analytics(editorCallerOf(request).website.id);
    },
  );

  api.patch(
    '/api/config/settings/analytics',
    {
      preValidation: [requireCrumb, admins],
      schema: {
        tags: ['editor'],
        summary: 'Turn visitor analytics, the cookie banner or cart events on or off',
        description:
          'Only the fields sent change. Public pages are re-rendered, so the storefront shows or drops the banner and the collector at once.',
        body: analyticsSettingsUpdateSchema,
        response: {
          200: analyticsPreferencesSchema,
          ...errorResponses(readCodes, sessionWriteCodes, ['SETTINGS_INVALID']),
        },
      },
    },
    async (request) => {
      const websiteId = editorCallerOf(request).website.id;
      const current = await preferences.analytics(websiteId);
      return (await preferences.put(websiteId, 'analytics', {
        ...current,
        ...request.body,
      })) as typeof current;
    },
  );
}
