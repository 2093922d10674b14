import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONT_CATALOG, type FontCategory, packageOf } from './catalog.ts';
import metricsJson from './font-metrics.json' with { type: 'json' };

export {
  type CatalogEntry,
  FONT_CATALOG,
  FONT_CATEGORIES,
  FONT_CATEGORY_LABELS,
  type FontCategory,
} from './catalog.ts';

// The site's web fonts (issue 25): the catalog's families read from their installed
// Fontsource packages, turned into @font-face rules with a metric-matched local fallback
// for each, and the files served by our own server under a versioned, immutable URL.

export type FontFamily = {
  id: string;
  name: string;
  category: FontCategory;
  isVariable: boolean;
  /** Weights the family has (a variable family: every hundred in its range). */
  weights: number[];
  hasItalic: boolean;
  subsets: string[];
  /** The package's version: part of the files' URL, so a new version is a new URL. */
  version: string;
};

type Metrics = {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
};
const METRICS = metricsJson as Record<string, Metrics>;

/** Local faces with near-identical metrics on every system, the fallback's base per category. */
const LOCAL_BASES = {
  sans: { metrics: 'arial', locals: ['Arial', 'ArialMT', 'Helvetica', 'Liberation Sans', 'Arimo'] },
  serif: {
    metrics: 'times-new-roman',
    locals: ['Times New Roman', 'TimesNewRomanPSMT', 'Times', 'Liberation Serif', 'Tinos'],
  },
  mono: {
    metrics: 'courier-new',
    locals: ['Courier New', 'CourierNewPSMT', 'Courier', 'Liberation Mono', 'Cousine'],
  },
} as const;
const baseOf = (category: FontCategory) =>
  category === 'serif' || category === 'slab-serif'
    ? LOCAL_BASES.serif
    : category === 'mono'
      ? LOCAL_BASES.mono
      : LOCAL_BASES.sans;

/** The generic family ending a stack, for a browser that has neither face. */
export const genericOf = (category: FontCategory): string =>
  category === 'serif' || category === 'slab-serif'
    ? 'serif'
    : category === 'mono'
      ? 'monospace'
      : category === 'script'
        ? 'cursive'
        : 'sans-serif';

/**
 * Unicode subsets a language's text needs beyond basic Latin; unlisted languages need
 * only `latin` (every face is split by subset with its unicode-range, so a browser
 * downloads only the files its page's characters fall in).
 */
const SUBSETS_OF_LANGUAGE: Record<string, string[]> = {
  cs: ['latin-ext'],
  pl: ['latin-ext'],
  ro: ['latin-ext'],
  hu: ['latin-ext'],
  tr: ['latin-ext'],
  hr: ['latin-ext'],
  sk: ['latin-ext'],
  sl: ['latin-ext'],
  lv: ['latin-ext'],
  lt: ['latin-ext'],
  vi: ['vietnamese', 'latin-ext'],
  ru: ['cyrillic'],
  uk: ['cyrillic', 'cyrillic-ext'],
  bg: ['cyrillic'],
  sr: ['cyrillic', 'latin-ext'],
  el: ['greek'],
};

/** The subsets a site in these languages (BCP 47 tags) needs, Latin first. */
export function subsetsForLanguages(languages: readonly string[]): string[] {
  const wanted = new Set(['latin']);
  for (const tag of languages) {
    for (const subset of SUBSETS_OF_LANGUAGE[tag.toLowerCase().split('-')[0] ?? ''] ?? []) {
      wanted.add(subset);
    }
  }
  return [...wanted];
}

const FILE_NAME = /^[a-z0-9-]+\.woff2$/;
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const quoted = (name: string) => `"${name.replace(/["\\]/g, '')}"`;

export type FontLibrary = ReturnType<typeof loadFontLibrary>;

/** Reads the catalog's packages once (a few dozen small JSON files), at start-up. */
export function loadFontLibrary() {
  const require = createRequire(import.meta.url);
  type Loaded = FontFamily & {
    dir: string;
    files: Set<string>;
    ranges: Record<string, string>;
  };
  const loaded = new Map<string, Loaded>();
  for (const entry of FONT_CATALOG) {
    const manifest = require.resolve(`${packageOf(entry)}/package.json`);
    const dir = dirname(manifest);
    const meta = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')) as {
      family: string;
      weights: number[];
      styles: string[];
      subsets: string[];
    };
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    loaded.set(entry.id, {
      id: entry.id,
      name: meta.family,
      category: entry.category,
      isVariable: entry.isVariable,
      weights: meta.weights,
      hasItalic: meta.styles.includes('italic'),
      subsets: meta.subsets,
      version,
      dir: join(dir, 'files'),
      files: new Set(readdirSync(join(dir, 'files')).filter((f) => FILE_NAME.test(f))),
      ranges: JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>,
    });
  }

  const fileOf = (family: Loaded, subset: string, weight: number, style: 'normal' | 'italic') =>
    family.isVariable
      ? `${family.id}-${subset}-wght-${style}.woff2`
      : `${family.id}-${subset}-${weight}-${style}.woff2`;

  /** The family's own weight nearest to `wanted` (a static family has only a few). */
  const nearestWeight = (family: Loaded, wanted: number) =>
    family.weights.reduce((best, w) => (Math.abs(w - wanted) < Math.abs(best - wanted) ? w : best));

  /** The stack a CSS property names: the web font, its metric-matched fallback, a generic. */
  function stackOf(id: string): string {
    const family = loaded.get(id);
    if (!family) throw new Error(`unknown font ${id}`);
    return `${quoted(family.name)}, ${quoted(`${family.name} Fallback`)}, ${genericOf(family.category)}`;
  }

  /**
   * The @font-face rules for one family in the weights a style guide uses and the site's
   * subsets, with the local fallback face sized to the font's metrics (CLS < 0.05 when
   * the web font swaps in), and the one file worth preloading (Latin, the body's weight).
   */
  function fontFaces(
    id: string,
    options: { weights: readonly number[]; subsets: readonly string[]; urlBase: string },
  ): { css: string; preload: string } {
    const family = loaded.get(id);
    if (!family) throw new Error(`unknown font ${id}`);
    const subsets = family.subsets.filter((s) => options.subsets.includes(s));
    if (!subsets.includes('latin') && family.subsets.includes('latin')) subsets.unshift('latin');
    const url = (file: string) => `${options.urlBase}/${family.id}/${family.version}/${file}`;
    const styles: ('normal' | 'italic')[] = family.hasItalic ? ['normal', 'italic'] : ['normal'];
    const weights = family.isVariable
      ? [family.weights[0] ?? 400]
      : [...new Set(options.weights.map((w) => nearestWeight(family, w)))];
    const rules: string[] = [];
    for (const style of styles) {
      for (const weight of weights) {
        for (const subset of subsets) {
          const file = fileOf(family, subset, weight, style);
          if (!family.files.has(file)) continue;
          const weightRange = family.isVariable
            ? `${family.weights[0]} ${family.weights[family.weights.length - 1]}`
            : String(weight);
          rules.push(
            `@font-face{font-family:${quoted(family.name)};font-style:${style};font-display:swap;` +
              `font-weight:${weightRange};src:url(${url(file)}) format("woff2");` +
              `unicode-range:${family.ranges[subset] ?? 'U+0000-00FF'}}`,
          );
        }
      }
    }
    const own = METRICS[family.id];
    const base = baseOf(family.category);
    const local = METRICS[base.metrics];
    if (own && local) {
      const sizeAdjust = own.xWidthAvg / own.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
      const scaled = (units: number) => percent(Math.abs(units) / own.unitsPerEm / sizeAdjust);
      rules.push(
        `@font-face{font-family:${quoted(`${family.name} Fallback`)};` +
          `src:${base.locals.map((name) => `local(${quoted(name)})`).join(',')};` +
          `size-adjust:${percent(sizeAdjust)};ascent-override:${scaled(own.ascent)};` +
          `descent-override:${scaled(own.descent)};line-gap-override:${scaled(own.lineGap)}}`,
      );
    }
    const bodyWeight = nearestWeight(family, options.weights[0] ?? 400);
    const preloadFile = fileOf(family, subsets[0] ?? 'latin', bodyWeight, 'normal');
    return { css: rules.join('\n'), preload: url(preloadFile) };
  }

  return {
    families: [...loaded.values()].map(
      ({ dir: _dir, files: _files, ranges: _ranges, ...family }) => family,
    ) as FontFamily[],
    has: (id: string) => loaded.has(id),
    stackOf,
    fontFaces,
    /**
     * The file a font URL names, or null: the family must be in the catalog, the version
     * the installed one (an old URL is not served stale content under an immutable
     * header), and the name one of the package's own woff2 files.
     */
    filePath(id: string, version: string, file: string): string | null {
      const family = loaded.get(id);
      if (!family || family.version !== version || !family.files.has(file)) return null;
      return join(family.dir, file);
    },
  };
}
