import {
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
  siteLayoutSchema,
  updateNavigationSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { NavigationService } from './navigation.service.ts';

/** SPEC §4's navigation calls, for members who edit content. */
export function registerNavigationRoutes(
  app: FastifyInstance,
  deps: { navigation: NavigationService; requireMember: RequireMember },
) {
  const { navigation, requireMember } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireMember({ can: 'pages.read' });
  const editors = requireMember({ can: 'navigation.edit' });

  api.get(
    '/api/commondata/GetSiteLayout',
    {
      preValidation: readers,
      schema: {
        tags: ['editor'],
        summary: "The site's navigations: mainNavigation first, then _hidden (not in the menu)",
        response: { 200: siteLayoutSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return navigation.getSiteLayout(editorCallerOf(request).website.id);
    },
  );

  api.post(
    '/api/widget/UpdateNavigation',
    {
      preValidation: [requireCrumb, editors],
      schema: {
        tags: ['editor'],
        summary: 'Replace one navigation: order, nesting in folders, and what is in the menu',
        description:
          'The listed items make up the navigation named by fieldName, in order; a page that ' +
          'was in it and is not listed moves to _hidden (still reachable by its URL). Folders ' +
          'hold pages one level deep. Saved in one transaction; answers the new layout.',
        body: updateNavigationSchema,
        response: {
          200: siteLayoutSchema,
          ...errorResponses(signedInCodes, sessionWriteCodes, [
            'NAVIGATION_INVALID',
            'LINK_INVALID',
          ]),
        },
      },
    },
    async (request) => navigation.update(editorCallerOf(request).website.id, request.body),
  );
}
