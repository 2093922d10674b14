import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Package boundaries (docs/ARCHITECTURE.md "Packages"): every request, response and block
// schema lives in packages/contract, so the server never depends on the web app's
// internals. The only things it takes from apps/web are the React views it renders:
// storefront page and layout components (and the props and render-time helpers they
// export beside them).

const serverSrc = join(import.meta.dirname);
const ALLOWED_FROM_WEB = /^@atelier\/web\/storefront\/[a-z0-9-/]+\/[A-Z][A-Za-z]+\.tsx$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports from, static or dynamic. */
function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  }
  return found;
}

/** The server's imports that cross into apps/web other than to a storefront view. */
function forbiddenWebImports(source: string): string[] {
  return importedSpecifiers(source).filter((specifier) => {
    const reachesWeb =
      specifier.startsWith('@atelier/web') ||
      /(^|\/)apps\/web\//.test(specifier) ||
      /^(\.\.\/)+web\//.test(specifier);
    if (!reachesWeb) return false;
    return !ALLOWED_FROM_WEB.test(specifier);
  });
}

describe('package boundaries', () => {
  it('finds imports however they are written', () => {
    const source = [
      "import { a } from '@atelier/web/editor/api/client.ts';",
      "import type {\n  B,\n} from '@atelier/web/blocks/render.tsx';",
      "export { c } from '../../../web/src/ui/Price.tsx';",
      "const d = await import('@atelier/web/blocks/gallery.tsx');",
      "import { ProductPage } from '@atelier/web/storefront/product/ProductPage.tsx';",
    ].join('\n');
    expect(forbiddenWebImports(source)).toEqual([
      '@atelier/web/editor/api/client.ts',
      '@atelier/web/blocks/render.tsx',
      '../../../web/src/ui/Price.tsx',
      '@atelier/web/blocks/gallery.tsx',
    ]);
  });

  it('the server imports nothing from apps/web but the storefront views it renders', () => {
    const offenders = sourceFiles(serverSrc)
      .filter((file) => !file.endsWith('boundaries.test.ts'))
      .flatMap((file) =>
        forbiddenWebImports(readFileSync(file, 'utf8')).map(
          (specifier) => `${relative(serverSrc, file)} imports ${specifier}`,
        ),
      );
    expect(offenders, 'contracts belong in packages/contract').toEqual([]);
  });
});
