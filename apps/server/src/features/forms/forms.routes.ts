import {
  errorResponses,
  formAnswersSchema,
  formIdParamsSchema,
  formValidationResponseSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebsiteResolver } from '../../http/website-resolver.ts';
import type { FormsService } from './forms.service.ts';

export function registerFormsRoutes(
  app: FastifyInstance,
  deps: { forms: FormsService; websiteOf: WebsiteResolver },
) {
  const { forms, websiteOf } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Checking answers changes nothing, so it needs no CSRF crumb; the add that stores
  // them checks again.
  api.post(
    '/api/rest/forms/validate/:formId',
    {
      schema: {
        tags: ['forms'],
        summary: 'Check answers against a form; failures map field id to message',
        params: formIdParamsSchema,
        body: formAnswersSchema,
        response: {
          200: formValidationResponseSchema,
          ...errorResponses(['FORM_NOT_FOUND', 'FORM_INVALID']),
        },
      },
    },
    async (request) => {
      const website = await websiteOf(request);
      const form = await forms.getForm(website.id, request.params.formId);
      forms.checkAnswers(form, request.body);
      return { ok: true as const };
    },
  );
}
