import {
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  createdApiKeySchema,
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { ApiKeyService } from './api-keys.service.ts';

// A key names its website in the path; another website's id is an address that is not here.
const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;

/** Managing keys is the website admin's: a key of any other role cannot mint a stronger one. */
export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeyService; requireApiKey: RequireApiKey },
) {
  const { apiKeys, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before validation, as the catalog's: a caller who may not use a route learns nothing of it.
  const adminOnly = requireApiKey({ can: 'api-keys.manage' });

  api.get(
    '/api/api-keys',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['api keys'],
        summary: "The website's API keys (never their secrets)",
        response: { 200: apiKeyListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({ keys: await apiKeys.list(callerOf(request).website.id) }),
  );

  api.post(
    '/api/api-keys',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['api keys'],
        summary: 'Create a key; its secret is in this response and nowhere else',
        body: apiKeyCreateSchema,
        response: { 201: createdApiKeySchema, ...errorResponses(keyCodes, sessionWriteCodes) },
      },
    },
    async (request, reply) => {
      const created = await apiKeys.create({
        websiteId: callerOf(request).website.id,
        ...request.body,
      });
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/api/api-keys/:keyId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['api keys'],
        summary: 'Revoke a key: it stops working at once',
        params: apiKeyParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(keyCodes, sessionWriteCodes, ['API_KEY_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(callerOf(request).website.id, request.params.keyId);
      return reply.status(204).send(null);
    },
  );
}
