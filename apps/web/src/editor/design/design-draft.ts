import {
  type FontFamilySummary,
  type StyleGuide,
  styleGuideSchema,
  THEMES,
  type ThemeId,
} from '@atelier/contract';
import {
  colourMessages,
  createHsl,
  createRgb,
  hslToRgb,
  parseHex,
  type Rgb,
  rgbOf,
  rgbToHsl,
  toHex,
} from '@atelier/core';

// The Design screen's rules without a browser (issue 25): what the colour picker's fields
// make of what was typed, the style guide's field errors keyed as the server keys them,
// and the font picker's search and weights.

/** A field's error key, as the server's 400 names it (`styleGuide.colours.text`). */
export type FieldErrors = Record<string, string>;

/** Where a style guide field sits on the screen, so an error can open its tab. */
export type DesignTab = 'themes' | 'colours' | 'fonts' | 'layout';

export function tabOfField(path: string): DesignTab {
  const part = path.replace(/^styleGuide\./, '').split('.')[0];
  if (part === 'palette' || part === 'colours') return 'colours';
  if (part === 'fonts') return 'fonts';
  return 'layout';
}

/**
 * The guide's problems as the contract schema words them, keyed like the server's (so
 * one map serves both). A number field left empty or with letters in it holds NaN.
 */
export function guideErrors(guide: StyleGuide): FieldErrors {
  const parsed = styleGuideSchema.safeParse(guide);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = ['styleGuide', ...issue.path.map(String)].join('.');
    errors[key] ??= issue.code === 'invalid_type' ? 'Enter a number' : issue.message;
  }
  return errors;
}

/** A style guide with one value changed at a dotted path ('type.baseSize'). */
export function withValue(guide: StyleGuide, path: string, value: unknown): StyleGuide {
  const next = structuredClone(guide) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let at = next;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys[keys.length - 1] as string] = value;
  return next as unknown as StyleGuide;
}

export const sameGuide = (a: StyleGuide, b: StyleGuide) => JSON.stringify(a) === JSON.stringify(b);

/** The theme whose guide this is, exactly, if any. */
export const themeMatching = (guide: StyleGuide): ThemeId | null =>
  (Object.keys(THEMES) as ThemeId[]).find((id) => sameGuide(THEMES[id].styleGuide, guide)) ?? null;

// ---- Colour ----

/** A stored colour as the picker works with it: RGB 0–255 and alpha 0–1. */
export const rgbOfHex = (hex: string): Rgb => rgbOf(hex.toLowerCase());

/** The stored form: '#rrggbb', or '#rrggbbaa' when translucent. */
export function hexOf(rgb: Rgb): string {
  const opaque = toHex(rgb);
  if (rgb.a >= 1) return opaque;
  return `${opaque}${Math.round(rgb.a * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

/** Percent text of a 0–1 fraction, without trailing zeros ('45', '12.5'). */
export const percentText = (fraction: number) => String(Math.round(fraction * 1000) / 10);

export type ColourFormat = 'hex' | 'rgb' | 'hsl';

/** What the fields of a format show for a colour. */
export function fieldsOf(rgb: Rgb, format: ColourFormat): string[] {
  if (format === 'hex') return [toHex(rgb)];
  if (format === 'rgb') return [String(rgb.r), String(rgb.g), String(rgb.b)];
  const hsl = rgbToHsl(rgb);
  return [String(Math.round(hsl.h)), percentText(hsl.s), percentText(hsl.l)];
}

/** A typed number, or null for an empty field (NaN for text that is not one). */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The colour a format's fields say, or core's message for what is wrong (SPEC §5:
 * 'Hue out of bounds.', 'Missing an H/S/L value', …). Saturation, lightness and alpha are
 * typed as percentages and checked as the fractions core knows.
 */
export function colourFromFields(
  format: ColourFormat,
  fields: readonly string[],
  alphaText: string,
): { ok: true; rgb: Rgb } | { ok: false; message: string } {
  const alphaNumber = numberOf(alphaText);
  const a = alphaNumber === null ? 1 : alphaNumber / 100;
  if (!Number.isFinite(a) || a < 0 || a > 1)
    return { ok: false, message: colourMessages.alphaOutOfBounds };
  if (format === 'hex') {
    const parsed = parseHex(fields[0] ?? '');
    return parsed.ok
      ? { ok: true, rgb: { ...parsed.value, a } }
      : { ok: false, message: parsed.error };
  }
  if (format === 'rgb') {
    const [r, g, b] = fields.map(numberOf);
    if (r == null || g == null || b == null)
      return { ok: false, message: colourMessages.rgbOutOfBounds };
    const made = createRgb({ r, g, b, a });
    return made.ok
      ? { ok: true, rgb: { ...made.value, r: Math.round(r), g: Math.round(g), b: Math.round(b) } }
      : { ok: false, message: made.error };
  }
  const [h, s, l] = fields.map(numberOf);
  const made = createHsl({
    h,
    s: s == null ? null : s / 100,
    l: l == null ? null : l / 100,
    a,
  });
  return made.ok ? { ok: true, rgb: hslToRgb(made.value) } : { ok: false, message: made.error };
}

// ---- Fonts ----

/** Families whose name holds the search, in a category ('all' for every one). */
export function filterFamilies(
  families: readonly FontFamilySummary[],
  search: string,
  category: string,
): FontFamilySummary[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return families.filter(
    (family) =>
      (category === 'all' || family.category === category) &&
      words.every((word) => family.name.toLowerCase().includes(word)),
  );
}

/** The weight a family has nearest to the one wanted (the heavier one on a tie). */
export function nearestWeight(weights: readonly number[], wanted: number): number {
  let best = weights[0] ?? 400;
  for (const weight of weights) {
    const closer = Math.abs(weight - wanted) < Math.abs(best - wanted);
    const tieHeavier = Math.abs(weight - wanted) === Math.abs(best - wanted) && weight > best;
    if (closer || tieHeavier) best = weight;
  }
  return best;
}

const WEIGHT_NAMES: Record<number, string> = {
  100: 'Thin',
  200: 'Extra light',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'Semibold',
  700: 'Bold',
  800: 'Extra bold',
  900: 'Black',
};

/** '650' → '650', '700' → 'Bold (700)'. */
export const weightLabel = (weight: number) =>
  WEIGHT_NAMES[weight] ? `${WEIGHT_NAMES[weight]} (${weight})` : String(weight);

/** The CSS stack a preview sets a family's name in: its face, then a generic family. */
export function previewStack(family: Pick<FontFamilySummary, 'name' | 'category'>): string {
  const generic =
    family.category === 'serif' || family.category === 'slab-serif'
      ? 'serif'
      : family.category === 'mono'
        ? 'monospace'
        : family.category === 'script'
          ? 'cursive'
          : 'sans-serif';
  return `"${family.name.replaceAll('"', '')}", ${generic}`;
}

/** The contrast ratio as people read it: '3.2:1'. */
export const ratioText = (ratio: number) => `${Math.round(ratio * 10) / 10}:1`;
