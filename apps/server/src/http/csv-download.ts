import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// The admin lists' CSV exports (customers, a form's submissions, a mailing list): one
// way to name and stream the file.

/** A file name part from a person-given name: letters, digits and dashes only. */
export const fileNamePart = (name: string, fallback: string): string =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || fallback;

/**
 * Streams CSV text as `<name>-<today>.csv`, never cached. A stream skips the response
 * serializer; the route's 200 schema only documents it.
 */
export function sendCsvDownload(
  reply: FastifyReply,
  name: string,
  lines: AsyncIterable<string> | Iterable<string>,
) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${date}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines) as never);
}
