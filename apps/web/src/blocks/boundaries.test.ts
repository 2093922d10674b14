import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Blocks are server-safe: the storefront renders them, so nothing in blocks/ may reach the
// editor (/config's code, its API client, TipTap, the file manager). The editor's half of
// each block lives in editor/blocks/ and imports the views from here, never the reverse,
// which keeps the folders without a cycle and the editor out of the storefront bundle.

const blocksDir = import.meta.dirname;
const editorDir = resolve(blocksDir, '../editor');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
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

/** The imports of a file at `path` that reach the editor. */
function editorImports(path: string, source: string): string[] {
  return importedSpecifiers(source).filter((specifier) => {
    if (specifier.startsWith('@atelier/web/editor')) return true;
    if (!specifier.startsWith('.')) return false;
    const target = resolve(dirname(path), specifier);
    return target === editorDir || target.startsWith(`${editorDir}/`);
  });
}

describe('blocks/ never imports the editor', () => {
  it('finds editor imports however they are written', () => {
    const file = join(blocksDir, 'x.fields.tsx');
    expect(
      editorImports(
        file,
        [
          "import { FileManager } from '../editor/files/FileManager.tsx';",
          "import type {\n  A,\n} from '@atelier/web/editor/api/client.ts';",
          "const f = await import('../editor/blocks/registry.tsx');",
          "export { api } from '../editor/api/client.ts';",
          "import { Island } from '../islands/Island.tsx';",
          "import { LayoutView } from './render.tsx';",
        ].join('\n'),
      ),
    ).toEqual([
      '../editor/files/FileManager.tsx',
      '@atelier/web/editor/api/client.ts',
      '../editor/api/client.ts',
      '../editor/blocks/registry.tsx',
    ]);
  });

  it('holds for every file in blocks/', () => {
    const offenders = sourceFiles(blocksDir)
      .filter((path) => path !== import.meta.filename)
      .flatMap((path) =>
        editorImports(path, readFileSync(path, 'utf8')).map(
          (specifier) => `${relative(blocksDir, path)} imports ${specifier}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
