import { documentedCodes, type ErrorBody, type ErrorCode, errorCatalogue } from '@atelier/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * A failure a service reports on purpose. Its code comes from the contract's catalogue,
 * which fixes the HTTP status; the message is what a person reads, so services pass the
 * spec's words verbatim (core's messages), and `fields` puts one message beside each field
 * of a form.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** On an edit conflict, the resource as it is now, so the client can show what changed. */
  readonly current: unknown;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    current?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fields = fields;
    this.current = current;
  }
}

/** The failure to throw: `throw fail('PRODUCT_NOT_FOUND', 'Product not found')`. */
export const fail = (code: ErrorCode, message: string, fields?: Record<string, string>) =>
  new AppError(code, message, fields);

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

export type ErrorHandlerOptions = {
  renderPageError?: () => PageErrorRenderer | undefined;
  /**
   * Answer 500 (instead of the error) when a route returns a code its response schema does
   * not list: on in tests, so every test that reaches an error also checks the OpenAPI
   * document's promise. In production the error goes out as it is, with a warning logged.
   */
  isStrictAboutCodes?: boolean;
};

export function registerErrorHandler(
  app: FastifyInstance,
  options: ErrorHandlerOptions = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const failure = describeFailure(error);
    // A page whose product or collection does not exist is the site's 404 page.
    if (failure.status === 404 && error instanceof AppError && isPageRequest(request)) {
      return reply.callNotFound();
    }
    if (failure.status >= 500) request.log.error({ err: error }, 'unhandled error');
    const renderPageError = isPageRequest(request) ? options.renderPageError?.() : undefined;
    if (renderPageError) {
      const message = failure.status >= 500 ? PAGE_SERVER_ERROR_MESSAGE : failure.body.error;
      return renderPageError(request, reply, failure.status, message);
    }
    return sendError(request, reply, failure, options.isStrictAboutCodes ?? false);
  });
}

type Failure = { status: number; body: ErrorBody };

export function failureOf(code: ErrorCode, message: string): Failure {
  return { status: errorCatalogue[code].status, body: { error: message, code } };
}

function describeFailure(error: FastifyError | AppError): Failure {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: error.message, code: error.code };
    if (error.fields) body.errors = { ...error.fields };
    if (error.current !== undefined) body.current = error.current;
    return { status: error.status, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      errors[path] ??= issue.message ?? 'Invalid value';
    }
    return {
      status: 400,
      body: { error: 'The request is not valid.', code: 'REQUEST_INVALID', errors },
    };
  }
  // Fastify's own client errors (bad JSON, body too large, unsupported type) carry a 4xx.
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = frameworkCodes[status] ?? 'REQUEST_MALFORMED';
    return { status: errorCatalogue[code].status, body: { error: error.message, code } };
  }
  return failureOf('INTERNAL_ERROR', SERVER_ERROR_MESSAGE);
}

const frameworkCodes: Partial<Record<number, ErrorCode>> = {
  404: 'ROUTE_NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Sends an error body as JSON text, past the route's response serializer: an error must
 * reach the client even when the route's schema does not list its code.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: Failure,
  isStrictAboutCodes: boolean,
) {
  const undocumented = undocumentedCode(request, failure);
  if (undocumented) {
    if (isStrictAboutCodes) {
      request.log.error(undocumented);
      return reply
        .status(500)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ error: undocumented, code: 'INTERNAL_ERROR' }));
    }
    request.log.warn(undocumented);
  }
  return reply
    .status(failure.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(failure.body));
}

/** Why this error breaks its route's documented contract, or undefined when it keeps it. */
function undocumentedCode(request: FastifyRequest, failure: Failure): string | undefined {
  const schema = request.routeOptions.schema;
  // Only documented operations promise codes; pages and unmatched addresses do not.
  const responses = schema?.response as Record<string, unknown> | undefined;
  if (!responses || schema?.hide) return undefined;
  const codes = documentedCodes(responses[failure.status]);
  if (codes.includes(failure.body.code)) return undefined;
  const route = `${request.method} ${request.routeOptions.url}`;
  return `${route} answered ${failure.status} ${failure.body.code}, which its response schema does not list (${codes.join(', ') || 'no codes'}): add it with errorResponses().`;
}
