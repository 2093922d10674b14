// What each kind of storefront page downloads as JavaScript, from Vite's manifest:
// the island runtime, its static imports, and — once an island hydrates — React DOM and
// the island's own chunks. Used by the build (prints the table) and by the size test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ENTRY = 'src/islands/client.ts';
const REACT_DOM = '../../node_modules/react-dom/client.js';

/** The analytics collector every tracked page loads after it has loaded and painted. */
const COLLECTOR = 'src/analytics/collector.ts';

/** Islands (and the deferred collector) each page type loads for a visitor who is shopping. */
export const PAGE_ISLANDS = {
  'product page': [
    'src/storefront/product/ProductForm.island.tsx',
    'src/storefront/cart/CartStatus.island.tsx',
    COLLECTOR,
  ],
  'product list page': [
    'src/storefront/shop/QuickAdd.island.tsx',
    'src/storefront/cart/CartStatus.island.tsx',
    COLLECTOR,
  ],
  'content page, first visit': [COLLECTOR],
};

export function pageScripts(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  // An island shared by several others becomes a `_Name-hash.js` chunk instead of a
  // source key, so look it up by its file's base name too.
  const keyOf = (name) => {
    if (manifest[name]) return name;
    const base = name
      .split('/')
      .at(-1)
      .replace(/\.[jt]sx?$/, '');
    return Object.keys(manifest).find((k) => k.startsWith(`_${base}-`));
  };
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (!key || seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return [...seen].map((k) => manifest[k].file);
  };
  const rows = [];
  for (const [page, islands] of Object.entries(PAGE_ISLANDS)) {
    const keys = [ENTRY, ...islands.map(keyOf)];
    // With the editor entry importing React DOM too, it becomes a shared `_client-…` chunk.
    if (islands.some((island) => island !== COLLECTOR)) keys.push(keyOf(REACT_DOM));
    const files = closure(keys);
    const sizes = files.map((file) => {
      const bytes = readFileSync(join(distDir, file));
      return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
    rows.push({
      page,
      files: sizes,
      bytes: sizes.reduce((s, f) => s + f.bytes, 0),
      gzip: sizes.reduce((s, f) => s + f.gzip, 0),
    });
  }
  return rows;
}

export function formatReport(rows) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = ['JavaScript per storefront page (gzipped):'];
  for (const row of rows) {
    lines.push(`  ${row.page.padEnd(28)} ${kb(row.gzip).padStart(9)} gzip  (${kb(row.bytes)} raw)`);
    for (const f of row.files) lines.push(`      ${f.file.padEnd(44)} ${kb(f.gzip).padStart(9)}`);
  }
  return lines.join('\n');
}
