import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampFormatDigits,
  createHsl,
  createHsv,
  createRgb,
  hslToHsv,
  hslToRgb,
  hsvToHsl,
  hsvToRgb,
  isLightByHexMidpoint,
  isLightByLuminance,
  LUMINANCE_LIGHT_THRESHOLD,
  parseHex,
  type Rgb,
  rgbToHsl,
  rgbToHsv,
  toHex,
  toRgbaString,
} from './colour';

const rgb = (r: number, g: number, b: number, a = 1): Rgb => ({ r, g, b, a });
const byte = fc.integer({ min: 0, max: 255 });
const anyRgb = fc.tuple(byte, byte, byte).map(([r, g, b]) => rgb(r, g, b));
const strip = ({ r, g, b }: Rgb) => ({ r, g, b });

describe('colour constructors', () => {
  it('builds valid colours with alpha defaulting to 1', () => {
    expect(createHsl({ h: 120, s: 0.5, l: 0.5 })).toEqual({
      ok: true,
      value: { h: 120, s: 0.5, l: 0.5, a: 1 },
    });
    expect(createHsv({ h: 360, s: 1, v: 0, a: 0 })).toEqual({
      ok: true,
      value: { h: 360, s: 1, v: 0, a: 0 },
    });
    expect(createRgb({ r: 0, g: 128, b: 255, a: 0.5 })).toEqual({
      ok: true,
      value: rgb(0, 128, 255, 0.5),
    });
  });

  it('words each out-of-bounds or missing value exactly', () => {
    expect(createHsl({ h: 361, s: 0, l: 0 })).toEqual({ ok: false, error: 'Hue out of bounds.' });
    expect(createHsl({ h: -1, s: 0, l: 0 })).toEqual({ ok: false, error: 'Hue out of bounds.' });
    expect(createHsl({ h: 0, s: 1.1, l: 0 })).toEqual({
      ok: false,
      error: 'Saturation out of bounds.',
    });
    expect(createHsl({ h: 0, s: 0, l: 2 })).toEqual({
      ok: false,
      error: 'Lightness out of bounds.',
    });
    expect(createHsl({ h: 0, s: 0, l: 0, a: 1.5 })).toEqual({
      ok: false,
      error: 'Alpha out of bounds.',
    });
    expect(createHsl({ h: 0, s: 0 })).toEqual({ ok: false, error: 'Missing an H/S/L value' });
    expect(createHsl({ h: null, s: 0, l: 0 })).toEqual({
      ok: false,
      error: 'Missing an H/S/L value',
    });
    expect(createHsl({ h: Number.NaN, s: 0, l: 0 })).toEqual({
      ok: false,
      error: 'Hue out of bounds.',
    });
  });

  it('checks HSV and RGB bounds too', () => {
    expect(createHsv({ h: 0, s: 0 })).toEqual({ ok: false, error: 'Missing an H/S/V value' });
    expect(createHsv({ h: 400, s: 0, v: 0 })).toEqual({ ok: false, error: 'Hue out of bounds.' });
    expect(createHsv({ h: 0, s: -1, v: 0 })).toEqual({
      ok: false,
      error: 'Saturation out of bounds.',
    });
    expect(createHsv({ h: 0, s: 0, v: 1.5 })).toEqual({ ok: false, error: 'Value out of bounds.' });
    expect(createHsv({ h: 0, s: 0, v: 1, a: -0.1 })).toEqual({
      ok: false,
      error: 'Alpha out of bounds.',
    });
    expect(createRgb({ r: 256, g: 0, b: 0 })).toEqual({
      ok: false,
      error: 'RGB value out of bounds.',
    });
    expect(createRgb({ r: 0, g: 0, b: 0, a: 2 })).toEqual({
      ok: false,
      error: 'Alpha out of bounds.',
    });
  });
});

describe('conversions', () => {
  it('converts primaries and greys', () => {
    expect(rgbToHsl(rgb(255, 0, 0))).toEqual({ h: 0, s: 1, l: 0.5, a: 1 });
    expect(rgbToHsl(rgb(0, 255, 0)).h).toBe(120);
    expect(rgbToHsl(rgb(0, 0, 255)).h).toBe(240);
    expect(rgbToHsl(rgb(255, 0, 255)).h).toBe(300);
    expect(rgbToHsl(rgb(128, 128, 128))).toMatchObject({ h: 0, s: 0 });
    expect(rgbToHsv(rgb(0, 0, 0))).toEqual({ h: 0, s: 0, v: 0, a: 1 });
    expect(hslToRgb({ h: 240, s: 1, l: 0.5, a: 0.3 })).toEqual(rgb(0, 0, 255, 0.3));
    expect(hsvToRgb({ h: 60, s: 1, v: 1, a: 1 })).toEqual(rgb(255, 255, 0));
    expect(hsvToRgb({ h: 360, s: 1, v: 1, a: 1 })).toEqual(rgb(255, 0, 0));
  });

  it('round-trips every RGB colour through HSL', () => {
    fc.assert(
      fc.property(anyRgb, (colour) => {
        expect(hslToRgb(rgbToHsl(colour))).toEqual(colour);
      }),
    );
  });

  it('round-trips every RGB colour through HSV', () => {
    fc.assert(
      fc.property(anyRgb, (colour) => {
        expect(hsvToRgb(rgbToHsv(colour))).toEqual(colour);
      }),
    );
  });

  it('round-trips HSL through HSV to the same RGB', () => {
    fc.assert(
      fc.property(anyRgb, (colour) => {
        const hsl = rgbToHsl(colour);
        expect(hslToRgb(hsvToHsl(hslToHsv(hsl)))).toEqual(colour);
      }),
    );
    expect(hsvToHsl({ h: 0, s: 0, v: 1, a: 1 })).toEqual({ h: 0, s: 0, l: 1, a: 1 });
    expect(hslToHsv({ h: 0, s: 0, l: 0, a: 1 })).toEqual({ h: 0, s: 0, v: 0, a: 1 });
  });

  it('keeps converted values inside their bounds', () => {
    fc.assert(
      fc.property(anyRgb, (colour) => {
        expect(createHsl(rgbToHsl(colour)).ok).toBe(true);
        expect(createHsv(rgbToHsv(colour)).ok).toBe(true);
      }),
    );
  });
});

describe('hex', () => {
  it('reads 3 or 6 digits with or without #', () => {
    expect(parseHex('#fff')).toEqual({ ok: true, value: rgb(255, 255, 255) });
    expect(parseHex('0a0')).toEqual({ ok: true, value: rgb(0, 170, 0) });
    expect(parseHex('#1A2b3C')).toEqual({ ok: true, value: rgb(26, 43, 60) });
  });

  it('rejects other lengths and non-hex digits', () => {
    for (const bad of ['#ff', '#ffff', '#fffffff', '#ggg', '', 'red']) {
      expect(parseHex(bad)).toEqual({ ok: false, error: 'Hex must be 3 or 6 digits.' });
    }
  });

  it('round-trips any colour through hex', () => {
    fc.assert(
      fc.property(anyRgb, (colour) => {
        const parsed = parseHex(toHex(colour));
        expect(parsed.ok && strip(parsed.value)).toEqual(strip(colour));
      }),
    );
    expect(toHex(rgb(255, 0, 16))).toBe('#ff0010');
    expect(toRgbaString(rgb(1, 2, 3, 0.5))).toBe('rgba(1, 2, 3, 0.5)');
  });
});

describe('light or dark', () => {
  it('midpoint rule: light when the hex value is above half of #ffffff', () => {
    expect(isLightByHexMidpoint(rgb(255, 255, 255))).toBe(true);
    expect(isLightByHexMidpoint(rgb(0x80, 0, 0))).toBe(true);
    expect(isLightByHexMidpoint(rgb(0x7f, 0xff, 0xff))).toBe(false);
  });

  it('luminance rule: light when luminance over 256 exceeds 0.65', () => {
    expect(LUMINANCE_LIGHT_THRESHOLD).toBe(0.65);
    expect(isLightByLuminance(rgb(255, 255, 255))).toBe(true);
    expect(isLightByLuminance(rgb(0x80, 0, 0))).toBe(false);
    expect(isLightByLuminance(rgb(167, 167, 167))).toBe(true);
    expect(isLightByLuminance(rgb(166, 166, 166))).toBe(false);
  });

  it('the two rules disagree on saturated colours, which is why both are named', () => {
    const darkRed = rgb(0x90, 0x10, 0x10);
    expect(isLightByHexMidpoint(darkRed)).not.toBe(isLightByLuminance(darkRed));
  });
});

describe('clampFormatDigits', () => {
  it('clamps to 0–50', () => {
    expect(clampFormatDigits(-3)).toBe(0);
    expect(clampFormatDigits(99)).toBe(50);
    expect(clampFormatDigits(Number.NaN)).toBe(0);
    fc.assert(
      fc.property(fc.double(), (d) => {
        const result = clampFormatDigits(d);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(50);
      }),
    );
  });
});
