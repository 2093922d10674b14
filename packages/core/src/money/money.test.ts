import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, type CurrencyCode } from './currencies';
import {
  addMoney,
  allocateDiscount,
  allocateMinorUnits,
  allocateMoney,
  compareMoney,
  decimalToMinorUnits,
  fromCents,
  isZeroMoney,
  money,
  multiplyMoney,
  parseMoney,
  subtractMoney,
  sumMoney,
  toDecimalString,
  toMajorUnits,
  zeroMoney,
} from './money';

const total = (parts: readonly number[]) => parts.reduce((a, b) => a + b, 0);

describe('parseMoney', () => {
  it('treats missing money as 0 USD', () => {
    expect(parseMoney(undefined)).toEqual({ ok: true, value: { minorUnits: 0, currency: 'USD' } });
    expect(parseMoney(null)).toEqual({ ok: true, value: { minorUnits: 0, currency: 'USD' } });
    expect(parseMoney({})).toEqual({ ok: true, value: { minorUnits: 0, currency: 'USD' } });
  });

  it('reads the {value, currency} form', () => {
    expect(parseMoney({ value: '12.34', currency: 'EUR' })).toEqual({
      ok: true,
      value: { minorUnits: 1234, currency: 'EUR' },
    });
  });

  it('reads the {decimalValue, currencyCode} form', () => {
    expect(parseMoney({ decimalValue: 5.5, currencyCode: 'GBP' })).toEqual({
      ok: true,
      value: { minorUnits: 550, currency: 'GBP' },
    });
  });

  it('keeps the currency when only the amount is missing', () => {
    expect(parseMoney({ value: '', currency: 'JPY' })).toEqual({
      ok: true,
      value: { minorUnits: 0, currency: 'JPY' },
    });
  });

  it('defaults a missing currency to USD', () => {
    expect(parseMoney({ value: '1' })).toEqual({ ok: true, value: money(100, 'USD') });
  });

  it('rejects an unknown currency and an unreadable amount', () => {
    expect(parseMoney({ value: '1', currency: 'XXX' })).toEqual({
      ok: false,
      error: 'unknown-currency',
    });
    expect(parseMoney({ value: 'abc', currency: 'USD' })).toEqual({
      ok: false,
      error: 'invalid-amount',
    });
  });

  it('rounds JPY to whole yen', () => {
    expect(parseMoney({ value: '1234.56', currency: 'JPY' })).toEqual({
      ok: true,
      value: money(1235, 'JPY'),
    });
  });
});

describe('decimalToMinorUnits', () => {
  it('rounds half away from zero on the digits, not on a double', () => {
    expect(decimalToMinorUnits(1.005, 'USD')).toEqual({ ok: true, value: 101 });
    expect(decimalToMinorUnits('-1.005', 'USD')).toEqual({ ok: true, value: -101 });
    expect(decimalToMinorUnits('1.004', 'USD')).toEqual({ ok: true, value: 100 });
  });

  it('accepts leading-dot, trailing-dot and signed forms', () => {
    expect(decimalToMinorUnits('.5', 'USD')).toEqual({ ok: true, value: 50 });
    expect(decimalToMinorUnits('5.', 'USD')).toEqual({ ok: true, value: 500 });
    expect(decimalToMinorUnits('+7', 'USD')).toEqual({ ok: true, value: 700 });
    expect(decimalToMinorUnits('-0.001', 'USD')).toEqual({ ok: true, value: 0 });
  });

  it('reads tiny doubles written in exponent notation', () => {
    expect(decimalToMinorUnits(1e-7, 'USD')).toEqual({ ok: true, value: 0 });
  });

  it('rejects non-finite, empty, huge and malformed amounts', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 1e21, '', '.', '1.2.3', '1e5', '$1']) {
      expect(decimalToMinorUnits(bad, 'USD')).toEqual({ ok: false, error: 'invalid-amount' });
    }
    expect(decimalToMinorUnits('99999999999999999', 'USD')).toEqual({
      ok: false,
      error: 'invalid-amount',
    });
  });

  it('round-trips any safe minor-unit amount through its decimal text', () => {
    const code = fc.constantFrom(...CURRENCIES.map((c) => c.code as CurrencyCode));
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), code, (minor, currency) => {
        const text = toDecimalString(money(minor, currency));
        expect(decimalToMinorUnits(text, currency)).toEqual({ ok: true, value: minor });
      }),
    );
  });
});

describe('money values', () => {
  it('rejects fractional minor units as a programming error', () => {
    expect(() => money(1.5)).toThrow(RangeError);
    expect(() => fromCents(Number.MAX_SAFE_INTEGER + 2, 'USD')).toThrow(RangeError);
  });

  it('spells decimal text and major units per currency', () => {
    expect(toDecimalString(money(123456, 'USD'))).toBe('1234.56');
    expect(toDecimalString(money(-5, 'EUR'))).toBe('-0.05');
    expect(toDecimalString(money(1235, 'JPY'))).toBe('1235');
    expect(toMajorUnits(money(1999, 'USD'))).toBe(19.99);
    expect(toMajorUnits(money(1999, 'JPY'))).toBe(1999);
  });

  it('adds, subtracts, multiplies and compares in minor units', () => {
    const a = money(1050, 'USD');
    const b = money(325, 'USD');
    expect(addMoney(a, b)).toEqual(money(1375, 'USD'));
    expect(subtractMoney(b, a)).toEqual(money(-725, 'USD'));
    expect(multiplyMoney(a, 3)).toEqual(money(3150, 'USD'));
    expect(sumMoney([a, b, b], 'USD')).toEqual(money(1700, 'USD'));
    expect(sumMoney([], 'EUR')).toEqual(zeroMoney('EUR'));
    expect(compareMoney(a, b)).toBe(1);
    expect(compareMoney(b, a)).toBe(-1);
    expect(compareMoney(a, a)).toBe(0);
    expect(isZeroMoney(zeroMoney())).toBe(true);
    expect(isZeroMoney(a)).toBe(false);
  });

  it('refuses to mix currencies or multiply by a fraction', () => {
    expect(() => addMoney(money(1, 'USD'), money(1, 'EUR'))).toThrow(TypeError);
    expect(() => multiplyMoney(money(1, 'USD'), 1.5)).toThrow(RangeError);
  });
});

describe('allocateMinorUnits', () => {
  it('splits by weight and gives leftover cents to the largest remainders', () => {
    expect(allocateMinorUnits(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinorUnits(1000, [5000, 3000, 2000])).toEqual([500, 300, 200]);
    expect(allocateMinorUnits(10, [1, 2])).toEqual([3, 7]);
  });

  it('splits evenly when every weight is zero, and returns nothing for no weights', () => {
    expect(allocateMinorUnits(5, [0, 0])).toEqual([3, 2]);
    expect(allocateMinorUnits(5, [])).toEqual([]);
  });

  it('allocates negative totals symmetrically', () => {
    expect(allocateMinorUnits(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateMinorUnits(0, [1, 2])).toEqual([0, 0]);
  });

  it('rejects negative or fractional weights', () => {
    expect(() => allocateMinorUnits(10, [-1, 2])).toThrow(RangeError);
    expect(() => allocateMinorUnits(10, [0.5])).toThrow(RangeError);
  });

  it('always adds up to the total, each part within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e12 }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          const parts = allocateMinorUnits(amount, weights);
          expect(parts).toHaveLength(weights.length);
          expect(total(parts)).toBe(amount);
          const weightSum = total(weights);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            const exact =
              weightSum === 0 ? amount / weights.length : (amount * weights[i]!) / weightSum;
            expect(Math.abs(part - exact)).toBeLessThanOrEqual(1.0001);
          });
        },
      ),
    );
  });
});

describe('allocateDiscount', () => {
  it('spreads a discount across lines without losing a cent', () => {
    const parts = allocateDiscount({
      discount: money(1000, 'USD'),
      lineTotals: [money(3333, 'USD'), money(3333, 'USD'), money(3334, 'USD')],
    });
    expect(parts.map((p) => p.minorUnits)).toEqual([333, 333, 334]);
    expect(allocateMoney(money(7, 'EUR'), [1, 1]).map((p) => p.minorUnits)).toEqual([4, 3]);
  });

  it('caps a discount larger than the order at the line totals', () => {
    const parts = allocateDiscount({
      discount: money(5000, 'USD'),
      lineTotals: [money(1000, 'USD'), money(2000, 'USD')],
    });
    expect(parts.map((p) => p.minorUnits)).toEqual([1000, 2000]);
  });

  it('refuses a discount in another currency', () => {
    expect(() =>
      allocateDiscount({ discount: money(1, 'EUR'), lineTotals: [money(1, 'USD')] }),
    ).toThrow(TypeError);
  });

  it('parts add up to the applied discount and never exceed a line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 15 }),
        (discount, lines) => {
          const parts = allocateDiscount({
            discount: money(discount, 'USD'),
            lineTotals: lines.map((l) => money(l, 'USD')),
          }).map((p) => p.minorUnits);
          expect(total(parts)).toBe(Math.min(discount, total(lines)));
          parts.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(lines[i]!);
          });
        },
      ),
    );
  });
});
