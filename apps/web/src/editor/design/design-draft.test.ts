import { type FontFamilySummary, THEMES } from '@atelier/contract';
import { colourMessages } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import {
  colourFromFields,
  fieldsOf,
  filterFamilies,
  guideErrors,
  hexOf,
  nearestWeight,
  previewStack,
  ratioText,
  rgbOfHex,
  tabOfField,
  themeMatching,
  weightLabel,
  withValue,
} from './design-draft.ts';

const atelier = THEMES.atelier.styleGuide;

describe('the colour picker’s fields', () => {
  it('reads hex, RGB and HSL, with alpha typed as a percentage', () => {
    expect(colourFromFields('hex', ['#7A3E1D'], '100')).toEqual({
      ok: true,
      rgb: { r: 122, g: 62, b: 29, a: 1 },
    });
    expect(colourFromFields('hex', ['abc'], '')).toMatchObject({ ok: true, rgb: { r: 170, a: 1 } });
    expect(colourFromFields('rgb', ['255', '0', '0'], '50')).toEqual({
      ok: true,
      rgb: { r: 255, g: 0, b: 0, a: 0.5 },
    });
    expect(colourFromFields('hsl', ['0', '100', '50'], '100')).toEqual({
      ok: true,
      rgb: { r: 255, g: 0, b: 0, a: 1 },
    });
  });

  it('says what is wrong in core’s words', () => {
    expect(colourFromFields('hsl', ['400', '50', '50'], '100')).toEqual({
      ok: false,
      message: colourMessages.hueOutOfBounds,
    });
    expect(colourFromFields('hsl', ['40', '120', '50'], '100')).toEqual({
      ok: false,
      message: 'Saturation out of bounds.',
    });
    expect(colourFromFields('hsl', ['40', '20', '-1'], '100')).toEqual({
      ok: false,
      message: 'Lightness out of bounds.',
    });
    expect(colourFromFields('hsl', ['40', '', '50'], '100')).toEqual({
      ok: false,
      message: 'Missing an H/S/L value',
    });
    expect(colourFromFields('hex', ['#12345'], '100')).toEqual({
      ok: false,
      message: colourMessages.invalidHex,
    });
    expect(colourFromFields('rgb', ['256', '0', '0'], '100')).toEqual({
      ok: false,
      message: colourMessages.rgbOutOfBounds,
    });
    expect(colourFromFields('hex', ['#fff'], '120')).toEqual({
      ok: false,
      message: 'Alpha out of bounds.',
    });
  });

  it('stores a translucent colour with its alpha byte and shows each format', () => {
    expect(hexOf({ r: 255, g: 0, b: 0, a: 1 })).toBe('#ff0000');
    expect(hexOf({ r: 255, g: 0, b: 0, a: 0.5 })).toBe('#ff000080');
    expect(rgbOfHex('#ff000080').a).toBeCloseTo(0.502, 3);
    const rust = rgbOfHex('#7a3e1d');
    expect(fieldsOf(rust, 'hex')).toEqual(['#7a3e1d']);
    expect(fieldsOf(rust, 'rgb')).toEqual(['122', '62', '29']);
    expect(fieldsOf(rust, 'hsl')).toEqual(['21', '61.6', '29.6']);
  });
});

describe('the style guide’s field errors', () => {
  it('are keyed as the server keys them and worded as the schema words them', () => {
    expect(guideErrors(atelier)).toEqual({});
    const bad = withValue(withValue(atelier, 'radius', 40), 'type.baseSize', Number.NaN);
    expect(guideErrors(bad)).toEqual({
      'styleGuide.radius': 'From 0 to 32 px',
      'styleGuide.type.baseSize': 'Enter a number',
    });
    expect(guideErrors(withValue(atelier, 'palette.sand.label', ' '))).toEqual({
      'styleGuide.palette.sand.label': 'Name the colour',
    });
  });

  it('opens the tab a field is on', () => {
    expect(tabOfField('styleGuide.palette.sand.label')).toBe('colours');
    expect(tabOfField('styleGuide.colours.text')).toBe('colours');
    expect(tabOfField('styleGuide.fonts.body.family')).toBe('fonts');
    expect(tabOfField('styleGuide.radius')).toBe('layout');
  });

  it('changes one value without touching the guide it came from', () => {
    const changed = withValue(atelier, 'fonts.heading.weight', 700);
    expect(changed.fonts.heading.weight).toBe(700);
    expect(atelier.fonts.heading.weight).toBe(650);
    expect(themeMatching(atelier)).toBe('atelier');
    expect(themeMatching(changed)).toBeNull();
  });
});

describe('the font picker', () => {
  const family = (id: string, name: string, category: FontFamilySummary['category']) => ({
    id,
    name,
    category,
    weights: [400],
    hasItalic: false,
    previewCss: '',
  });
  const families = [
    family('inter', 'Inter', 'sans-serif'),
    family('playfair-display', 'Playfair Display', 'serif'),
    family('pacifico', 'Pacifico', 'script'),
  ];

  it('searches names by every word typed, within a category', () => {
    expect(filterFamilies(families, 'play', 'all').map((f) => f.id)).toEqual(['playfair-display']);
    expect(filterFamilies(families, 'display play', 'all')).toHaveLength(1);
    expect(filterFamilies(families, '', 'script').map((f) => f.id)).toEqual(['pacifico']);
    expect(filterFamilies(families, 'inter', 'serif')).toEqual([]);
  });

  it('keeps the nearest weight a new family has', () => {
    expect(nearestWeight([400, 700], 650)).toBe(700);
    expect(nearestWeight([300, 400, 500], 450)).toBe(500);
    expect(nearestWeight([400], 800)).toBe(400);
    expect(weightLabel(700)).toBe('Bold (700)');
    expect(weightLabel(650)).toBe('650');
  });

  it('sets a name in its own face with a generic fallback', () => {
    expect(previewStack(families[1]!)).toBe('"Playfair Display", serif');
    expect(previewStack(families[2]!)).toBe('"Pacifico", cursive');
    expect(ratioText(3.1849)).toBe('3.2:1');
  });
});
