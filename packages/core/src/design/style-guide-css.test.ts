import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../colour/contrast';
import { contrastFindings, rgbOf, type StyleGuideInput, styleGuideCss } from './style-guide-css';

const guide: StyleGuideInput = {
  palette: {
    white: { label: 'White', value: '#ffffff' },
    rust: { label: 'Rust', value: '#7a3e1d' },
    ink: { label: 'Ink', value: '#1d1b19' },
  },
  colours: {
    background: '#fbfaf7',
    text: '#1d1b19',
    accent: '#7a3e1d',
    sale: '#a3241a',
    header: '#ffffff',
  },
  fonts: {
    heading: { family: 'playfair-display', weight: 500 },
    body: { family: 'inter', weight: 400 },
    button: { family: 'inter', weight: 600 },
  },
  type: { baseSize: 18, scale: 1.25, headingCase: 'uppercase', headingTracking: 0.02 },
  spacing: 1.2,
  radius: 8,
  contentWidth: 1200,
  buttons: { shape: 'pill', fill: 'solid', textCase: 'none' },
  links: { underline: 'hover' },
};
const stack = (family: string) => `"${family}", "${family} Fallback", sans-serif`;
const propertyOf = (css: string, selector: string, name: string) => {
  const rule = css.split('\n').find((line) => line.startsWith(`${selector}{`));
  return rule?.match(new RegExp(`(?:[{;])${name}:([^;}]+)`))?.[1];
};

describe('the style guide as CSS', () => {
  it('sets the page colours, fonts, type scale, corners and buttons on :root', () => {
    const css = styleGuideCss(guide, stack);
    expect(propertyOf(css, ':root', '--paper')).toBe('#fbfaf7');
    expect(propertyOf(css, ':root', '--font-heading')).toBe(stack('playfair-display'));
    expect(propertyOf(css, ':root', '--font-sans')).toBe(stack('inter'));
    expect(propertyOf(css, ':root', '--weight-heading')).toBe('500');
    expect(propertyOf(css, ':root', '--heading-case')).toBe('uppercase');
    expect(propertyOf(css, ':root', '--text-h4')).toBe('1.25rem');
    expect(propertyOf(css, ':root', '--text-h3')).toBe('1.5625rem');
    expect(propertyOf(css, ':root', '--button-radius')).toBe('999px');
    expect(propertyOf(css, ':root', '--max')).toBe('1200px');
    expect(propertyOf(css, ':root', '--link-decoration')).toBe('none');
    expect(propertyOf(css, ':root', '--link-hover-decoration')).toBe('underline');
    // Phones keep 16 px body text whatever the desktop size.
    expect(propertyOf(css, ':root', '--text-base')).toBe('1.125rem');
  });

  it('gives every palette colour a section rule whose text passes AA', () => {
    const css = styleGuideCss(guide, stack);
    for (const [name, { value }] of Object.entries(guide.palette)) {
      const text = propertyOf(css, `.page-section--bg-${name}`, 'color');
      const muted = propertyOf(css, `.page-section--bg-${name}`, '--muted');
      expect(text, name).toBeDefined();
      expect(contrastRatio(rgbOf(text ?? ''), rgbOf(value)), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgbOf(muted ?? ''), rgbOf(value)), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(propertyOf(css, '.page-section--bg-ink', 'color')).toBe('#ffffff');
    expect(propertyOf(css, '.page-section--bg-white', 'color')).toBe('#1d1b19');
  });

  it('lets a solid button on a section of its own colour take the section link colour', () => {
    const css = styleGuideCss(guide, stack);
    const onRust = propertyOf(css, '.page-section--bg-rust', '--button-bg');
    expect(onRust).toBeDefined();
    expect(contrastRatio(rgbOf(onRust ?? ''), rgbOf('#7a3e1d'))).toBeGreaterThanOrEqual(3);
    expect(propertyOf(css, '.page-section--bg-white', '--button-bg')).toBeUndefined();
  });

  it('finds no contrast problem in a readable guide and names each failing pairing', () => {
    expect(contrastFindings(guide)).toEqual([]);
    const pale = {
      ...guide,
      colours: { ...guide.colours, text: '#b0b0b0', accent: '#ffd27a', header: '#202020' },
    };
    const pairings = contrastFindings(pale).map((f) => f.pairing);
    expect(pairings).toEqual(['Text on the page', 'Links and accents on the page']);
    expect(contrastFindings(pale)[0]).toMatchObject({ foreground: '#b0b0b0', required: 4.5 });
  });

  it('reads an eight-digit hex as a colour with alpha', () => {
    expect(rgbOf('#00000080')).toEqual({ r: 0, g: 0, b: 0, a: 0.502 });
  });
});
