import {
  errorResponses,
  headerFooterSaveSchema,
  headerFooterSchema,
  sessionWriteCodes,
  signedInCodes,
  siteFrameSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCrumb } from '../../http/csrf.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { NavigationService } from '../navigation/navigation.service.ts';
import type { PreferencesService } from '../preferences/preferences.service.ts';
import type { HeaderFooterService } from './header-footer.service.ts';

/** The site header and footer blocks (issue 7): read with pages, changed with design.edit. */
export function registerHeaderFooterRoutes(
  app: FastifyInstance,
  deps: {
    headerFooter: HeaderFooterService;
    navigation: Pick<NavigationService, 'getPublicNavigation'>;
    preferences: Pick<PreferencesService, 'checkout'>;
    requireMember: RequireMember;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = deps.requireMember({ can: 'pages.read' });
  const designers = deps.requireMember({ can: 'design.edit' });

  api.get(
    '/api/site-header-footer',
    {
      preValidation: readers,
      schema: {
        tags: ['editor'],
        summary: "The site's header and footer blocks, shown on every public page",
        response: { 200: headerFooterSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.headerFooter.get(editorCallerOf(request).website.id);
    },
  );

  api.put(
    '/api/site-header-footer',
    {
      // The CSRF crumb first, then a session with an editing role.
      preValidation: [requireCrumb, designers],
      schema: {
        tags: ['editor'],
        summary: 'Save the header and footer blocks (at most 60 each); live at once',
        body: headerFooterSaveSchema,
        response: {
          200: headerFooterSchema,
          ...errorResponses(signedInCodes, sessionWriteCodes, [
            'EDIT_CONFLICT',
            'TOO_MANY_BLOCKS',
            'SECTION_IMAGE_MISSING',
            'LINK_INVALID',
            'UNREADABLE_BLOCK_CHANGED',
          ]),
        },
      },
    },
    async (request) => deps.headerFooter.save(editorCallerOf(request).website.id, request.body),
  );

  api.get(
    '/api/config/site-frame',
    {
      preValidation: readers,
      schema: {
        tags: ['editor'],
        summary: "What frames a page on the editor's canvas: title, menu, header and footer",
        response: { 200: siteFrameSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { website } = editorCallerOf(request);
      const [navigation, checkout, headerFooter] = await Promise.all([
        // The editor previews the site as its members see it: member areas' pages too.
        deps.navigation.getPublicNavigation(website.id, 'all'),
        deps.preferences.checkout(website.id),
        deps.headerFooter.forStorefront(website.id),
      ]);
      return {
        title: website.title,
        description: website.description,
        language: website.language,
        currency: website.storeCurrency,
        useCLDRMoneyFormat: website.useCLDRMoneyFormat,
        isExpressCheckout: checkout.isExpressCheckout,
        navigation,
        headerFooter,
      };
    },
  );
}
