import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY, getCurrency, isCurrencyCode } from './currencies';

describe('currencies', () => {
  it('lists the 27 store currencies in the spec order', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual([
      'EUR',
      'USD',
      'AUD',
      'NOK',
      'CAD',
      'NZD',
      'DKK',
      'GBP',
      'HKD',
      'CHF',
      'MXN',
      'SGD',
      'SEK',
      'CZK',
      'ILS',
      'PHP',
      'RUB',
      'PLN',
      'THB',
      'MYR',
      'ARS',
      'BRL',
      'COP',
      'IDR',
      'INR',
      'JPY',
      'ZAR',
    ]);
  });

  it('gives JPY no fraction digits and every other currency two', () => {
    for (const c of CURRENCIES) expect(c.fractionDigits).toBe(c.code === 'JPY' ? 0 : 2);
  });

  it('names every currency with a symbol', () => {
    for (const c of CURRENCIES) {
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.symbol.length).toBeGreaterThan(0);
    }
    expect(getCurrency('JPY').name).toBe('Japanese Yen');
  });

  it('defaults the store currency to USD', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(getCurrency('USD').symbol).toBe('$');
  });

  it('recognises only the listed codes', () => {
    expect(isCurrencyCode('NOK')).toBe(true);
    expect(isCurrencyCode('XXX')).toBe(false);
    expect(isCurrencyCode(42)).toBe(false);
  });
});
