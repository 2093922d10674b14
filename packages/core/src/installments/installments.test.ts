import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-types';
import { money } from '../money/money';
import {
  AFTERPAY_MARKETS,
  INSTALLMENT_INTERVAL_DAYS,
  INSTALLMENT_RANGE_CENTS,
  installmentBrand,
  installmentOffer,
  installmentPayments,
  installmentPill,
  installmentSchedule,
  installmentTender,
  isInstallmentEligibleCart,
} from './installments';

const usd = (minor: number) => money(minor, 'USD');
const range = { min: usd(3500), max: usd(200000) };

describe('installment pill', () => {
  it("offers 'or {installmentStr} with' above the minimum and up to the maximum", () => {
    expect(installmentPill({ price: usd(10000), ...range })).toEqual({
      kind: 'in-range',
      text: 'or 4 interest-free payments of $25.00 with',
      payments: [usd(2500), usd(2500), usd(2500), usd(2500)],
    });
    expect(installmentPill({ price: usd(200000), ...range }).kind).toBe('in-range');
  });

  it('says the upper limit when the price is above the maximum', () => {
    expect(installmentPill({ price: usd(200001), ...range })).toEqual({
      kind: 'out-of-range',
      text: 'available for orders up to $2,000.00',
    });
  });

  it('says the lower limit when the price is at or below the minimum', () => {
    expect(installmentPill({ price: usd(3500), ...range })).toEqual({
      kind: 'out-of-range',
      text: 'available for orders over $35.00',
    });
  });

  it('takes another count and formatter', () => {
    const pill = installmentPill({
      price: usd(9000),
      ...range,
      count: 3,
      format: (m) => `${m.minorUnits}c`,
    });
    expect(pill.text).toBe('or 3 interest-free payments of 3000c with');
  });
});

describe('installmentPayments', () => {
  it('splits into 4 by default, odd cents first', () => {
    expect(installmentPayments(usd(1001)).map((p) => p.minorUnits)).toEqual([251, 250, 250, 250]);
  });

  it('always adds up to the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 12 }), (p, n) => {
        const parts = installmentPayments(usd(p), n).map((x) => x.minorUnits);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(p);
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('installment eligibility and markets', () => {
  it('needs every cart item to be physical', () => {
    expect(isInstallmentEligibleCart([ProductType.physical, ProductType.physical])).toBe(true);
    expect(isInstallmentEligibleCart([ProductType.physical, ProductType.digital])).toBe(false);
    expect(isInstallmentEligibleCart([])).toBe(false);
  });

  it('serves US en, CA en and fr, AU en, NZ en and GB en as Clearpay', () => {
    expect(Object.keys(AFTERPAY_MARKETS)).toEqual(['US', 'CA', 'AU', 'NZ', 'GB']);
    expect(installmentBrand({ country: 'US', language: 'en-US' })).toBe('Afterpay');
    expect(installmentBrand({ country: 'ca', language: 'fr_CA' })).toBe('Afterpay');
    expect(installmentBrand({ country: 'AU', language: 'en' })).toBe('Afterpay');
    expect(installmentBrand({ country: 'NZ', language: 'en' })).toBe('Afterpay');
    expect(installmentBrand({ country: 'GB', language: 'en_GB' })).toBe('Clearpay');
  });

  it('offers nothing elsewhere or in other languages', () => {
    expect(installmentBrand({ country: 'US', language: 'es' })).toBeNull();
    expect(installmentBrand({ country: 'FR', language: 'fr' })).toBeNull();
    expect(installmentBrand({ country: 'GB', language: '' })).toBeNull();
  });
});

describe('installment offer of a store', () => {
  const range = { minCents: INSTALLMENT_RANGE_CENTS.min, maxCents: INSTALLMENT_RANGE_CENTS.max };

  it('is nothing until the merchant turns messaging on', () => {
    expect(installmentOffer({ isEnabled: false, country: 'US', language: 'en-US' })).toBeNull();
    expect(installmentOffer({ isEnabled: true, country: 'US', language: 'en-US' })).toEqual({
      brand: 'Afterpay',
      ...range,
    });
  });

  it("names the brand of the store address's country and the store language", () => {
    expect(installmentOffer({ isEnabled: true, country: 'GB', language: 'en-GB' })?.brand).toBe(
      'Clearpay',
    );
    expect(installmentOffer({ isEnabled: true, country: 'CA', language: 'fr-CA' })?.brand).toBe(
      'Afterpay',
    );
    expect(installmentOffer({ isEnabled: true, country: 'FR', language: 'fr-FR' })).toBeNull();
    expect(installmentOffer({ isEnabled: true, country: 'AU', language: 'fr' })).toBeNull();
  });

  it("falls back to the language tag's region when the store has no address country", () => {
    expect(installmentOffer({ isEnabled: true, country: '', language: 'en-NZ' })?.brand).toBe(
      'Afterpay',
    );
    expect(installmentOffer({ isEnabled: true, country: null, language: 'en-GB' })?.brand).toBe(
      'Clearpay',
    );
    expect(installmentOffer({ isEnabled: true, country: null, language: 'en' })).toBeNull();
  });
});

describe('installment tender at checkout', () => {
  const offer = { brand: 'Afterpay' as const, minCents: 100, maxCents: 200_000 };
  const physical = [ProductType.physical, ProductType.physical];

  it('splits the charge into 4 payments that add up to it exactly, odd cents first', () => {
    const tender = installmentTender({ offer, productTypes: physical, total: usd(10_003) });
    expect(tender).toEqual({ brand: 'Afterpay', paymentsCents: [2501, 2501, 2501, 2500] });
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 200_000 }), (cents) => {
        const split = installmentTender({ offer, productTypes: physical, total: usd(cents) });
        expect(split?.paymentsCents.reduce((a, b) => a + b, 0)).toBe(cents);
        expect(split?.paymentsCents).toHaveLength(4);
        expect(
          Math.max(...(split?.paymentsCents ?? [])) - (split?.paymentsCents[3] ?? 0),
        ).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("follows the pill's rules: off, a non-physical item or out of range means none", () => {
    expect(installmentTender({ offer: null, productTypes: physical, total: usd(5000) })).toBeNull();
    expect(
      installmentTender({
        offer,
        productTypes: [ProductType.physical, ProductType.digital],
        total: usd(5000),
      }),
    ).toBeNull();
    expect(installmentTender({ offer, productTypes: physical, total: usd(100) })).toBeNull();
    expect(installmentTender({ offer, productTypes: physical, total: usd(200_001) })).toBeNull();
    expect(
      installmentTender({ offer, productTypes: physical, total: usd(200_000) }),
    ).not.toBeNull();
  });

  it('schedules the first payment now and the rest every two weeks', () => {
    const start = new Date('2026-01-01T10:00:00Z');
    const schedule = installmentSchedule([2501, 2501, 2501, 2500], start);
    expect(INSTALLMENT_INTERVAL_DAYS).toBe(14);
    expect(schedule.map((s) => [s.number, s.amountCents, s.dueAt.toISOString()])).toEqual([
      [1, 2501, '2026-01-01T10:00:00.000Z'],
      [2, 2501, '2026-01-15T10:00:00.000Z'],
      [3, 2501, '2026-01-29T10:00:00.000Z'],
      [4, 2500, '2026-02-12T10:00:00.000Z'],
    ]);
  });
});
