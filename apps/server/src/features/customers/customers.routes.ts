import {
  customerListQuerySchema,
  customerListSchema,
  customerNoteBodySchema,
  customerParamsSchema,
  customerResponseSchema,
  errorResponses,
  sessionWriteCodes,
  signedInCodes,
  websiteParamsSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { sendCsvDownload } from '../../http/csv-download.ts';
import type { CustomersService } from './customers.service.ts';

// The merchant's customers (issue 19), beside the orders they come from and guarded the
// same way: admins and store managers, never editors; a key needs the orders area (GET
// reads, PUT writes). A customer's address is their lower-cased email, URL-encoded.
const PREFIX = '/api/content-service/commerce/1.1/websites/:websiteId';

const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const writeCodes = [...keyCodes, ...sessionWriteCodes] as const;
const tags = ['customers'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager, with the orders ' +
  'area) or the session of such a member signed in at /config; a session write also sends ' +
  'the CSRF crumb.';

export function registerCustomerRoutes(
  app: FastifyInstance,
  deps: { customers: CustomersService; requireApiKey: RequireApiKey },
) {
  const { customers, requireApiKey } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Before validation: a caller who may not use a route learns nothing of its schema.
  const guard = requireApiKey({ can: 'orders.read', scope: { area: 'orders' } });
  const noteGuard = requireApiKey({ can: 'orders.fulfill', scope: { area: 'orders' } });

  api.get(
    `${PREFIX}/customers`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Everyone who placed an order, one per email: search, sort and page',
        description: `${AUTH_NOTE} \`q\` matches part of the email or of any name the customer ordered under, in any case.`,
        params: websiteParamsSchema,
        querystring: customerListQuerySchema,
        response: { 200: customerListSchema, ...errorResponses(keyCodes) },
      },
    },
    async (request) => customers.list(callerOf(request).website.id, request.query),
  );

  // Registered before /customers/:email, which would otherwise take "export.csv" as an email.
  api.get(
    `${PREFIX}/customers/export.csv`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Every customer as CSV: orders, lifetime value, newsletter status and note',
        description: `${AUTH_NOTE} The file streams as it is read from the database.`,
        params: websiteParamsSchema,
        response: {
          200: z.string().describe('text/csv; charset=utf-8, with a byte order mark'),
          ...errorResponses(keyCodes),
        },
      },
    },
    async (request, reply) => {
      return sendCsvDownload(reply, 'customers', customers.exportCsv(callerOf(request).website.id));
    },
  );

  api.get(
    `${PREFIX}/customers/:email`,
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One customer with their orders (newest 100), address and note',
        description: AUTH_NOTE,
        params: customerParamsSchema,
        response: {
          200: customerResponseSchema,
          ...errorResponses(keyCodes, ['CUSTOMER_NOT_FOUND']),
        },
      },
    },
    async (request) => ({
      customer: await customers.get(callerOf(request).website.id, request.params.email),
    }),
  );

  api.put(
    `${PREFIX}/customers/:email/note`,
    {
      preValidation: noteGuard,
      schema: {
        tags,
        summary: "Replace the merchant's note on a customer; an empty note removes it",
        description: AUTH_NOTE,
        params: customerParamsSchema,
        body: customerNoteBodySchema,
        response: {
          200: customerResponseSchema,
          ...errorResponses(writeCodes, ['CUSTOMER_NOT_FOUND']),
        },
      },
    },
    async (request) => {
      const { member, key, website } = callerOf(request);
      return {
        customer: await customers.saveNote({
          websiteId: website.id,
          email: request.params.email,
          note: request.body.note,
          actor: member ? member.email : `API key ${key?.name ?? ''}`.trim(),
        }),
      };
    },
  );
}
