import { ProductType } from '@atelier/core';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';
import {
  hostileParameter,
  type Known,
  mutatedFrom,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  SchemaArbitraries,
} from './openapi-arbitraries.ts';

// The project fuzzes itself (issue 16): every operation of /api/openapi.json, with
// requests shaped from its own schemas and one hostile mutation each, sent as the caller
// that operation expects (owner session, API key, shopper) or as nobody. No answer may be
// a 5xx or take longer than REQUEST_BUDGET_MS, and after every write the shop and a
// product page must still render for visitors. FUZZ_RUNS (runs per operation), FUZZ_SEED
// and FUZZ_VERBOSE=1 (print every status) make a longer or a reproducible run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
const REQUEST_BUDGET_MS = 15_000;
const SENTINEL_PAGE = '/shop/p/linen-work-shirt';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEARNED_NAMES = [
  'websiteId',
  'urlId',
  'urlSlug',
  'collectionUrlId',
  'slot',
  'namespace',
  'sku',
];

type Caller = 'owner' | 'apiKey' | 'shopper' | 'nobody';

function usualCaller(operation: Operation): Caller {
  const { path, method } = operation;
  if (path === '/api/config/session' && method === 'DELETE') return 'nobody';
  if (
    path.startsWith('/api/config') ||
    path.startsWith('/api/site-header-footer') ||
    path.startsWith('/api/commondata') ||
    path.startsWith('/api/widget')
  ) {
    return 'owner';
  }
  if (
    path.startsWith('/api/content-service') ||
    path.startsWith('/api/api-keys') ||
    path.startsWith('/api/mail') ||
    path.startsWith('/api/media') ||
    path.startsWith('/api/v1/commerce-preferences')
  ) {
    return 'apiKey';
  }
  return 'shopper';
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as WTF-8. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((c) => {
        const unit = c.charCodeAt(0);
        if (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
          return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(c);
      })
      .join('');
  }
}

type Browser = { cookies: Record<string, string>; crumb: string };

describe(`the API fuzzes itself (${testDialect}, ${RUNS} runs per operation, seed ${SEED})`, () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let apiKeyHeader = '';
  const owner: Browser = { cookies: {}, crumb: '' };
  const shopper: Browser = { cookies: {}, crumb: '' };
  const known: Known = { ids: [], byName: {} };
  const protectedIds = new Set<string>();
  const statuses = new Map<string, Map<number, number>>();
  const samples: string[] = [];
  /** Valid bodies for operations whose rules a schema alone cannot express. */
  const examples: Record<string, unknown> = {};

  const remember = (browser: Browser, response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string }[]) {
      browser.cookies[cookie.name] = cookie.value;
    }
    if (browser.cookies.crumb) browser.crumb = browser.cookies.crumb;
  };

  /** Learns the ids and names a response hands out, so later requests can ask for them. */
  const learn = (value: unknown, key = '') => {
    const stack: [unknown, string][] = [[value, key]];
    let visited = 0;
    while (stack.length > 0 && visited++ < 5_000) {
      const [current, name] = stack.pop() as [unknown, string];
      if (typeof current === 'string') {
        if (UUID.test(current) && !protectedIds.has(current) && !known.ids.includes(current)) {
          known.ids.push(current);
          if (known.ids.length > 200) known.ids.shift();
        }
        if (LEARNED_NAMES.includes(name) && current.length <= 100) {
          const values = known.byName[name] ?? [];
          if (!values.includes(current) && values.length < 50) values.push(current);
          known.byName[name] = values;
        }
      } else if (Array.isArray(current)) {
        for (const child of current) stack.push([child, name]);
      } else if (current !== null && typeof current === 'object') {
        for (const [k, child] of Object.entries(current)) stack.push([child, k]);
      }
    }
  };

  async function send(
    caller: Caller,
    request: { method: string; url: string; headers?: Record<string, string>; payload?: unknown },
  ): Promise<LightMyRequestResponse> {
    const browser = caller === 'owner' ? owner : caller === 'shopper' ? shopper : undefined;
    const headers: Record<string, string> = { ...request.headers };
    if (browser) headers['x-csrf-token'] = browser.crumb;
    if (caller === 'apiKey') headers.authorization = apiKeyHeader;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${REQUEST_BUDGET_MS} ms`)),
        REQUEST_BUDGET_MS,
      );
    });
    try {
      const response = await Promise.race([
        t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers,
          ...(browser && { cookies: { ...browser.cookies } }),
          ...(request.payload !== undefined && {
            payload: request.payload as string | Buffer | object,
          }),
        }),
        timeout,
      ]);
      if (caller === 'shopper') remember(shopper, response);
      return response;
    } finally {
      clearTimeout(timer);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({
      // The fuzz sends far more than a visitor would; the limits stay on but out of its way.
      env: { CART_RATE_LIMIT: '1000000' },
    });
    document = (await t.app.inject('/api/openapi.json')).json();

    const first = await t.app.inject('/api/config/session');
    remember(owner, first);
    owner.crumb = first.json().xsrfToken;
    const created = await send('owner', {
      method: 'POST',
      url: '/api/config/owner',
      payload: { email: 'owner@example.com', password: 'correct horse battery' },
    });
    expect(created.statusCode, created.body).toBe(201);
    remember(owner, created);
    const session = (await send('owner', { method: 'GET', url: '/api/config/session' })).json();
    protectedIds.add(session.member.id);

    const website = await t.app.services.websites.resolveByHost('localhost');
    if (!website) throw new Error('no website');
    const key = await t.app.services.apiKeys.create({
      websiteId: website.id,
      name: 'fuzz',
      role: 1,
    });
    apiKeyHeader = `Bearer ${key.secret}`;
    protectedIds.add(key.key.id);
    known.byName.websiteId = [website.id];

    const sentinel = (
      await t.app.inject('/api/catalog/collections/shop/products/linen-work-shirt')
    ).json();
    protectedIds.add(sentinel.id);
    for (const variant of sentinel.variants) protectedIds.add(variant.id);

    // A shopper with a cart and a checkout, so the commerce calls have something to act on.
    remember(shopper, await send('shopper', { method: 'GET', url: '/api/commerce/shopping-cart' }));
    const list = (
      await send('shopper', { method: 'GET', url: '/api/catalog/collections/shop/products' })
    ).json();
    learn(list);
    const other = list.products.find((p: { urlId: string }) => p.urlId !== 'linen-work-shirt');
    const added = await send('shopper', {
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: other.id, sku: other.variants[0].sku, quantity: 1 },
    });
    learn(added.json());
    learn((await send('shopper', { method: 'POST', url: '/api/commerce/checkout' })).json());
    for (const path of ['/api/config/pages', '/api/config/media', '/api/config/templates']) {
      learn((await send('owner', { method: 'GET', url: path })).json());
    }
    known.byName.collectionUrlId = ['shop', ...(known.byName.collectionUrlId ?? [])];

    const product = '/api/content-service/product/1.1/websites/{websiteId}/products';
    const variant = { sku: other.variants[0].sku };
    examples[`POST ${product}`] = {
      collectionId: (await t.app.services.catalog.getCollectionList(website.id, 'shop')).collection
        .id,
      productType: ProductType.physical,
      title: 'Fuzzed Apron',
      variants: [{ sku: 'FUZZ-1', priceMoney: { value: '12.00', currency: 'USD' }, qtyInStock: 3 }],
    };
    examples[`PATCH ${product}/{productId}`] = { title: 'Renamed', isVisible: true };
    examples['POST /api/commerce/shopping-cart/entries'] = {
      itemId: other.id,
      ...variant,
      quantity: 1,
    };
    examples['PUT /api/commerce/checkout/{checkoutId}/email'] = { email: 'ana@studio.photography' };
    examples['PUT /api/commerce/checkout/{checkoutId}/shipping-address'] = {
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '1 Main St',
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
    };
    examples['POST /api/commerce/checkout/{checkoutId}/orders'] = {
      card: {
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
        nameOnCard: 'Ada',
      },
    };
    examples['POST /api/config/pages'] = { title: 'Fuzzed page' };
    examples['PUT /api/config/pages/{pageId}/draft'] = {
      blocks: [{ type: 'heading', version: 1, text: 'Fuzzed', level: 2 }],
      baseRevision: 0,
    };
    examples['PUT /api/site-header-footer'] = { header: [], footer: [], baseRevision: 0 };
    examples['POST /api/config/members'] = {
      email: 'ana@studio.photography',
      password: 'correct horse battery',
      role: 4,
    };
  }, 120_000);

  afterAll(async () => {
    if (VERBOSE) {
      for (const [operation, counts] of statuses) {
        console.log(operation, Object.fromEntries(counts));
      }
      console.log(samples.join('\n'));
    }
    await t?.close();
  });

  async function assertShopStillRenders(after: string) {
    for (const url of ['/shop', SENTINEL_PAGE]) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, `${url} after ${after}`).toBe(200);
    }
  }

  const multipartArbitrary = fc
    .record({
      kind: fc.constantFrom('valid', 'noBoundary', 'truncated', 'noFile', 'twoFiles'),
      bytes: fc.uint8Array({ maxLength: 200 }),
      filename: fc.constantFrom('a.jpg', 'x\u0000.png', '', '../../etc/passwd', 'é.webp'),
    })
    .map(({ kind, bytes, filename }) => {
      const boundary = 'fuzzboundary';
      const part = (name: string, body: Buffer) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          body,
          Buffer.from('\r\n'),
        ]);
      const end = Buffer.from(`--${boundary}--\r\n`);
      const file = Buffer.from(bytes);
      const bodies: Record<string, Buffer> = {
        valid: Buffer.concat([part('file', file), end]),
        noBoundary: Buffer.concat([part('file', file), end]),
        truncated: part('file', file).subarray(0, 60),
        noFile: end,
        twoFiles: Buffer.concat([part('file', file), part('file', file), end]),
      };
      return {
        payload: bodies[kind],
        contentType:
          kind === 'noBoundary'
            ? 'multipart/form-data'
            : `multipart/form-data; boundary=${boundary}`,
      };
    });

  /**
   * One request: every parameter valid (known ids and names where the server handed some
   * out), then at most one target — a parameter or the body — made hostile, so a refusal
   * is about that one thing and the rest of the request reaches deep into the service.
   */
  function requestArbitrary(operation: Operation, arbitraries: SchemaArbitraries) {
    const { parameters } = operation;
    const validText = (p: Operation['parameters'][number]) =>
      arbitraries.valid(p.schema, p.name).map(String);
    const name = `${operation.method} ${operation.path}`;
    const example = examples[name];
    const validBody = operation.body
      ? example
        ? fc.oneof(
            { weight: 2, arbitrary: fc.constant(example) },
            arbitraries.valid(operation.body.schema),
          )
        : arbitraries.valid(operation.body.schema)
      : fc.constant(undefined);
    const arbitrary = fc.record({
      caller: fc.constantFrom<Caller>(...Array(4).fill(usualCaller(operation)), 'nobody'),
      // -2: nothing hostile; -1: the body; i: parameter i.
      target: fc.integer({ min: -2, max: parameters.length - 1 }),
      values: fc.tuple(
        ...parameters.map((p) =>
          p.required ? validText(p) : fc.option(validText(p), { nil: undefined }),
        ),
      ),
      hostile: hostileParameter,
      body: fc.record({ valid: validBody, mutated: mutatedFrom(validBody) }),
      // One body in ten is not JSON at all.
      junk: fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        fc.constantFrom('{', '[1,', '{"a":1}}', '\u0000', ''),
      ),
      multipart: multipartArbitrary,
    });
    type Generated = typeof arbitrary extends fc.Arbitrary<infer T> ? T : never;

    function toRequest(generated: Generated) {
      const value = (i: number) =>
        generated.target === i ? generated.hostile : generated.values[i];
      let url = operation.path;
      const query: string[] = [];
      const headers: Record<string, string> = {};
      parameters.forEach((p, i) => {
        const text = value(i);
        if (text === undefined) return;
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeSegment(text));
        else if (p.in === 'query') query.push(`${p.name}=${encodeSegment(text)}`);
        // A header cannot carry every character; a client could never send those.
        else if (/^[\t\x20-\x7e]*$/.test(text)) headers[p.name] = text;
      });
      let payload: unknown;
      if (operation.body?.contentType.startsWith('multipart/')) {
        payload = generated.multipart.payload;
        headers['content-type'] = generated.multipart.contentType;
      } else if (operation.body) {
        const body = generated.target === -1 ? generated.body.mutated : generated.body.valid;
        payload = generated.junk ?? JSON.stringify(body) ?? 'null';
        headers['content-type'] = 'application/json';
      }
      return {
        caller: generated.caller,
        method: operation.method,
        url: query.length > 0 ? `${url}?${query.join('&')}` : url,
        headers,
        payload,
      };
    }
    return { arbitrary, toRequest };
  }

  it('answers every operation without a 5xx or a hang, and the shop keeps rendering', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const operation of operations) {
      const name = `${operation.method} ${operation.path}`;
      const counts = new Map<number, number>();
      statuses.set(name, counts);
      const { arbitrary, toRequest } = requestArbitrary(
        operation,
        new SchemaArbitraries(document, known),
      );
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (generated) => {
          const request = toRequest(generated);
          const response = await send(request.caller, request);
          counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
          if (VERBOSE && response.statusCode >= 400 && samples.length < 200) {
            samples.push(`${name} ${response.statusCode} ${response.body.slice(0, 160)}`);
          }
          expect(
            response.statusCode,
            `${request.caller} ${request.method} ${request.url.slice(0, 300)}\n${String(request.payload).slice(0, 500)}\n→ ${response.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (
            response.statusCode < 300 &&
            String(response.headers['content-type']).includes('json')
          ) {
            learn(response.json());
          }
          if (operation.method !== 'GET') await assertShopStillRenders(name);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // One operation's failure is reported with the others rather than hiding them.
      if (result.failed) failures.push(`${name}: ${String(result.errorInstance)}`);
    }
    expect(failures).toEqual([]);
  }, 900_000);

  it('answers every page address, however malformed, with HTML and never a 5xx', async () => {
    const segment = fc.oneof(hostileParameter, fc.constantFrom('shop', 'linen-work-shirt', ''));
    const pages = fc.oneof(
      segment.map((x) => `/${encodeSegment(x)}`),
      segment.map((x) => `/search?q=${encodeSegment(x)}`),
      segment.map((x) => `/shop?category=${encodeSegment(x)}`),
      fc.tuple(segment, segment).map(([c, p]) => `/${encodeSegment(c)}/p/${encodeSegment(p)}`),
      fc
        .tuple(segment, segment)
        .map(([u, s]) => `/gift-card/${encodeSegment(u)}?sku=${encodeSegment(s)}`),
      fc
        .tuple(fc.constantFrom('order-confirmed', 'commerce/orders'), segment, segment)
        .map(
          ([route, id, token]) => `/${route}/${encodeSegment(id)}?token=${encodeSegment(token)}`,
        ),
      segment.map((x) => `/shop/p/linen-work-shirt?format=${encodeSegment(x)}`),
    );
    const result = await fc.check(
      fc.asyncProperty(pages, async (url) => {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html' },
        });
        expect(response.statusCode, url).toBeLessThan(500);
        const type = String(response.headers['content-type']);
        if (response.statusCode >= 400)
          expect(type, `${url} ${response.statusCode}`).toContain('text/html');
      }),
      { numRuns: RUNS * 8, seed: SEED },
    );
    expect(result.failed ? String(result.errorInstance) : '').toBe('');
  }, 300_000);
});
