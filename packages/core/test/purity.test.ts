import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as core from '../src/index';

// Core runs in the browser, the server and the editor alike, so it may import nothing but
// itself. Biome enforces this too; this test also catches DOM globals used at import time.
const SRC = join(import.meta.dirname, '..', 'src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

describe('core purity', () => {
  it('imports only its own modules', () => {
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!);
      for (const specifier of specifiers) {
        expect(specifier, relative(SRC, file)).toMatch(/^\.\.?\//);
      }
    }
  });

  it('touches no DOM global', () => {
    const domGlobals = /\b(window|document|localStorage|sessionStorage|navigator)\b\s*[.[]/;
    // Sentences are not code: "changed in another window. Reload" names no global.
    const stringLiterals = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`/g;
    for (const file of sourceFiles(SRC)) {
      const code = readFileSync(file, 'utf8').replace(stringLiterals, "''");
      expect(domGlobals.test(code), relative(SRC, file)).toBe(false);
    }
  });

  it('exposes the storefront API from the package root', () => {
    for (const name of [
      'formatMoney',
      'parseMoney',
      'allocateDiscount',
      'productBadge',
      'shouldShowQuantityInput',
      'addButtonText',
      'validateAddToCart',
      'addToCartButtonReducer',
      'cartQuantityLabel',
      'cartBadgeText',
      'validateForm',
      'validateRestockEmail',
      'installmentPill',
      'resolveGalleryOptions',
      'generateUrlId',
    ]) {
      expect(typeof (core as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
