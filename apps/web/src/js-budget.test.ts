import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs module shared with the build script; its shapes are asserted below.
import { pageScripts } from '../asset-report.mjs';

type PageRow = { page: string; gzip: number; files: { file: string }[] };

const distDir = join(import.meta.dirname, '..', 'dist');

// A size budget, not a timing: the product page must stay well inside Core Web Vitals
// on a mid-range phone, so its JavaScript is capped at 100 KB gzipped (issue 8).
describe('storefront JavaScript budget', () => {
  it('is measured on a build', () => {
    expect(existsSync(join(distDir, '.vite', 'manifest.json')), 'run `npm run build` first').toBe(
      true,
    );
  });

  it('keeps the product page under 100 KB gzipped and a first content-page visit tiny', () => {
    const rows = pageScripts(distDir) as PageRow[];
    const byPage = Object.fromEntries(rows.map((row) => [row.page, row]));
    expect(byPage['product page']?.gzip).toBeLessThan(100 * 1024);
    expect(byPage['product list page']?.gzip).toBeLessThan(100 * 1024);
    expect(byPage['content page, first visit']?.gzip).toBeLessThan(8 * 1024);
    expect(byPage['product page']?.files.some((f) => f.file.includes('ProductForm'))).toBe(true);
  });

  // LCP on product and cart went from ~1.2 s to ~3 s when React's download started while
  // the main image was still loading (docs/PERFORMANCE.md). The runtime must fetch nothing
  // with itself and start islands only after the load event and a painted frame.
  it('has an island runtime that requests nothing until the page has loaded and painted', () => {
    const manifest = JSON.parse(
      readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
    const entry = manifest['src/islands/client.ts'];
    expect(entry, 'the island runtime is built').toBeDefined();
    // A static import would be fetched (and modulepreloaded) together with the page.
    expect(entry?.imports ?? []).toEqual([]);
    expect(entry?.dynamicImports).toContain('../../node_modules/react-dom/client.js');
    const code = readFileSync(join(distDir, entry?.file ?? ''), 'utf8');
    expect(code).toMatch(/readyState\s*===\s*["'`]complete["'`]/);
    expect(code).toMatch(/addEventListener\(\s*["'`]load["'`]/);
    expect(code).toContain('requestAnimationFrame');
  });
});
