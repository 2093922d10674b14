import { describe, expect, it } from 'vitest';
import { formatWeight } from './weight';

describe('formatWeight', () => {
  it("shows grams in the store's unit with at most two decimals", () => {
    expect(formatWeight(5000, 'kg')).toBe('5 kg');
    expect(formatWeight(907, 'lb')).toBe('2 lb');
    expect(formatWeight(1250, 'kg')).toBe('1.25 kg');
    expect(formatWeight(227, 'oz')).toBe('8.01 oz');
    expect(formatWeight(750, 'g')).toBe('750 g');
  });
});
