import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetTags } from '@atelier/web/storefront/layout/Document.tsx';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);

export type StorefrontAssets = AssetTags & {
  /** CSP source for the inlined stylesheet, so style-src needs no 'unsafe-inline'. */
  cssHash: string;
  isBuilt: boolean;
};

const ISLANDS_ENTRY = 'src/islands/client.ts';
const STYLES_ENTRY = 'src/styles/site.css';

/**
 * Reads what `vite build` wrote for the browser: the hashed island entry and the site
 * stylesheet (inlined into every page). Without a build the pages still render as plain
 * HTML, which is what server tests need; `npm start` always builds first.
 */
export function loadStorefrontAssets(webDistDir: string): StorefrontAssets {
  const manifestPath = join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    return {
      css: '',
      cssHash: hashOf(''),
      islandScript: undefined,
      modulePreloads: [],
      isBuilt: false,
    };
  }
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const islands = manifest[ISLANDS_ENTRY];
  const styles = manifest[STYLES_ENTRY];
  const css = styles ? readFileSync(join(webDistDir, styles.file), 'utf8') : '';
  return {
    css,
    cssHash: hashOf(css),
    islandScript: islands ? `/${islands.file}` : undefined,
    // Static imports of the entry (React, shared chunks) start downloading with it.
    modulePreloads: (islands?.imports ?? []).flatMap((key) => {
      const chunk = manifest[key];
      return chunk ? [`/${chunk.file}`] : [];
    }),
    isBuilt: true,
  };
}

function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * `/assets/*`: the Vite build's files, immutable since every name carries a content hash.
 * The build writes `name.br` and `name.gz` beside a file when they are smaller
 * (scripts/build.mjs), and the plugin answers with one of them by Accept-Encoding: brotli
 * before gzip at equal q, never an encoding given q=0, the file itself without the header,
 * and the next choice when a variant is missing. Nothing is compressed per request. Each
 * variant is its own file, so Content-Length, ETag (size and mtime) and 304s are its own.
 */
export async function registerAssetRoutes(app: FastifyInstance, assetsDir: string) {
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
    preCompressed: true,
    // One URL has several encoded forms, so a shared cache must key it by the request's
    // Accept-Encoding, identity answers included.
    setHeaders: (reply) => reply.header('Vary', 'Accept-Encoding'),
  });
}
