// Production build: the storefront's browser assets (Vite) and the server as one ESM
// bundle (esbuild) that `node apps/server/dist/main.js` runs without a TypeScript loader.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
