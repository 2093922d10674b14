import {
  demoContentPreviewSchema,
  demoContentRemovalSchema,
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { DemoContentService } from './demo-content.service.ts';

// Removing the demo deletes products, pages and settings at once: the site's owner and
// administrators decide that, not editors or store managers, and no key limited by scopes.
const codes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const tags = ['demo content'];

export function registerDemoContentRoutes(
  app: FastifyInstance,
  deps: { demoContent: DemoContentService; requireApiKey: RequireApiKey },
) {
  const { demoContent, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireApiKey({ can: 'demo-content.remove' });

  api.get(
    '/api/demo-content',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'What removing the demo content would delete, and what it would keep',
        response: { 200: demoContentPreviewSchema, ...errorResponses(codes) },
      },
    },
    async (request) => demoContent.preview(callerOf(request).website.id),
  );

  api.post(
    '/api/demo-content/remove',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Remove the demo content in one step; calling it again removes nothing',
        response: {
          200: demoContentRemovalSchema,
          ...errorResponses(codes, sessionWriteCodes),
        },
      },
    },
    async (request) => demoContent.remove(callerOf(request).website.id),
  );
}
