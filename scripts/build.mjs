// Production build: the storefront's browser assets (Vite) and the server as one ESM
// bundle (esbuild) that `node apps/server/dist/main.js` runs without a TypeScript loader.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { formatReport, pageScripts } from '../apps/web/asset-report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

await viteBuild({ configFile: join(root, 'apps/web/vite.config.ts'), logLevel: 'warn' });
// The /config editor: a separate run so it cannot change the storefront's chunks.
await viteBuild({
  configFile: join(root, 'apps/web/vite.config.ts'),
  mode: 'editor',
  logLevel: 'warn',
});
console.log(formatReport(pageScripts(join(root, 'apps/web/dist'))));
await precompressAssets(join(root, 'apps/web/dist/assets'));

const serverOut = join(root, 'apps/server/dist');
await rm(serverOut, { recursive: true, force: true });
await esbuild({
  entryPoints: [join(root, 'apps/server/src/main.ts')],
  outfile: join(serverOut, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
  // Our workspaces are TypeScript sources, so they are bundled; installed packages
  // (native sharp, PGlite's WASM) stay in node_modules and load as usual.
  plugins: [
    {
      name: 'external-node-modules',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@atelier/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log('built apps/web/dist and apps/server/dist/main.js');

/**
 * Writes `name.br` (brotli, maximum quality) and `name.gz` (gzip -9) beside every built
 * asset, once, so the server answers `Accept-Encoding` with a file instead of compressing
 * per request (@fastify/static `preCompressed`, app.ts). A variant is kept only when it is
 * smaller than what a client would get without it (gzip than the original, brotli than
 * gzip): a client is never sent more bytes for asking for compression, and the three files
 * of an asset always differ in size, which keeps their size-and-mtime ETags distinct.
 */
async function precompressAssets(assetsDir) {
  const names = (await readdir(assetsDir)).filter((name) => !/\.(br|gz)$/.test(name));
  const written = await Promise.all(
    names.map(async (name) => {
      const path = join(assetsDir, name);
      const original = await readFile(path);
      const [gzipped, brotli] = await Promise.all([
        promisify(gzip)(original, { level: 9 }),
        promisify(brotliCompress)(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
      ]);
      const gzipKept = gzipped.length < original.length;
      const brotliKept = brotli.length < (gzipKept ? gzipped.length : original.length);
      if (gzipKept) await writeFile(`${path}.gz`, gzipped);
      if (brotliKept) await writeFile(`${path}.br`, brotli);
      return {
        original: original.length,
        wire: brotliKept ? brotli.length : gzipKept ? gzipped.length : original.length,
      };
    }),
  );
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const sum = (key) => written.reduce((total, file) => total + file[key], 0);
  console.log(
    `precompressed ${names.length} assets: ${kb(sum('original'))} -> ${kb(sum('wire'))} as brotli/gzip`,
  );
}
