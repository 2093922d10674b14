import { errorBodySchema, sessionStateSchema } from '@atelier/contract';
import { NO_ANSWER_STATUS } from '@atelier/core/cart/cart-errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiSurface, callApi, contractType, noContent, readErrorBody } from './api-client.ts';

const surface: ApiSurface = {
  csrfHeader: 'x-csrf-token',
  csrfToken: () => 'crumb-1',
  messageFor: (status, body) => (body ? `${status}: ${body.error}` : `${status}: no body`),
  noAnswerMessage: () => 'offline',
};

type Sent = { url: string; init: RequestInit };

/** Answers every fetch with `answer` and records what was sent. */
function stubFetch(answer: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
  return sent;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const session = {
  state: 'signed-out' as const,
  member: null,
  capabilities: [],
  xsrfToken: 'crumb-1',
  websiteId: 'w1',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API fetch helper', () => {
  it('sends JSON with the crumb on a write, and no crumb or content type on a read', async () => {
    const sent = stubFetch(() => json(200, { ok: 1 }));
    await callApi(surface, {
      method: 'PUT',
      path: '/api/x',
      body: { a: 1 },
      headers: { 'idempotency-key': 'k' },
      response: contractType(),
    });
    await callApi(surface, { method: 'GET', path: '/api/y', response: contractType() });
    expect(sent[0]?.init).toMatchObject({
      method: 'PUT',
      credentials: 'same-origin',
      body: '{"a":1}',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-csrf-token': 'crumb-1',
        'idempotency-key': 'k',
      },
    });
    expect(sent[1]?.init.headers).toEqual({ accept: 'application/json' });
    expect(sent[1]?.init.body).toBeUndefined();
  });

  it('sends a FormData as it is, leaving the content type to the browser', async () => {
    const sent = stubFetch(() => json(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await callApi(surface, {
      method: 'POST',
      path: '/api/m',
      body: form,
      response: contractType(),
    });
    expect(sent[0]?.init.body).toBe(form);
    expect(sent[0]?.init.headers).not.toHaveProperty('content-type');
  });

  it("parses an answer with the route's contract schema", async () => {
    stubFetch(() => json(200, { ...session, extra: 'dropped' }));
    const result = await callApi(surface, {
      method: 'GET',
      path: '/api/config/session',
      response: sessionStateSchema,
    });
    expect(result).toEqual({ ok: true, value: session });
  });

  it('reports an answer outside the contract as a failure, not a value', async () => {
    stubFetch(() => json(200, { state: 'nonsense' }));
    const result = await callApi(surface, {
      method: 'GET',
      path: '/api/config/session',
      response: sessionStateSchema,
    });
    expect(result).toMatchObject({ ok: false, failure: { status: 200, message: '200: no body' } });
  });

  it('answers 204 with no value', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    expect(
      await callApi(surface, { method: 'DELETE', path: '/api/p', response: noContent }),
    ).toEqual({ ok: true, value: undefined });
  });

  it('turns an error body into status, message, code and fields', async () => {
    const body = { error: 'Nope', errors: { email: 'Enter your email' }, code: 'CSRF_FAILED' };
    stubFetch(() => json(403, body));
    const result = await callApi(surface, {
      method: 'POST',
      path: '/api/z',
      response: contractType(),
    });
    expect(result).toEqual({
      ok: false,
      failure: {
        status: 403,
        message: '403: Nope',
        code: 'CSRF_FAILED',
        fields: { email: 'Enter your email' },
        body,
      },
    });
  });

  it('reads a refusal without a JSON body (a proxy page) by its status alone', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await callApi(surface, { method: 'POST', path: '/api/z', response: noContent });
    expect(result).toEqual({
      ok: false,
      failure: { status: 502, message: '502: no body', fields: {}, body: undefined },
    });
  });

  it('reports no answer when the network fails or the crumb cannot be fetched', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await callApi(surface, { method: 'GET', path: '/a', response: noContent });
    expect(offline).toMatchObject({
      ok: false,
      failure: { status: NO_ANSWER_STATUS, message: 'offline', fields: {} },
    });
    const sent = stubFetch(() => json(200, {}));
    const noCrumb = await callApi(
      {
        ...surface,
        csrfToken: () => {
          throw new Error('cart read failed');
        },
      },
      { method: 'POST', path: '/b', response: noContent },
    );
    expect(noCrumb).toMatchObject({ ok: false, failure: { status: NO_ANSWER_STATUS } });
    expect(sent).toEqual([]);
  });

  it("reads error bodies as the contract's errorBodySchema does", () => {
    const samples: unknown[] = [
      { error: 'Nope' },
      { error: 'Nope', code: 'PRODUCT_NOT_FOUND' },
      { error: 'Nope', errors: { a: 'x' }, code: 'OUT_OF_STOCK' },
      { error: 'Nope', code: 'CSRF_FAILED', extra: true },
      { errors: { a: 'x' } },
      { error: 3 },
      'Bad gateway',
      null,
      [],
    ];
    for (const sample of samples) {
      const parsed = errorBodySchema.safeParse(sample);
      expect(readErrorBody(sample), JSON.stringify(sample)).toEqual(
        parsed.success ? parsed.data : undefined,
      );
    }
  });
});
