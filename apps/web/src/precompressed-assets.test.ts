import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const assetsDir = join(import.meta.dirname, '..', 'dist', 'assets');

// The server sends these files as they are (issue 8): React DOM is ~210 KB as built and
// ~55 KB as brotli, so a build without them costs every first visit on a phone.
describe('precompressed build assets', () => {
  const read = (name: string) => readFileSync(join(assetsDir, name));
  const readVariant = (name: string) =>
    existsSync(join(assetsDir, name)) ? read(name) : undefined;
  const builtFiles = () =>
    existsSync(assetsDir) ? readdirSync(assetsDir).filter((name) => !/\.(br|gz)$/.test(name)) : [];

  it('has .br and .gz beside every script and stylesheet worth compressing', () => {
    expect(builtFiles().length, 'run `npm run build` first').toBeGreaterThan(0);
    for (const name of builtFiles()) {
      // A font (woff2) or an image is compressed already; brotli would only add bytes.
      if (!/\.(js|css|svg|json)$/.test(name) || read(name).length < 1024) continue;
      expect(readVariant(`${name}.br`), `${name}.br`).toBeDefined();
      expect(readVariant(`${name}.gz`), `${name}.gz`).toBeDefined();
    }
  });

  it('decodes each variant to its file, and keeps a variant only when it saves bytes', () => {
    for (const name of builtFiles()) {
      const original = read(name);
      const gzipped = readVariant(`${name}.gz`);
      const brotli = readVariant(`${name}.br`);
      if (gzipped) {
        expect(gunzipSync(gzipped).equals(original), `${name}.gz`).toBe(true);
        expect(gzipped.length).toBeLessThan(original.length);
      }
      if (brotli) {
        expect(brotliDecompressSync(brotli).equals(original), `${name}.br`).toBe(true);
        // Otherwise the server's fallback to gzip would send as few bytes without it.
        expect(brotli.length).toBeLessThan((gzipped ?? original).length);
      }
    }
  });
});
