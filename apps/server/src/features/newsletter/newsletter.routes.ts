import {
  errorResponses,
  mailingListBodySchema,
  mailingListChoicesSchema,
  mailingListListSchema,
  mailingListParamsSchema,
  mailingListSchema,
  SUBSCRIBER_IMPORT_MAX_BYTES,
  sessionWriteCodes,
  signedInCodes,
  subscriberAddBodySchema,
  subscriberImportBodySchema,
  subscriberImportResultSchema,
  subscriberListQuerySchema,
  subscriberListSchema,
  subscriberParamsSchema,
  subscriberSchema,
  subscriberUpdateBodySchema,
} from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { fileNamePart, sendCsvDownload } from '../../http/csv-download.ts';
import { editorCallerOf, type RequireMember } from '../auth/member-guard.ts';
import type { NewsletterService } from './newsletter.service.ts';

// Mailing lists and their subscribers (issue 21) under /api/newsletter/1.0. Subscribers
// are visitors' personal data, guarded as form submissions and customers are: admins and
// store managers, and a key needs the forms area (GET reads; the rest writes).

export const NEWSLETTER_PREFIX = '/api/newsletter/1.0';
const codes = [...signedInCodes] as const;
const writeCodes = [...signedInCodes, ...sessionWriteCodes] as const;
const tags = ['newsletter'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager, with the forms area) or the session of such a member signed in at /config; a session write also sends the CSRF crumb.';

export function registerNewsletterRoutes(
  app: FastifyInstance,
  deps: {
    newsletter: NewsletterService;
    requireApiKey: RequireApiKey;
    requireMember: RequireMember;
  },
) {
  const { newsletter, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireApiKey({ can: 'mailing-lists.manage', scope: { area: 'forms' } });
  const site = (request: FastifyRequest) => callerOf(request).website.id;
  const lists = `${NEWSLETTER_PREFIX}/lists`;
  const one = `${lists}/:listId`;

  // Page editors pick a list for a newsletter block: names only, no addresses, so any
  // content editor may read them (the lists themselves are for admins and store managers).
  api.get(
    '/api/config/mailing-list-choices',
    {
      preValidation: deps.requireMember({ can: 'pages.edit' }),
      schema: {
        tags: ['editor'],
        summary: "The website's mailing lists, to pick one for a newsletter block",
        response: { 200: mailingListChoicesSchema, ...errorResponses(signedInCodes) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { lists } = await newsletter.lists(editorCallerOf(request).website.id);
      return { lists: lists.map(({ id, name }) => ({ id, name })) };
    },
  );

  api.get(
    lists,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "The website's mailing lists with how many addresses each holds by status",
        description: AUTH_NOTE,
        response: { 200: mailingListListSchema, ...errorResponses(codes) },
      },
    },
    async (request) => newsletter.lists(site(request)),
  );

  api.post(
    lists,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a mailing list',
        description: AUTH_NOTE,
        body: mailingListBodySchema,
        response: {
          201: mailingListSchema,
          ...errorResponses(writeCodes, ['MAILING_LIST_NAME_TAKEN']),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await newsletter.createList(site(request), request.body)),
  );

  api.get(
    one,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One mailing list',
        description: AUTH_NOTE,
        params: mailingListParamsSchema,
        response: { 200: mailingListSchema, ...errorResponses(codes, ['MAILING_LIST_NOT_FOUND']) },
      },
    },
    async (request) => newsletter.getList(site(request), request.params.listId),
  );

  api.put(
    one,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Rename a mailing list or change its description',
        description: AUTH_NOTE,
        params: mailingListParamsSchema,
        body: mailingListBodySchema,
        response: {
          200: mailingListSchema,
          ...errorResponses(writeCodes, ['MAILING_LIST_NOT_FOUND', 'MAILING_LIST_NAME_TAKEN']),
        },
      },
    },
    async (request) => newsletter.updateList(site(request), request.params.listId, request.body),
  );

  api.delete(
    one,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete a mailing list and every address on it',
        description: `${AUTH_NOTE} Newsletter blocks that used it ask for a list again in the editor; until then their sign-ups go to the form's inbox only.`,
        params: mailingListParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(writeCodes, ['MAILING_LIST_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      await newsletter.deleteList(site(request), request.params.listId);
      return reply.status(204).send(null);
    },
  );

  api.get(
    `${one}/subscribers`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "A list's subscribers, newest first: search, status filter and pages",
        description: `${AUTH_NOTE} \`q\` matches part of the address or name, in any case.`,
        params: mailingListParamsSchema,
        querystring: subscriberListQuerySchema,
        response: {
          200: subscriberListSchema,
          ...errorResponses(codes, ['MAILING_LIST_NOT_FOUND']),
        },
      },
    },
    async (request) => newsletter.subscribers(site(request), request.params.listId, request.query),
  );

  // Registered before /subscribers/:subscriberId, which would otherwise take "export.csv".
  api.get(
    `${one}/subscribers/export.csv`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Every address of a list as CSV',
        description: `${AUTH_NOTE} Columns: email, name, status, source, added at, subscribed at, unsubscribed at. Cells starting with = + - @ are guarded against spreadsheet formulas.`,
        params: mailingListParamsSchema,
        response: {
          200: z.string().describe('text/csv; charset=utf-8, with a byte order mark'),
          ...errorResponses(codes, ['MAILING_LIST_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      const { listName, lines } = await newsletter.exportCsv(site(request), request.params.listId);
      return sendCsvDownload(reply, fileNamePart(listName, 'mailing-list'), lines);
    },
  );

  api.post(
    `${one}/subscribers`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Add one address you have permission to email (subscribed at once)',
        description: `${AUTH_NOTE} An address that unsubscribed is not put back: only its owner can sign up again.`,
        params: mailingListParamsSchema,
        body: subscriberAddBodySchema,
        response: {
          201: subscriberSchema,
          ...errorResponses(writeCodes, [
            'MAILING_LIST_NOT_FOUND',
            'SUBSCRIBER_EMAIL_INVALID',
            'SUBSCRIBER_EXISTS',
          ]),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await newsletter.addSubscriber(site(request), request.params.listId, request.body)),
  );

  api.post(
    `${one}/import`,
    {
      preValidation: guard,
      // The CSV travels inside JSON: up to 5 MB of it, with room for escaping.
      bodyLimit: SUBSCRIBER_IMPORT_MAX_BYTES * 2,
      schema: {
        tags,
        summary: 'Import addresses from CSV (a header row with an email column, optional name)',
        description: `${AUTH_NOTE} Only import people who agreed to hear from you: they are subscribed without a confirmation email. Addresses that unsubscribed or bounced are left as they are; rows that are not addresses are reported by line.`,
        params: mailingListParamsSchema,
        body: subscriberImportBodySchema,
        response: {
          200: subscriberImportResultSchema,
          ...errorResponses(writeCodes, ['MAILING_LIST_NOT_FOUND', 'SUBSCRIBER_IMPORT_INVALID']),
        },
      },
    },
    async (request) => newsletter.importCsv(site(request), request.params.listId, request.body.csv),
  );

  api.patch(
    `${one}/subscribers/:subscriberId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Unsubscribe an address',
        description: AUTH_NOTE,
        params: subscriberParamsSchema,
        body: subscriberUpdateBodySchema,
        response: {
          200: subscriberSchema,
          ...errorResponses(writeCodes, ['SUBSCRIBER_NOT_FOUND']),
        },
      },
    },
    async (request) =>
      newsletter.unsubscribe(site(request), request.params.listId, request.params.subscriberId),
  );

  api.delete(
    `${one}/subscribers/:subscriberId`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Delete an address and everything known of it on this list',
        description: `${AUTH_NOTE} Deleting forgets that the address unsubscribed: a later import could add it again. Unsubscribe instead to keep them off the list.`,
        params: subscriberParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(writeCodes, ['SUBSCRIBER_NOT_FOUND']),
        },
      },
    },
    async (request, reply) => {
      await newsletter.deleteSubscriber(
        site(request),
        request.params.listId,
        request.params.subscriberId,
      );
      return reply.status(204).send(null);
    },
  );
}
