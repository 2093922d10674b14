import {
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
  createdApiKeySchema,
  errorBodySchema,
} from '@atelier/contract';
import { Role } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { ApiKeyService } from './api-keys.service.ts';

const guardedErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Managing keys is the website admin's: a key of any other role cannot mint a stronger one. */
export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeyService; requireApiKey: RequireApiKey },
) {
  const { apiKeys, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireApiKey({ roles: [Role.admin] });

  api.get(
    '/api/api-keys',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['api keys'],
        summary: "The website's API keys (never their secrets)",
        response: { 200: apiKeyListSchema, ...guardedErrors },
      },
    },
    async (request) => ({ keys: await apiKeys.list(callerOf(request).website.id) }),
  );

  api.post(
    '/api/api-keys',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['api keys'],
        summary: 'Create a key; its secret is in this response and nowhere else',
        body: apiKeyCreateSchema,
        response: { 201: createdApiKeySchema, ...guardedErrors },
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
      preHandler: adminOnly,
      schema: {
        tags: ['api keys'],
        summary: 'Revoke a key: it stops working at once',
        params: apiKeyParamsSchema,
        response: { 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await apiKeys.revoke(callerOf(request).website.id, request.params.keyId);
      return reply.status(204).send(null);
    },
  );
}
