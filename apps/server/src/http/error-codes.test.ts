import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ErrorCode, errorCatalogue, errorResponses, isErrorCode } from '@atelier/contract';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchema, OpenApiDocument } from '../fuzz/openapi-arbitraries.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { fail, registerErrorHandler } from './errors.ts';

// Each route lists the codes it can answer with (errorResponses); the test app answers 500
// when a route returns a code it did not list (isStrictAboutCodes), so every test that
// reaches an error, the fuzz included, also checks that the document tells the truth.
// This file checks the document itself and that rule.

describe('error codes in the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject('/api/openapi.json')).json();
  });
  afterAll(() => t.close());

  const resolve = (schema: JsonSchema): JsonSchema =>
    typeof schema.$ref === 'string'
      ? resolve(document.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? {})
      : schema;

  /** Every code a response schema allows, through $refs and unions. */
  function codesOf(schema: JsonSchema): unknown[] {
    const resolved = resolve(schema);
    const alternatives = resolved.anyOf ?? resolved.oneOf;
    if (Array.isArray(alternatives)) return alternatives.flatMap(codesOf);
    const code = resolved.properties?.code;
    if (!code) return [];
    const codeSchema = resolve(code);
    if (Array.isArray(codeSchema.enum)) return codeSchema.enum;
    return 'const' in codeSchema ? [codeSchema.const] : [];
  }

  it('gives every error response of every operation its codes, each under its own status', () => {
    const problems: string[] = [];
    let errorResponseCount = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const responses: Record<string, { content?: Record<string, JsonSchema> }> =
          operation.responses ?? {};
        const where = `${method.toUpperCase()} ${path}`;
        if (!responses['400']) problems.push(`${where}: no 400 response`);
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) < 400) continue;
          errorResponseCount += 1;
          const schema = response.content?.['application/json']?.schema;
          const codes = schema ? codesOf(schema) : [];
          if (codes.length === 0) problems.push(`${where} ${status}: no codes`);
          for (const code of codes) {
            if (!isErrorCode(code)) problems.push(`${where} ${status}: unknown code ${code}`);
            else if (errorCatalogue[code].status !== Number(status)) {
              problems.push(`${where} ${status}: ${code} is a ${errorCatalogue[code].status}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(errorResponseCount).toBeGreaterThan(200);
  });

  it('explains each listed code in the response description', () => {
    const operation = document.paths['/api/commerce/checkout/{checkoutId}/orders']?.post;
    const conflict = JSON.stringify(operation?.responses?.['409']);
    expect(conflict).toContain('IDEMPOTENCY_KEY_REUSED');
    expect(conflict).toContain(errorCatalogue.IDEMPOTENCY_KEY_REUSED.summary);
  });

  it('answers an address no operation has with ROUTE_NOT_FOUND', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'ROUTE_NOT_FOUND' });
  });

  it('answers a broken JSON body with REQUEST_MALFORMED and a schema miss with REQUEST_INVALID', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/config/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('REQUEST_MALFORMED');
    const cart = await t.app.inject({ url: '/api/commerce/inventory/stock/?itemId=' });
    expect(cart.statusCode).toBe(400);
    expect(cart.json()).toMatchObject({ code: 'REQUEST_INVALID', errors: expect.any(Object) });
  });
});

describe('a route that answers a code it did not list', () => {
  async function appWith(isStrictAboutCodes: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app, { isStrictAboutCodes });
    const api = app.withTypeProvider<ZodTypeProvider>();
    const route = (code: ErrorCode) => () => {
      throw fail(code, `failed with ${code}`);
    };
    const schema = { response: { 200: z.object({}), ...errorResponses(['PRODUCT_NOT_FOUND']) } };
    api.get('/listed', { schema }, route('PRODUCT_NOT_FOUND'));
    api.get('/unlisted-status', { schema }, route('URL_TAKEN'));
    api.get('/unlisted-code', { schema }, route('PAGE_NOT_FOUND'));
    api.get('/undocumented-route', route('PAGE_NOT_FOUND'));
    await app.ready();
    return app;
  }

  it('is a 500 in tests, naming the route and the code, so the omission is found', async () => {
    const app = await appWith(true);
    expect((await app.inject('/listed')).json()).toEqual({
      error: 'failed with PRODUCT_NOT_FOUND',
      code: 'PRODUCT_NOT_FOUND',
    });
    for (const url of ['/unlisted-status', '/unlisted-code']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toContain(`GET ${url} answered`);
    }
    // A route without a documented response promises nothing.
    expect((await app.inject('/undocumented-route')).statusCode).toBe(404);
    await app.close();
  });

  it('still reaches the client in production, as it is', async () => {
    const app = await appWith(false);
    const response = await app.inject('/unlisted-status');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'failed with URL_TAKEN', code: 'URL_TAKEN' });
    await app.close();
  });
});

describe('the catalogue', () => {
  it('has no code that nothing answers with', async () => {
    const root = join(import.meta.dirname, '..');
    const sources: string[] = [];
    const walk = async (folder: string) => {
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          sources.push(await readFile(path, 'utf8'));
        }
      }
    };
    await walk(root);
    const everything = sources.join('\n');
    // Answered by the error handler itself, from what Fastify refused.
    const fromFramework = new Set(['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED']);
    const unused = Object.keys(errorCatalogue).filter(
      (code) => !fromFramework.has(code) && !everything.includes(`'${code}'`),
    );
    expect(unused).toEqual([]);
  });
});
