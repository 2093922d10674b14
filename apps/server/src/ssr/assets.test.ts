import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../test/raw-get.ts';
import { registerAssetRoutes } from './assets.ts';

// Over a real socket, since what is under test is what goes on the wire: the encoded
// bytes, their length and the headers a browser or a shared cache acts on.
describe('/assets/* precompressed variants', () => {
  let app: FastifyInstance;
  let dir: string;
  let port: number;
  // Compressible like a bundle, and large enough that brotli and gzip differ in size.
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i * 7} + "x";\n`).join(''),
  );
  const styles = Buffer.from('.product { display: grid; gap: 1rem; }\n'.repeat(200));

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawGet(port, path, headers, method);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-assets-'));
    // What scripts/build.mjs leaves: the file, its .br and its .gz; the stylesheet has no
    // .br, as when brotli would not have been smaller.
    await writeFile(join(dir, 'client-abc123.js'), script);
    await writeFile(join(dir, 'client-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(dir, 'client-abc123.js.gz'), gzipSync(script, { level: 9 }));
    await writeFile(join(dir, 'site-def456.css'), styles);
    await writeFile(join(dir, 'site-def456.css.gz'), gzipSync(styles, { level: 9 }));
    app = Fastify();
    await registerAssetRoutes(app, dir);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends brotli to a browser, gzip to a gzip-only client and the file itself without the header', async () => {
    const path = '/assets/client-abc123.js';
    const brotli = await get(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gzipped = await get(path, { 'accept-encoding': 'gzip' });
    const identity = await get(path);

    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body)).toEqual(script);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body)).toEqual(script);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual(script);
    expect(brotli.body.length).toBeLessThan(gzipped.body.length);
    expect(gzipped.body.length).toBeLessThan(script.length);

    for (const answer of [brotli, gzipped, identity]) {
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-type']).toBe(identity.headers['content-type']);
    }
    expect(identity.headers['content-type']).toMatch(/javascript/);
    // One tag per encoded form, so a cache never validates one form with another's tag.
    expect(new Set([brotli, gzipped, identity].map((a) => a.headers.etag)).size).toBe(3);
  });

  it('never sends an encoding the client refused with q=0, and prefers brotli only at equal q', async () => {
    const path = '/assets/client-abc123.js';
    const encodingFor = async (acceptEncoding: string) =>
      (await get(path, { 'accept-encoding': acceptEncoding })).headers['content-encoding'] ??
      'identity';
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip, br;q=0')).toBe('gzip');
    expect(await encodingFor('br;q=0, gzip;q=0')).toBe('identity');
    expect(await encodingFor('*;q=0, br')).toBe('br');
    expect(await encodingFor('gzip, br')).toBe('br');
    expect(await encodingFor('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(await encodingFor('identity')).toBe('identity');
  });

  it('falls back to the next encoding when a precompressed file is missing', async () => {
    const browser = await get('/assets/site-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(browser.body)).toEqual(styles);
    expect(browser.headers['content-type']).toMatch(/^text\/css/);
    const brotliOnly = await get('/assets/site-def456.css', { 'accept-encoding': 'br' });
    expect(brotliOnly.headers['content-encoding']).toBeUndefined();
    expect(brotliOnly.body).toEqual(styles);
    expect((await get('/assets/missing-000.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });

  it('answers 304 per encoding: a tag matches only the form it was sent with', async () => {
    const path = '/assets/client-abc123.js';
    const brotli = await get(path, { 'accept-encoding': 'br' });
    const tag = String(brotli.headers.etag);

    const revalidated = await get(path, { 'accept-encoding': 'br', 'if-none-match': tag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(tag);
    expect(revalidated.headers.vary).toBe('Accept-Encoding');

    const otherForm = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': tag });
    expect(otherForm.status).toBe(200);
    expect(otherForm.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(otherForm.body)).toEqual(script);

    const identity = await get(path);
    const identityRevalidated = await get(path, { 'if-none-match': String(identity.headers.etag) });
    expect(identityRevalidated.status).toBe(304);
  });

  it('answers HEAD with the headers of the chosen form and no body', async () => {
    const path = '/assets/client-abc123.js';
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const full = await get(path, { 'accept-encoding': acceptEncoding });
      const head = await get(path, { 'accept-encoding': acceptEncoding }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-length']).toBe(String(full.body.length));
      expect(head.headers['content-encoding']).toBe(full.headers['content-encoding']);
      expect(head.headers.etag).toBe(full.headers.etag);
    }
  });
});
