import { PassThrough, Readable } from 'node:stream';
import {
  csvImportReportSchema,
  errorResponses,
  MAX_PRODUCT_CSV_BYTES,
  productCsvImportQuerySchema,
  sessionWriteCodes,
  signedInCodes,
  websiteParamsSchema,
} from '@atelier/contract';
import { type CsvRecord, createCsvReader, productCsvMessages } from '@atelier/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, type RequireApiKey } from '../../http/auth.ts';
import { fail } from '../../http/errors.ts';
import type { ProductCsv } from './product-csv.ts';

// Products as CSV (issue 18), beside the catalog admin's routes and guarded the same way:
// admins and store managers, by key or by session (with the crumb on the import).

const PREFIX = '/api/content-service/product/1.1/websites/:websiteId';
const tags = ['catalog admin'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer atl_…` (a key of an admin or store manager) or the session ' +
  'of such a member signed in at /config; a session write also sends the CSRF crumb.';
/** A website id in the path that is not the Host's website answers 404, as on every catalog route. */
const keyCodes = [...signedInCodes, 'ROUTE_NOT_FOUND'] as const;
const MAX_MEGABYTES = MAX_PRODUCT_CSV_BYTES / 1024 / 1024;

/** The body as CSV records, read as it arrives: the file is never one string in memory. */
async function readCsvBody(request: FastifyRequest, payload: NodeJS.ReadableStream) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_PRODUCT_CSV_BYTES) {
    throw fail('PAYLOAD_TOO_LARGE', productCsvMessages.fileTooLarge(MAX_MEGABYTES));
  }
  const reader = createCsvReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const records: CsvRecord[] = [];
  let size = 0;
  try {
    for await (const chunk of payload) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      if (size > MAX_PRODUCT_CSV_BYTES) {
        throw fail('PAYLOAD_TOO_LARGE', productCsvMessages.fileTooLarge(MAX_MEGABYTES));
      }
      records.push(...reader.push(decoder.decode(bytes, { stream: true })));
    }
    records.push(...reader.push(decoder.decode()));
  } catch (error) {
    if (error instanceof TypeError) throw fail('CSV_INVALID', productCsvMessages.notUtf8);
    throw error;
  }
  const last = reader.end();
  if (last.problem) throw fail('CSV_INVALID', last.problem.message);
  return { records: [...records, ...last.records] };
}

const csvBodySchema = z.object({
  records: z.array(z.object({ line: z.number(), cells: z.array(z.string()) })),
});

export function registerProductCsvRoutes(
  app: FastifyInstance,
  deps: { productCsv: ProductCsv; requireApiKey: RequireApiKey },
) {
  const { productCsv, requireApiKey } = deps;
  // Before validation: a caller who may not use a route learns nothing of its schema.
  const readGuard = requireApiKey({ can: 'products.read', scope: { area: 'products' } });
  const writeGuard = requireApiKey({ can: 'products.write', scope: { area: 'products' } });

  // Its own scope, so the CSV body reader serves these routes only.
  app.register(async (scope) => {
    scope.addContentTypeParser(['text/csv', 'application/csv'], readCsvBody);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      `${PREFIX}/products/export.csv`,
      {
        preValidation: readGuard,
        schema: {
          tags,
          summary: 'Every product with its variants as CSV, one row per variant',
          description: `${AUTH_NOTE} The file streams as it is read from the database.`,
          params: websiteParamsSchema,
          response: {
            200: z.string().describe('text/csv; charset=utf-8, with a byte order mark'),
            ...errorResponses(keyCodes),
          },
        },
      },
      async (request, reply) => {
        const websiteId = callerOf(request).website.id;
        const date = new Date().toISOString().slice(0, 10);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="products-${date}.csv"`)
            .header('cache-control', 'no-store')
            // A stream skips the response serializer; the 200 schema above only documents it.
            .send(Readable.from(productCsv.exportCsv(websiteId)) as never)
        );
      },
    );

    api.post(
      `${PREFIX}/products/import`,
      {
        // onRequest: the body (up to 20 MB) is read into the CSV reader while it is
        // parsed, so the caller is checked before a byte of it is.
        onRequest: writeGuard,
        schema: {
          tags,
          summary: 'Import products from CSV: preview what would change, or apply it',
          description:
            `${AUTH_NOTE} Send the file as the body with Content-Type: text/csv (at most ` +
            `${MAX_MEGABYTES} MB). mode=preview answers the report and changes nothing. ` +
            'mode=apply plans again and, when no row is refused (or skipRefused=true), ' +
            'answers application/x-ndjson: progress lines, then a done line with the report ' +
            '(or a failed line).',
          params: websiteParamsSchema,
          querystring: productCsvImportQuerySchema,
          response: {
            200: csvImportReportSchema,
            ...errorResponses(keyCodes, sessionWriteCodes, ['CSV_INVALID', 'CSV_ROWS_REFUSED']),
          },
        },
      },
      async (request, reply) => {
        const websiteId = callerOf(request).website.id;
        // The body is what readCsvBody made of the file; anything else came as another type.
        const body = csvBodySchema.safeParse(request.body);
        if (!body.success) throw fail('UNSUPPORTED_MEDIA_TYPE', productCsvMessages.notCsv);
        const plan = await productCsv.plan(websiteId, body.data.records);
        if (request.query.mode === 'preview') return plan.report;
        const refused = plan.report.counts.refused;
        if (refused > 0 && !request.query.skipRefused) {
          throw fail('CSV_ROWS_REFUSED', productCsvMessages.rowsRefused(refused));
        }
        const lines = new PassThrough();
        productCsv
          .apply(websiteId, plan, (line) => lines.write(`${JSON.stringify(line)}\n`))
          .catch((error: unknown) => request.log.error({ err: error }, 'CSV import failed'))
          .finally(() => lines.end());
        // A stream skips the response serializer: the NDJSON lines are written as they come.
        return reply.type('application/x-ndjson; charset=utf-8').send(lines as never);
      },
    );
  });
}
