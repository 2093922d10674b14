import {
  errorResponses,
  formAdminListSchema,
  formAdminParamsSchema,
  formAdminSchema,
  formInputSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import type { FormsAdminService } from './forms-admin.service.ts';

// The form builder's API (issue 20). Forms are the site's content as much as its store's
// (contact forms on pages, additional-fields forms on products), so admins, editors and
// store managers may build them; a key needs the forms area (read for GET, write else).
const PREFIX = '/api/content-service/forms/1.1/websites/:websiteId/forms';
const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['forms'];

const websiteParams = formAdminParamsSchema.pick({ websiteId: true });

export function registerFormsAdminRoutes(
  app: FastifyInstance,
  deps: { formsAdmin: FormsAdminService; requireApiKey: RequireApiKey },
) {
  const { formsAdmin, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readGuard = requireApiKey({ can: 'forms.read', scope: { area: 'forms' } });
  const guard = requireApiKey({ can: 'forms.edit', scope: { area: 'forms' } });
  const websiteOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).website.id;

  api.get(
    PREFIX,
    {
      preValidation: readGuard,
      schema: {
        tags,
        summary: "The website's forms with their submission and unread counts",
        params: websiteParams,
        response: { 200: formAdminListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => ({ forms: await formsAdmin.list(websiteOf(request)) }),
  );

  api.get(
    `${PREFIX}/:formId`,
    {
      preValidation: readGuard,
      schema: {
        tags,
        summary: 'One form with its fields and settings',
        params: formAdminParamsSchema,
        response: { 200: formAdminSchema, ...errorResponses(keyCodes, ['FORM_NOT_FOUND']) },
      },
    },
    async (request) => formsAdmin.get(websiteOf(request), request.params.formId),
  );

  api.post(
    PREFIX,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a form; post-submit HTML is sanitized',
        params: websiteParams,
        body: formInputSchema,
        response: { 201: formAdminSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await formsAdmin.create(websiteOf(request), request.body)),
  );

  api.put(
    `${PREFIX}/:formId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Replace a form’s fields and settings; its submissions are kept',
        params: formAdminParamsSchema,
        body: formInputSchema,
        response: { 200: formAdminSchema, ...errorResponses(writeCodes, ['FORM_NOT_FOUND']) },
      },
    },
    async (request) => formsAdmin.update(websiteOf(request), request.params.formId, request.body),
  );

  api.post(
    `${PREFIX}/:formId/duplicate`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Copy a form with its fields and settings, without its submissions',
        params: formAdminParamsSchema,
        response: { 201: formAdminSchema, ...errorResponses(writeCodes, ['FORM_NOT_FOUND']) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await formsAdmin.duplicate(websiteOf(request), request.params.formId)),
  );

  api.delete(
    `${PREFIX}/:formId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary:
          'Delete a form and its submissions; products that asked for it no longer ask for extra fields',
        params: formAdminParamsSchema,
        response: { 204: z.null(), ...errorResponses(writeCodes, ['FORM_NOT_FOUND']) },
      },
    },
    async (request, reply) => {
      await formsAdmin.remove(websiteOf(request), request.params.formId);
      return reply.status(204).send(null);
    },
  );
}
