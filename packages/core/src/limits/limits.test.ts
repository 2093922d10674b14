import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clamp,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  isCaptchaCompact,
  isMobileWidth,
  isUsTerritory,
  isWithinUrlLength,
  MAX_BLOCKS_PER_LAYOUT,
  MAX_CATEGORY_LENGTH,
  MAX_GALLERY_SIZE,
  MAX_ITEMS_IN_USER_ORDERABLE_COLLECTION,
  MAX_NESTED_CATEGORIES,
  MAX_PRODUCTS_PER_COLLECTION,
  MAX_SMUGMUG_GALLERIES,
  MAX_TAG_LENGTH,
  MAX_TRACKS_PER_ALBUM,
  QUANTITY_DEFAULT,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUANTITY_STEP,
  URL_MAX_LENGTH,
} from './limits';

describe('business limits', () => {
  it('holds the limits of SPEC §9', () => {
    expect(MAX_BLOCKS_PER_LAYOUT).toBe(60);
    expect(MAX_TRACKS_PER_ALBUM).toBe(60);
    expect(MAX_ITEMS_IN_USER_ORDERABLE_COLLECTION).toBe(250);
    expect(MAX_PRODUCTS_PER_COLLECTION).toBe(200);
    expect(MAX_SMUGMUG_GALLERIES).toBe(20);
    expect(MAX_GALLERY_SIZE).toBe(50);
    expect(MAX_TAG_LENGTH).toBe(50);
    expect(MAX_CATEGORY_LENGTH).toBe(25);
    expect(MAX_NESTED_CATEGORIES).toBe(10000);
    expect(URL_MAX_LENGTH).toBe(2083);
    expect([EMAIL_MIN_LENGTH, EMAIL_MAX_LENGTH]).toEqual([3, 256]);
    expect([QUANTITY_MIN, QUANTITY_MAX, QUANTITY_STEP, QUANTITY_DEFAULT]).toEqual([1, 9999, 1, 1]);
  });

  it('treats 432 px as mobile and 433 px as desktop', () => {
    expect(isMobileWidth(432)).toBe(true);
    expect(isMobileWidth(433)).toBe(false);
  });

  it('shows a compact captcha under 320 px', () => {
    expect(isCaptchaCompact(319)).toBe(true);
    expect(isCaptchaCompact(320)).toBe(false);
  });

  it('knows the US territories', () => {
    expect(isUsTerritory('pr')).toBe(true);
    expect(isUsTerritory('CA')).toBe(false);
  });

  it('limits URLs to 2083 characters', () => {
    expect(isWithinUrlLength('x'.repeat(2083))).toBe(true);
    expect(isWithinUrlLength('x'.repeat(2084))).toBe(false);
  });

  it('clamps any number into its range', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer(), fc.nat(), (value, min, width) => {
        const result = clamp(value, min, min + width);
        expect(result).toBeGreaterThanOrEqual(min);
        expect(result).toBeLessThanOrEqual(min + width);
        if (value >= min && value <= min + width) expect(result).toBe(value);
      }),
    );
  });
});
