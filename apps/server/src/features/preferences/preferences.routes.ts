import {
  errorResponses,
  preferenceParamsSchema,
  preferencesResponseSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { PreferencesService } from './preferences.service.ts';

export function registerPreferencesRoutes(
  app: FastifyInstance,
  deps: { preferences: PreferencesService; requireApiKey: RequireApiKey },
) {
  const { preferences, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;

  api.get(
    '/api/v1/commerce-preferences/:namespace',
    {
      preValidation: requireApiKey({ can: 'store.manage' }),
      schema: {
        tags: ['preferences'],
        summary: 'Commerce preferences of one namespace (e.g. checkout)',
        params: preferenceParamsSchema,
        response: { 200: preferencesResponseSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => {
      const { website } = callerOf(request);
      const { namespace } = request.params;
      return { namespace, preferences: await preferences.get(website.id, namespace) };
    },
  );

  api.put(
    '/api/v1/commerce-preferences/:namespace',
    {
      // A bearer key is not a cookie a browser sends by itself, so no CSRF crumb here.
      preValidation: requireApiKey({ can: 'store.manage' }),
      schema: {
        tags: ['preferences'],
        summary: 'Replace the commerce preferences of one namespace',
        params: preferenceParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: preferencesResponseSchema,
          ...errorResponses(keyCodes, sessionWriteCodes, ['SETTINGS_INVALID']),
        },
      },
    },
    async (request) => {
      const { website } = callerOf(request);
      const { namespace } = request.params;
      return { namespace, preferences: await preferences.put(website.id, namespace, request.body) };
    },
  );
}
