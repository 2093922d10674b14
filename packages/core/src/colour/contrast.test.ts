import { describe, expect, it } from 'vitest';
import { parseHex, type Rgb } from './colour';
import { compositeOver, contrastRatio, mix, relativeLuminance } from './contrast';

const hex = (text: string): Rgb => {
  const parsed = parseHex(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

describe('WCAG contrast', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio(hex('#000'), hex('#fff'))).toBeCloseTo(21);
    expect(contrastRatio(hex('#7a3e1d'), hex('#7a3e1d'))).toBeCloseTo(1);
  });

  it('agrees with the WCAG figures for common greys, in either order', () => {
    // #767676 on white is the lightest grey that passes AA: 4.54:1.
    expect(contrastRatio(hex('#767676'), hex('#ffffff'))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(hex('#ffffff'), hex('#767676'))).toBeCloseTo(4.54, 2);
    expect(relativeLuminance(hex('#ffffff'))).toBeCloseTo(1);
  });

  it('composites a translucent text over its background first', () => {
    const halfBlack = { ...hex('#000000'), a: 0.5 };
    expect(compositeOver(halfBlack, hex('#ffffff'))).toEqual({ r: 128, g: 128, b: 128, a: 1 });
    expect(contrastRatio(halfBlack, hex('#ffffff'))).toBeCloseTo(
      contrastRatio(hex('#808080'), hex('#ffffff')),
    );
  });

  it('mixes two colours by weight', () => {
    expect(mix(hex('#000000'), hex('#ffffff'), 0.25)).toEqual({ r: 191, g: 191, b: 191, a: 1 });
  });
});
