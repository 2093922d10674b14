import type { ErrorBody } from '@atelier/contract';
import { NO_ANSWER_STATUS, type RequestFailure } from '@atelier/core/cart/cart-errors';
import type { z } from 'zod';

/**
 * The browser's one fetch helper for JSON calls to our API. Each surface (storefront,
 * editor) gives it a `ApiSurface` for its crumb and its sentences; every call names the
 * contract schema of its answer. Failures are values, `{status, message, code, fields}`,
 * so callers decide on `status` and `code`, never on the words.
 *
 * Nothing here imports zod at run time: the storefront's islands must not ship it (see
 * js-budget.test.ts), so they check answers against the contract at compile time with
 * `contractType`, while the editor, which bundles zod anyway, passes the schema itself.
 */

/** Turns a JSON answer into its value; a contract zod schema is one. */
export type ResponseParser<T> = { parse(data: unknown): T };

/**
 * An answer typed by the contract schema `S` the route declares, not checked at run time:
 * for islands, where the server's own response serialiser already checked it.
 */
export const contractType = <S extends z.ZodType>(): ResponseParser<z.output<S>> => ({
  parse: (data) => data as z.output<S>,
});

/** For routes that answer 204 No Content. */
export const noContent: ResponseParser<void> = { parse: () => undefined };

export type ApiFailure = RequestFailure & {
  /** The answer's JSON as sent, for the rare call whose refusal carries more (templates). */
  body: unknown;
};

export type ApiResult<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

export type ApiRequest<T> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Sent as JSON; a FormData goes as multipart, with the browser's own content type. */
  body?: unknown;
  headers?: Record<string, string>;
  response: ResponseParser<T>;
};

export type ApiSurface = {
  csrfHeader: string;
  /** The crumb every write echoes; may have to fetch it first. */
  csrfToken(): string | Promise<string>;
  /** The sentence a person reads for a refused call. */
  messageFor(status: number, body: ErrorBody | undefined): string;
  /** The sentence when no answer came at all. */
  noAnswerMessage(): string;
};

/**
 * The error body as the contract's `errorBodySchema` describes it, read without zod;
 * `api-client.test.ts` checks the two agree. Anything else (a proxy's HTML page) is none.
 */
export function readErrorBody(data: unknown): ErrorBody | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { error, errors, code } = data as Record<string, unknown>;
  if (typeof error !== 'string' || typeof code !== 'string') return undefined;
  // The code is taken to be one of the catalogue's: checking it would ship the catalogue
  // to every island, and a caller only ever compares it with codes it knows.
  const body: ErrorBody = { error, code: code as ErrorBody['code'] };
  if (isStringRecord(errors)) body.errors = errors;
  return body;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

export async function callApi<T>(
  surface: ApiSurface,
  request: ApiRequest<T>,
): Promise<ApiResult<T>> {
  const { method, path, body } = request;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !isForm && { 'content-type': 'application/json' }),
        ...(method !== 'GET' && { [surface.csrfHeader]: await surface.csrfToken() }),
        ...request.headers,
      },
      ...(body !== undefined && { body: isForm ? (body as FormData) : JSON.stringify(body) }),
    });
  } catch {
    return fail({ status: NO_ANSWER_STATUS, message: surface.noAnswerMessage(), body: undefined });
  }
  const data: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (response.ok) {
    try {
      return { ok: true, value: request.response.parse(data) };
    } catch {
      // An answer outside the contract is a bug on one side; the person can only retry.
      return fail({
        status: response.status,
        message: surface.messageFor(response.status, undefined),
        body: data,
      });
    }
  }
  const error = readErrorBody(data);
  return fail({
    status: response.status,
    message: surface.messageFor(response.status, error),
    code: error?.code,
    fields: error?.errors,
    body: data,
  });
}

const fail = (failure: {
  status: number;
  message: string;
  code?: string | undefined;
  fields?: Record<string, string> | undefined;
  body: unknown;
}): { ok: false; failure: ApiFailure } => ({
  ok: false,
  failure: {
    status: failure.status,
    message: failure.message,
    ...(failure.code !== undefined && { code: failure.code }),
    fields: failure.fields ?? {},
    body: failure.body,
  },
});
