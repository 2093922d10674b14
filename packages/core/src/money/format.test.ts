import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyAmount, formatMoneyCldr, formatMoneyDefault } from './format';
import { money } from './money';

describe('formatMoney (default format)', () => {
  it.each([
    [123456, 'USD', '$1,234.56'],
    [1235, 'JPY', '¥1,235'],
    [123456, 'EUR', '€1,234.56'],
    [123456, 'GBP', '£1,234.56'],
    [123456, 'NOK', '1,234.56 kr'],
    [123456, 'DKK', '1,234.56 kr'],
    [123456, 'SEK', '1,234.56 kr'],
    [123456, 'CHF', 'CHF 1,234.56'],
    [123456, 'AUD', 'A$1,234.56'],
    [123456, 'CZK', '1,234.56 Kč'],
    [5, 'USD', '$0.05'],
    [0, 'USD', '$0.00'],
    [123456789012, 'USD', '$1,234,567,890.12'],
    [-123456, 'USD', '-$1,234.56'],
    [-123456, 'SEK', '-1,234.56 kr'],
  ] as const)('formats %i %s as %s', (minor, currency, expected) => {
    expect(formatMoney(money(minor, currency))).toBe(expected);
    expect(formatMoneyDefault(money(minor, currency))).toBe(expected);
  });

  it('groups the number alone with comma thousands and a decimal point', () => {
    expect(formatMoneyAmount(money(100000000, 'USD'))).toBe('1,000,000.00');
    expect(formatMoneyAmount(money(1000, 'JPY'))).toBe('1,000');
  });

  it('groups every amount so that removing commas gives back the decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e14 }), (minor) => {
        const text = formatMoneyAmount(money(minor, 'USD'));
        expect(/^\d{1,3}(,\d{3})*\.\d{2}$/.test(text)).toBe(true);
        expect(Math.round(Number(text.replaceAll(',', '')) * 100)).toBe(minor);
      }),
    );
  });
});

describe('formatMoney (CLDR mode)', () => {
  it('formats with the shopper locale through Intl', () => {
    const expected = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      1234.56,
    );
    expect(formatMoney(money(123456, 'EUR'), { useCLDRMoneyFormat: true, locale: 'de-DE' })).toBe(
      expected,
    );
    expect(formatMoneyCldr(money(123456, 'USD'))).toBe('$1,234.56');
    expect(formatMoneyCldr(money(1235, 'JPY'), 'en-US')).toBe('¥1,235');
  });
});
