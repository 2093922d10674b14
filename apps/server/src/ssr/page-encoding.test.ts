import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../test/raw-get.ts';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';
import { preferredCoding } from './page-encoding.ts';

describe('choosing a coding from Accept-Encoding', () => {
  it('prefers brotli, then gzip, and sends neither without the header', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding(undefined)).toBeUndefined();
    expect(preferredCoding('')).toBeUndefined();
    expect(preferredCoding('identity')).toBeUndefined();
    expect(preferredCoding('deflate')).toBeUndefined();
    expect(preferredCoding('GZIP, BR')).toBe('br');
  });

  it('never picks a coding given q=0 and otherwise follows q', () => {
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(preferredCoding('br;q=0.000')).toBeUndefined();
    expect(preferredCoding('gzip;q=1.0, br;q=0.9')).toBe('gzip');
    expect(preferredCoding('gzip;q=0.5, br ; q=0.5')).toBe('br');
    expect(preferredCoding('br;q=nonsense, gzip;q=0.1')).toBe('gzip');
  });

  it('reads * as every coding not named', () => {
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('br;q=0, *')).toBe('gzip');
    expect(preferredCoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('*;q=0')).toBeUndefined();
  });
});

// Over a socket, where hits are answered before Fastify (serveEarly) and what matters is
// the bytes and headers on the wire.
describe(`compressed cached pages (${testDialect})`, () => {
  let t: TestApp;
  let port: number;

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawGet(port, path, { host: 'localhost', ...headers }, method);
  const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  // Per response, per coding or miss/hit; everything else is the same in every coding.
  const pageHeaders = (headers: Record<string, string | undefined>) => {
    const {
      date,
      connection,
      'keep-alive': keepAlive,
      'content-length': length,
      'content-encoding': coding,
      etag,
      'x-page-cache': cache,
      ...rest
    } = headers;
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('sends a browser the cached page as brotli and a client without Accept-Encoding the page as rendered', async () => {
    const path = '/shop/p/linen-work-shirt';
    const miss = await get(path);
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBeUndefined();
    const html = miss.body;
    expect(html.toString('utf8')).toContain('</html>');

    const earlyBefore = t.app.services.pageCache.stats().earlyHits;
    const plain = await get(path);
    const browser = await get(path, BROWSER);
    const gzipOnly = await get(path, { 'accept-encoding': 'gzip' });
    expect(t.app.services.pageCache.stats().earlyHits).toBe(earlyBefore + 3);

    expect(plain.headers['x-page-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(html)).toBe(true);
    expect(plain.headers['content-length']).toBe(String(html.length));

    expect(browser.headers['x-page-cache']).toBe('hit');
    expect(browser.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(browser.body).equals(html)).toBe(true);
    expect(browser.body.length).toBeLessThan(html.length / 3);
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.body).equals(html)).toBe(true);

    for (const answer of [miss, plain, browser, gzipOnly]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(pageHeaders(answer.headers)).toEqual(pageHeaders(plain.headers));
    }
    expect(new Set([plain, browser, gzipOnly].map((a) => a.headers.etag)).size).toBe(3);
  });

  it('compresses a stored page once per coding: later hits send the same stored bytes', async () => {
    const path = '/shop?compressed-once=1';
    await get(path, BROWSER);
    const { bytes } = t.app.services.pageCache.stats();
    const first = await get(path, BROWSER);
    const second = await get(path, BROWSER);
    expect(first.headers['x-page-cache']).toBe('hit');
    expect(second.body.equals(first.body)).toBe(true);
    expect(t.app.services.pageCache.stats().bytes).toBe(bytes);
  });

  it('compresses a miss for a browser, and keeps that form for the hits', async () => {
    const path = '/?compressed-miss=1';
    const miss = await get(path, BROWSER);
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(miss.headers.vary).toBe('Accept-Encoding');
    const hit = await get(path, BROWSER);
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    const plain = await get(path);
    expect(brotliDecompressSync(miss.body).equals(plain.body)).toBe(true);
  });

  it('honours q=0, answers 304 per coding and HEAD with the length of the chosen form', async () => {
    const path = '/shop/p/stoneware-mug';
    await get(path);
    const refused = await get(path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(
      (await get(path, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding'],
    ).toBe('gzip');

    const browser = await get(path, BROWSER);
    const tag = String(browser.headers.etag);
    const revalidated = await get(path, { ...BROWSER, 'if-none-match': tag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(tag);
    expect(revalidated.headers.vary).toBe('Accept-Encoding');
    // The brotli tag names the brotli bytes: a client without them gets the page.
    const plain = await get(path, { 'if-none-match': tag });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((await get(path, { 'if-none-match': String(plain.headers.etag) })).status).toBe(304);

    const head = await get(path, BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(browser.body.length));
  });

  it("compresses the pages it never stores: a visitor's cart, checkout and the 404 page", async () => {
    for (const [path, status] of [
      ['/cart', 200],
      ['/checkout', 200],
      ['/no-such-page', 404],
    ] as const) {
      // As a browser asks: an unknown address answers JSON to API clients.
      const plain = await get(path, { accept: 'text/html' });
      const browser = await get(path, { accept: 'text/html', ...BROWSER });
      expect(plain.status).toBe(status);
      expect(browser.status).toBe(status);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(browser.headers['content-encoding']).toBe('br');
      expect(browser.headers.vary).toContain('Accept-Encoding');
      expect(browser.body.length).toBeLessThan(plain.body.length / 2);
      expect(brotliDecompressSync(browser.body).equals(plain.body)).toBe(true);
    }
  });

  it('compresses through Fastify too (app.inject), where the route hook answers hits', async () => {
    const page = (headers: Record<string, string> = {}) =>
      t.app.inject({
        url: '/shop/p/linen-work-shirt?inject=1',
        headers: { host: 'localhost', ...headers },
      });
    const plain = await page();
    const browser = await page(BROWSER);
    expect(browser.headers['x-page-cache']).toBe('hit');
    expect(browser.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(browser.rawPayload).equals(plain.rawPayload)).toBe(true);
    const revalidated = await page({ ...BROWSER, 'if-none-match': String(browser.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });
});
