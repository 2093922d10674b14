/**
 * Colour models for the colour picker and theme rules (SPEC §3, §5, §9): RGB with
 * channels 0–255, HSL and HSV with hue 0–360 and the rest 0–1, each with alpha 0–1.
 * Constructors validate and return the spec's messages; conversions assume valid input.
 */
import { clamp } from '../limits/limits';
import { colourMessages } from '../messages';
import { err, ok, type Result } from '../result';

export interface Rgb {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface Hsl {
  h: number;
  s: number;
  l: number;
  a: number;
}

export interface Hsv {
  h: number;
  s: number;
  v: number;
  a: number;
}

const within = (value: number, min: number, max: number): boolean =>
  Number.isFinite(value) && value >= min && value <= max;

const checkAlpha = (a: number): string | null =>
  within(a, 0, 1) ? null : colourMessages.alphaOutOfBounds;

export const createRgb = ({
  r,
  g,
  b,
  a = 1,
}: {
  r: number;
  g: number;
  b: number;
  a?: number;
}): Result<Rgb, string> => {
  if (![r, g, b].every((c) => within(c, 0, 255))) return err(colourMessages.rgbOutOfBounds);
  const alphaError = checkAlpha(a);
  return alphaError ? err(alphaError) : ok({ r, g, b, a });
};

export const createHsl = (input: {
  h?: number | null;
  s?: number | null;
  l?: number | null;
  a?: number;
}): Result<Hsl, string> => {
  const { h, s, l, a = 1 } = input;
  if (h == null || s == null || l == null) return err(colourMessages.missingHsl);
  if (!within(h, 0, 360)) return err(colourMessages.hueOutOfBounds);
  if (!within(s, 0, 1)) return err(colourMessages.saturationOutOfBounds);
  if (!within(l, 0, 1)) return err(colourMessages.lightnessOutOfBounds);
  const alphaError = checkAlpha(a);
  return alphaError ? err(alphaError) : ok({ h, s, l, a });
};

export const createHsv = (input: {
  h?: number | null;
  s?: number | null;
  v?: number | null;
  a?: number;
}): Result<Hsv, string> => {
  const { h, s, v, a = 1 } = input;
  if (h == null || s == null || v == null) return err(colourMessages.missingHsv);
  if (!within(h, 0, 360)) return err(colourMessages.hueOutOfBounds);
  if (!within(s, 0, 1)) return err(colourMessages.saturationOutOfBounds);
  if (!within(v, 0, 1)) return err(colourMessages.valueOutOfBounds);
  const alphaError = checkAlpha(a);
  return alphaError ? err(alphaError) : ok({ h, s, v, a });
};

const hueOf = (r: number, g: number, b: number, max: number, delta: number): number => {
  if (delta === 0) return 0;
  let h: number;
  if (max === r) h = ((g - b) / delta) % 6;
  else if (max === g) h = (b - r) / delta + 2;
  else h = (r - g) / delta + 4;
  const degrees = h * 60;
  return degrees < 0 ? degrees + 360 : degrees;
};

export const rgbToHsv = ({ r, g, b, a }: Rgb): Hsv => {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const delta = max - Math.min(rn, gn, bn);
  return { h: hueOf(rn, gn, bn, max, delta), s: max === 0 ? 0 : delta / max, v: max, a };
};

export const rgbToHsl = ({ r, g, b, a }: Rgb): Hsl => {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const delta = max - min;
  const l = (max + min) / 2;
  const s = delta === 0 ? 0 : delta / (1 - Math.abs(2 * l - 1));
  return { h: hueOf(rn, gn, bn, max, delta), s: Math.min(1, s), l, a };
};

const channel = (value: number): number => Math.round(clamp(value, 0, 1) * 255);

const fromChroma = ({ h, chroma, m, a }: { h: number; chroma: number; m: number; a: number }) => {
  const sector = (h % 360) / 60;
  const x = chroma * (1 - Math.abs((sector % 2) - 1));
  const [r1, g1, b1] =
    sector < 1
      ? [chroma, x, 0]
      : sector < 2
        ? [x, chroma, 0]
        : sector < 3
          ? [0, chroma, x]
          : sector < 4
            ? [0, x, chroma]
            : sector < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return { r: channel(r1 + m), g: channel(g1 + m), b: channel(b1 + m), a };
};

/** Channels come back as whole numbers 0–255. */
export const hslToRgb = ({ h, s, l, a }: Hsl): Rgb => {
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  return fromChroma({ h, chroma, m: l - chroma / 2, a });
};

export const hsvToRgb = ({ h, s, v, a }: Hsv): Rgb => {
  const chroma = v * s;
  return fromChroma({ h, chroma, m: v - chroma, a });
};

export const hslToHsv = ({ h, s, l, a }: Hsl): Hsv => {
  const v = l + s * Math.min(l, 1 - l);
  return { h, s: v === 0 ? 0 : 2 * (1 - l / v), v, a };
};

export const hsvToHsl = ({ h, s, v, a }: Hsv): Hsl => {
  const l = v * (1 - s / 2);
  return { h, s: l === 0 || l === 1 ? 0 : (v - l) / Math.min(l, 1 - l), l, a };
};

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc', 'abc', '#aabbcc' or 'aabbcc'; alpha is 1. */
export const parseHex = (text: string): Result<Rgb, string> => {
  const match = HEX.exec(text.trim());
  if (!match) return err(colourMessages.invalidHex);
  const digits = match[1]!;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const value = Number.parseInt(full, 16);
  return ok({ r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255, a: 1 });
};

const hexByte = (value: number): string =>
  Math.round(clamp(value, 0, 255))
    .toString(16)
    .padStart(2, '0');

export const toHex = ({ r, g, b }: Rgb): string => `#${hexByte(r)}${hexByte(g)}${hexByte(b)}`;

export const toRgbaString = ({ r, g, b, a }: Rgb): string => `rgba(${r}, ${g}, ${b}, ${a})`;

/**
 * Midpoint rule: a colour is light when its hex value, read as one number, is above half
 * of #ffffff. Crude (it mostly weighs red) but it is what existing themes were built on.
 */
export const isLightByHexMidpoint = (rgb: Rgb): boolean =>
  Number.parseInt(toHex(rgb).slice(1), 16) > 0xffffff / 2;

export const LUMINANCE_LIGHT_THRESHOLD = 0.65;

/**
 * Luminance rule: perceived luminance (Rec. 601 weights) over 256 above 0.65 is light.
 * Prefer this one for choosing text on a background; it follows what the eye sees.
 */
export const isLightByLuminance = ({ r, g, b }: Rgb): boolean =>
  (0.299 * r + 0.587 * g + 0.114 * b) / 256 > LUMINANCE_LIGHT_THRESHOLD;

/** Digits a numeric colour format may show, clamped to 0–50. */
export const clampFormatDigits = (digits: number): number =>
  Number.isFinite(digits) ? Math.round(clamp(digits, 0, 50)) : 0;
