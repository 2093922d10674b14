import {
  errorResponses,
  formInboxParamsSchema,
  formSubmissionChangeResultSchema,
  formSubmissionDeleteBodySchema,
  formSubmissionListQuerySchema,
  formSubmissionListSchema,
  formSubmissionMarkBodySchema,
  formSubmissionParamsSchema,
  formSubmissionResponseSchema,
  sessionWriteCodes,
  signedInCodes,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { fileNamePart, sendCsvDownload } from '../../http/csv-download.ts';
import type { FormInboxService } from './form-inbox.service.ts';

// The owner's inbox of a site form (issue 20). Submissions are visitors' personal data,
// so they are guarded as orders and customers are: admins and store managers, never
// editors; a key needs the forms area (GET reads; PATCH and the delete write).
const PREFIX = '/api/content-service/forms/1.1/websites/:websiteId/forms/:formId/submissions';

const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND', 'FORM_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['forms'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager, with the forms ' +
  'area) or the session of such a member signed in at /config; a session write also sends ' +
  'the CSRF crumb.';

export function registerFormInboxRoutes(
  app: FastifyInstance,
  deps: { formInbox: FormInboxService; requireApiKey: RequireApiKey },
) {
  const { formInbox, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a caller who may not use a route learns nothing of its schema.
  const guard = requireApiKey({ can: 'submissions.manage', scope: { area: 'forms' } });

  api.get(
    PREFIX,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "A form's submissions, newest first: search, read/unread filter and pages",
        description: `${AUTH_NOTE} \`q\` matches part of any answer, of the page's address or title, in any case. The answer names the form's fields in order, to label the values.`,
        params: formInboxParamsSchema,
        querystring: formSubmissionListQuerySchema,
        response: { 200: formSubmissionListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) =>
      formInbox.list(callerOf(request).website.id, request.params.formId, request.query),
  );

  // Registered before /submissions/:submissionId, which would otherwise take "export.csv".
  api.get(
    `${PREFIX}/export.csv`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Every submission of the form as CSV, a column per field in the form's order",
        description: `${AUTH_NOTE} Columns: submitted at, page, one per field (its label), then any answers to fields since removed. Cells starting with = + - @ are guarded against spreadsheet formulas. The file streams as it is read.`,
        params: formInboxParamsSchema,
        response: {
          200: z.string().describe('text/csv; charset=utf-8, with a byte order mark'),
          ...errorResponses(keyCodes),
        },
      },
    },
    async (request, reply) => {
      const csv = await formInbox.exportCsv(callerOf(request).website.id, request.params.formId);
      return sendCsvDownload(reply, `${fileNamePart(csv.name, 'form')}-submissions`, csv.lines());
    },
  );

  api.get(
    `${PREFIX}/:submissionId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One submission with the labels of its form; reading it changes nothing',
        description: `${AUTH_NOTE} Mark it read with PATCH.`,
        params: formSubmissionParamsSchema,
        response: {
          200: formSubmissionResponseSchema,
          ...errorResponses(keyCodes, ['FORM_SUBMISSION_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      formInbox.get(
        callerOf(request).website.id,
        request.params.formId,
        request.params.submissionId,
      ),
  );

  api.patch(
    PREFIX,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Mark one or many submissions read or unread',
        description: `${AUTH_NOTE} Ids that are not submissions of this form are ignored; \`count\` says how many were.`,
        params: formInboxParamsSchema,
        body: formSubmissionMarkBodySchema,
        response: { 200: formSubmissionChangeResultSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request) =>
      formInbox.mark(
        callerOf(request).website.id,
        request.params.formId,
        request.body.ids,
        request.body.isRead,
      ),
  );

  api.post(
    `${PREFIX}/delete`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete one or many submissions for good',
        description: `${AUTH_NOTE} Ids that are not submissions of this form are ignored; \`count\` says how many were deleted.`,
        params: formInboxParamsSchema,
        body: formSubmissionDeleteBodySchema,
        response: { 200: formSubmissionChangeResultSchema, ...errorResponses(writeCodes) },
      },
    },
    async (request) =>
      formInbox.remove(callerOf(request).website.id, request.params.formId, request.body.ids),
  );

  api.delete(
    `${PREFIX}/:submissionId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete one submission for good',
        description: AUTH_NOTE,
        params: formSubmissionParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(writeCodes, ['FORM_SUBMISSION_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const { formId, submissionId } = request.params;
      await formInbox.removeOne(callerOf(request).website.id, formId, submissionId);
      return reply.status(204).send(null);
    },
  );
}
