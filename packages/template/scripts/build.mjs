// Bundles src/index.ts to dist/index.js (ESM, Node) for plain-JS consumers such as the
// conformance adapter. @phensley/cldr stays external: it is a runtime dependency.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildTemplate() {
  await build({
    entryPoints: [join(root, 'src/index.ts')],
    outfile: join(root, 'dist/index.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['@phensley/cldr'],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildTemplate();
