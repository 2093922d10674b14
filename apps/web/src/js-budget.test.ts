import { existsSync } from 'node:fs';
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
});
