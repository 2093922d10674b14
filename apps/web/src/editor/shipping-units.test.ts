import { describe, expect, it } from 'vitest';
import { fromGrams, fromMm, toGrams, toMm } from './shipping-units.ts';

describe('shipping units', () => {
  it('reads weights typed in each unit into whole grams', () => {
    expect(toGrams('1.5', 'kg')).toBe(1500);
    expect(toGrams('2', 'lb')).toBe(907);
    expect(toGrams('8', 'oz')).toBe(227);
    expect(toGrams('1,25', 'kg')).toBe(1250);
    expect(toGrams('350', 'g')).toBe(350);
    for (const text of ['heavy', '', '-1', '1e3']) expect(toGrams(text, 'kg')).toBeNaN();
  });

  it('reads sizes typed in cm or in into whole millimetres', () => {
    expect(toMm('30', 'cm')).toBe(300);
    expect(toMm('20.5', 'cm')).toBe(205);
    expect(toMm('10', 'in')).toBe(254);
    expect(toMm('2.5', 'in')).toBe(64);
    expect(toMm('wide', 'in')).toBeNaN();
  });

  it('shows stored values in the unit they were typed in again', () => {
    expect(fromGrams(1500, 'kg')).toBe('1.5');
    expect(fromGrams(907, 'lb')).toBe('2');
    expect(fromGrams(227, 'oz')).toBe('8');
    expect(fromGrams(1001, 'kg')).toBe('1.001');
    expect(fromMm(300, 'cm')).toBe('30');
    expect(fromMm(254, 'in')).toBe('10');
    for (const text of ['0.5', '2', '3.25', '12']) {
      expect(fromGrams(toGrams(text, 'lb'), 'lb')).toBe(text);
      expect(fromGrams(toGrams(text, 'oz'), 'oz')).toBe(text);
    }
    for (const text of ['0.5', '1.5', '2', '12']) expect(fromMm(toMm(text, 'in'), 'in')).toBe(text);
    // Whole millimetres hold an inch to about 0.04: 3.25 in is kept as 83 mm, shown as 3.27.
    expect(fromMm(toMm('3.25', 'in'), 'in')).toBe('3.27');
  });
});
