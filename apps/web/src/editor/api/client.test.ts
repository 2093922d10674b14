import { cartMessages, editorMessages } from '@atelier/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './client.ts';
import { templatesApi } from './templates-client.ts';

// The editor's calls through the shared helper: answers parsed with the route's contract
// schema, failures thrown as ApiError with the server's code and fields.

let answers: Array<() => Response>;
let sent: RequestInit[];
let urls: string[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answers = [];
  sent = [];
  urls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push(init);
    urls.push(url);
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = {
  state: 'signed-in',
  member: { id: '7f1a2b3c-0000-4000-8000-000000000001', email: 'a@b.co', role: 1 },
  capabilities: ['pages.read', 'products.read'],
  xsrfToken: 'x1',
  websiteId: 'w1',
};

const caught = async (pending: Promise<unknown>) => {
  try {
    await pending;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('the editor API client', () => {
  it('echoes the session crumb on writes once signed in', async () => {
    answers.push(
      () => json(200, signedIn),
      () => new Response(null, { status: 204 }),
    );
    expect(await api.session()).toEqual(signedIn);
    await api.deletePage('p1');
    expect(sent[0]?.headers).not.toHaveProperty('x-csrf-token');
    expect(sent[1]?.headers).toMatchObject({ 'x-csrf-token': 'x1' });
  });

  it('throws the server words, fields and code as an ApiError', async () => {
    answers.push(() =>
      json(400, { error: 'Not valid', errors: { slug: 'Taken' }, code: 'URL_TAKEN' }),
    );
    const error = await caught(api.addPage('About'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Not valid',
      fields: { slug: 'Taken' },
      code: 'URL_TAKEN',
    });
  });

  it('says the session expired on a failed CSRF check, and cannot connect when offline', async () => {
    answers.push(() => json(403, { error: 'CSRF check failed', code: 'CSRF_FAILED' }));
    expect(await caught(api.deletePage('p1'))).toMatchObject({
      status: 403,
      message: cartMessages.sessionExpired,
    });
    expect(await caught(api.pages())).toMatchObject({
      status: 0,
      message: editorMessages.unableToConnect,
    });
  });

  it('refuses an answer outside the contract instead of passing it on', async () => {
    answers.push(() => json(200, { pages: 'nope' }));
    expect(await caught(api.pages())).toMatchObject({
      status: 200,
      message: editorMessages.somethingWentWrong,
    });
  });

  it('returns template errors from a refused save as an outcome, not a failure', async () => {
    const diagnostic = { message: 'Unclosed tag', line: 1, column: 3 };
    answers.push(() =>
      json(400, {
        error: 'The template has errors.',
        code: 'TEMPLATE_INVALID',
        templateErrors: [diagnostic],
      }),
    );
    const outcome = await templatesApi.save('header', '{.if}');
    expect(outcome).toMatchObject({ isSaved: false, message: 'The template has errors.' });
  });
});

describe('the product list call', () => {
  it('names the session’s website and sends only the query values that are set', async () => {
    answers.push(
      () => json(200, signedIn),
      () => json(200, { products: [], total: 0, page: 2, pageSize: 10 }),
    );
    await api.session();
    const answer = await api.products({ q: 'linen shirt', stock: 'low', page: 2, pageSize: 10 });
    expect(answer).toEqual({ products: [], total: 0, page: 2, pageSize: 10 });
    expect(urls[1]).toBe(
      '/api/content-service/product/1.1/websites/w1/products?q=linen+shirt&stock=low&page=2&pageSize=10',
    );
  });
});
