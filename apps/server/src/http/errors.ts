import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// The one catalog of failures a service may report. Each kind has one HTTP status;
// the message is what a person reads, so services pass the spec's words verbatim.
export const errorKinds = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  rateLimited: 429,
} as const;

export type ErrorKind = keyof typeof errorKinds;

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  /** Field name → message, for forms that show errors beside each field. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** Machine-readable kind for the few errors a client reacts to specially. */
  readonly code: string | undefined;

  constructor(kind: ErrorKind, message: string, fields?: Record<string, string>, code?: string) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.status = errorKinds[kind];
    this.fields = fields;
    this.code = code;
  }
}

export const notFound = (message = 'Not found') => new AppError('notFound', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('invalid', message, fields);
export const conflict = (message: string) => new AppError('conflict', message);

export type ErrorBody = { error: string; errors?: Record<string, string>; code?: string };

/** A browser asking for a page (not an API call): it should get HTML, even for errors. */
export function isPageRequest(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    !request.url.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Renders the site's error page (type 101) for a browser that asked for a page. */
export type PageErrorRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
) => unknown;

const SERVER_ERROR_MESSAGE = 'Something went wrong';
const PAGE_SERVER_ERROR_MESSAGE =
  'This page could not be shown just now. Please try again in a moment.';

export function registerErrorHandler(
  app: FastifyInstance,
  options: { renderPageError?: () => PageErrorRenderer | undefined } = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A page whose product or collection does not exist is the site's 404 page.
    if (error instanceof AppError && error.kind === 'notFound' && isPageRequest(request)) {
      return reply.callNotFound();
    }
    const renderPageError = isPageRequest(request) ? options.renderPageError?.() : undefined;
    if (renderPageError) {
      const status = errorStatus(error);
      if (status >= 500) request.log.error({ err: error }, 'unhandled error');
      return renderPageError(
        request,
        reply,
        status,
        status >= 500 ? PAGE_SERVER_ERROR_MESSAGE : error.message,
      );
    }
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.message };
      if (error.fields) body.errors = { ...error.fields };
      if (error.code) body.code = error.code;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        errors[path] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send({ error: 'The request is not valid.', errors });
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported type) carry a 4xx.
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: SERVER_ERROR_MESSAGE });
  });
}

function errorStatus(error: FastifyError | AppError): number {
  if (error instanceof AppError) return error.status;
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : 500;
}
