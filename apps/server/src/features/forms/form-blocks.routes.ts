import {
  blockDefinitions,
  errorResponses,
  productFormChoicesSchema,
  signedInCodes,
  type TemplateSchemaResponse,
  templateSchemaQuerySchema,
  templateSchemaResponseSchema,
} from '@atelier/contract';
import { formSubmissionMessages } from '@atelier/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail } from '../../http/errors.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';

/** Each block type's data as JSON Schema, made once: the definitions never change at run time. */
const templateSchemas = new Map<string, TemplateSchemaResponse>(
  blockDefinitions.map((definition) => [
    definition.type,
    {
      type: definition.type,
      version: definition.version,
      // Refinements and transforms have no JSON Schema form; their base types stand in.
      schema: z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as Record<
        string,
        unknown
      >,
    },
  ]),
);

export function registerFormBlockRoutes(
  app: FastifyInstance,
  deps: {
    listForms: (websiteId: string) => Promise<{ id: string; name: string }[]>;
    requireMember: RequireMember;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/template/GetTemplateSchema',
    {
      schema: {
        tags: ['forms'],
        summary: "A block type's data as JSON Schema (SPEC §7), such as type=form",
        querystring: templateSchemaQuerySchema,
        response: {
          200: templateSchemaResponseSchema,
          ...errorResponses(['BLOCK_TYPE_NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const found = templateSchemas.get(request.query.type);
      if (!found) {
        throw fail(
          'BLOCK_TYPE_NOT_FOUND',
          formSubmissionMessages.unknownBlockType(request.query.type),
        );
      }
      return found;
    },
  );

  // Page editors pick a form for a form or newsletter block; the catalog's list of forms
  // is for store managers, so editors read the same names here.
  api.get(
    '/api/config/form-choices',
    {
      preValidation: deps.requireMember({ can: 'pages.edit' }),
      schema: {
        tags: ['editor'],
        summary: "The website's forms, to pick one for a form or newsletter block",
        response: { 200: productFormChoicesSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { forms: await deps.listForms(editorCallerOf(request).website.id) };
    },
  );
}
