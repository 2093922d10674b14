import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from './test/test-app.ts';

describe(`the server on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
  });
  afterAll(() => t.close());

  it('creates the uploaded-files folder on a fresh start, so @fastify/static has a root to serve', async () => {
    // Without it the server logged '"root" path …/files must exist' on every fresh start.
    expect(existsSync(join(t.dataDir, 'files'))).toBe(true);
    const response = await t.app.inject('/files/no-such-file.webp');
    expect(response.statusCode).toBe(404);
  });

  it('answers /healthz with the database it runs on', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: testDialect });
  });

  it('publishes an OpenAPI 3 document listing every JSON route with its payloads', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const stock = doc.paths['/api/commerce/inventory/stock/'].get;
    expect(stock.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'itemId', in: 'query', required: true }),
      ]),
    );
    expect(stock.responses['200']).toBeDefined();
    expect(doc.paths['/healthz'].get.responses['200']).toBeDefined();
    // Pages are HTML, not part of the API.
    expect(doc.paths['/']).toBeUndefined();
  });

  it('publishes a complete OpenAPI document: every $ref resolves to a component', async () => {
    // Schemas with a `.meta({id})` are written as $refs; before transformObject filled
    // components.schemas they all dangled, and an `<id>Input` contract id collided with the
    // plugin's input variant of `<id>` (a 500).
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc: unknown = response.json();
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (const item of node) walk(item);
      } else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    // The contract uses ids (Money, Variant, EditorPage, …): an empty list would mean the
    // walk or the document lost them, not that all is well.
    expect(refs.length).toBeGreaterThan(0);
    const resolve = (ref: string): unknown => {
      expect(ref.startsWith('#/')).toBe(true);
      let node: unknown = doc;
      for (const raw of ref.slice(2).split('/')) {
        const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
        if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
        node = (node as Record<string, unknown>)[part];
      }
      return node;
    };
    const dangling = [...new Set(refs)].filter((ref) => resolve(ref) === undefined);
    expect(dangling).toEqual([]);
    const schemas = (doc as { components: { schemas: Record<string, unknown> } }).components
      .schemas;
    expect(schemas.Money).toMatchObject({ type: 'object' });
    expect(schemas.MoneyEntry).toMatchObject({ type: 'object' });
  });

  it('sends security headers on every response', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeDefined();
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('rejects a malformed query with 400 and a message per field, never a 500', async () => {
    const response = await t.app.inject('/api/commerce/inventory/stock/?itemId=not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The request is not valid.',
      code: 'REQUEST_INVALID',
      errors: { itemId: 'itemId must be a product id' },
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'ROUTE_NOT_FOUND' });
  });

  it('answers bad JSON with a 400 and a JSON error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/nothing-here',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error');
  });

  it('has no website to show on an empty install', async () => {
    const response = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
  });
});
