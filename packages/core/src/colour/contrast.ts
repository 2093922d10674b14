import type { Rgb } from './colour';

// WCAG 2.2 contrast (SC 1.4.3): the style guide warns when a text colour and the
// background it sits on fall below AA, 4.5:1 for body text and 3:1 for large text.

export const AA_BODY_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;

const linear = (channel: number): number => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance, 0 (black) to 1 (white); alpha is ignored (composite first). */
export const relativeLuminance = ({ r, g, b }: Rgb): number =>
  0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/** A translucent colour as it shows over an opaque one. */
export const compositeOver = (top: Rgb, under: Rgb): Rgb => ({
  r: Math.round(top.r * top.a + under.r * (1 - top.a)),
  g: Math.round(top.g * top.a + under.g * (1 - top.a)),
  b: Math.round(top.b * top.a + under.b * (1 - top.a)),
  a: 1,
});

/** The contrast ratio of two colours, 1 to 21; a translucent text is composited first. */
export function contrastRatio(text: Rgb, background: Rgb): number {
  const shown = text.a < 1 ? compositeOver(text, background) : text;
  const [light, dark] = [relativeLuminance(shown), relativeLuminance(background)].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Mixes two colours, `weight` of the first (0–1): muted text and hairlines from the palette. */
export const mix = (first: Rgb, second: Rgb, weight: number): Rgb => ({
  r: Math.round(first.r * weight + second.r * (1 - weight)),
  g: Math.round(first.g * weight + second.g * (1 - weight)),
  b: Math.round(first.b * weight + second.b * (1 - weight)),
  a: 1,
});
