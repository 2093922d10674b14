import { ProductType } from '@atelier/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBasisPointsHalfUp,
  computeCheckoutTotals,
  includedTaxHalfUp,
  priceShipping,
  shippingShortfall,
  shipsTo,
  type TotalsInput,
  zoneMiss,
} from './checkout-totals.ts';

const physical = (unitPriceCents: number, quantity = 1) => ({
  productType: ProductType.physical,
  unitPriceCents,
  quantity,
});
const giftCard = (unitPriceCents: number) => ({
  productType: ProductType.giftCard,
  unitPriceCents,
  quantity: 1,
});

// Each expected row was worked out by hand (see the comment beside it); amounts are minor
// units: cents for USD, yen for JPY (no fraction digits).
const cases: {
  name: string;
  input: TotalsInput;
  lines: [discount: number, tax: number][];
  totals: [sub: number, disc: number, ship: number, tax: number, gift: number, grand: number];
}[] = [
  {
    // USD: 68.00 + 2×24.00; 10% = 11.60 split 6.80/4.80; CA 7.25% per line:
    // 61.20→4.437→4.44, 43.20→3.132→3.13; total 116.00−11.60+6.95+7.57 = 118.92; gift 50.
    name: 'USD 10% coupon, flat shipping, tax on goods only, partial gift card',
    input: {
      lines: [physical(6800), physical(2400, 2)],
      shippingCents: 695,
      coupon: { kind: 'percentage', percentBp: 1000 },
      tax: { rateBp: 725, appliesToShipping: false },
      giftCardBalanceCents: 5000,
    },
    lines: [
      [680, 444],
      [480, 313],
    ],
    totals: [11600, 1160, 695, 757, 5000, 6892],
  },
  {
    // USD: three 10.00 lines, $1 off → 34/33/33 (the leftover cent to the first tie);
    // 10% tax: 9.66→0.97, 9.67→0.97, 9.67→0.97, shipping 5.00→0.50; 30−1+5+3.41 = 37.41,
    // all paid by a larger gift card.
    name: 'USD fixed discount with remainders, shipping taxed, gift card covers all',
    input: {
      lines: [physical(1000), physical(1000), physical(1000)],
      shippingCents: 500,
      coupon: { kind: 'fixed_amount', amountCents: 100 },
      tax: { rateBp: 1000, appliesToShipping: true },
      giftCardBalanceCents: 10_000,
    },
    lines: [
      [34, 97],
      [33, 97],
      [33, 97],
    ],
    totals: [3000, 100, 500, 341, 3741, 0],
  },
  {
    // USD: a gift card line is neither discounted nor taxed; free shipping zeroes 6.95,
    // so no shipping tax; 8% of 20.00 = 1.60.
    name: 'USD free-shipping coupon, gift card line untaxed',
    input: {
      lines: [giftCard(5000), physical(2000)],
      shippingCents: 695,
      coupon: { kind: 'free_shipping' },
      tax: { rateBp: 800, appliesToShipping: true },
      giftCardBalanceCents: 0,
    },
    lines: [
      [0, 0],
      [0, 160],
    ],
    totals: [7000, 0, 0, 160, 0, 7160],
  },
  {
    // USD: 12.5% of 10.04 = 1.255 → 1.26 (half-up).
    name: 'USD percentage rounds half-up',
    input: {
      lines: [physical(1004)],
      shippingCents: 0,
      coupon: { kind: 'percentage', percentBp: 1250 },
      tax: null,
      giftCardBalanceCents: 0,
    },
    lines: [[126, 0]],
    totals: [1004, 126, 0, 0, 0, 878],
  },
  {
    // JPY: ¥1500 + 3×¥980 = ¥4440; 10% = ¥444 split 150/294; 10% tax: 1350→135,
    // 2646→264.6→265, shipping 800→80; 4440−444+800+480 = ¥5276; gift ¥3000.
    name: 'JPY 10% coupon, taxed shipping, partial gift card',
    input: {
      lines: [physical(1500), physical(980, 3)],
      shippingCents: 800,
      coupon: { kind: 'percentage', percentBp: 1000 },
      tax: { rateBp: 1000, appliesToShipping: true },
      giftCardBalanceCents: 3000,
    },
    lines: [
      [150, 135],
      [294, 265],
    ],
    totals: [4440, 444, 800, 480, 3000, 2276],
  },
  {
    // JPY: 7% per line: 1999→139.93→140, 1→0.07→0 (per-line rounding, documented).
    name: 'JPY tax rounds per line',
    input: {
      lines: [physical(1999), physical(1)],
      shippingCents: 0,
      coupon: null,
      tax: { rateBp: 700, appliesToShipping: false },
      giftCardBalanceCents: 0,
    },
    lines: [
      [0, 140],
      [0, 0],
    ],
    totals: [2000, 0, 0, 140, 0, 2140],
  },
  {
    // JPY: ¥2000 off a ¥1000 cart is capped at ¥1000; nothing left to pay or to tax.
    name: 'JPY fixed discount never takes the order below zero',
    input: {
      lines: [physical(333), physical(667)],
      shippingCents: 0,
      coupon: { kind: 'fixed_amount', amountCents: 2000 },
      tax: { rateBp: 1000, appliesToShipping: false },
      giftCardBalanceCents: 500,
    },
    lines: [
      [333, 0],
      [667, 0],
    ],
    totals: [1000, 1000, 0, 0, 0, 0],
  },
];

describe('checkout totals', () => {
  it.each(cases)('$name', ({ input, lines, totals }) => {
    const result = computeCheckoutTotals(input);
    expect(result.lines.map((l) => [l.discountCents, l.taxCents])).toEqual(lines);
    expect([
      result.subtotalCents,
      result.discountCents,
      result.shippingCents,
      result.taxCents,
      result.giftCardCents,
      result.grandTotalCents,
    ]).toEqual(totals);
  });

  it('always adds up: lines to the order, and never a negative amount', () => {
    const line = fc.record({
      productType: fc.constantFrom(1, 2, 3, 4),
      unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 50 }),
    });
    const coupon = fc.oneof(
      fc.constant(null),
      fc.record({
        kind: fc.constant('percentage' as const),
        percentBp: fc.integer({ min: 0, max: 10_000 }),
      }),
      fc.record({
        kind: fc.constant('fixed_amount' as const),
        amountCents: fc.integer({ min: 0, max: 10_000_000 }),
      }),
      fc.constant({ kind: 'free_shipping' as const }),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000 }),
        coupon,
        fc.option(
          fc.record({
            rateBp: fc.integer({ min: 0, max: 10_000 }),
            appliesToShipping: fc.boolean(),
          }),
        ),
        fc.integer({ min: 0, max: 10_000_000 }),
        (lines, shippingCents, c, tax, giftCardBalanceCents) => {
          const r = computeCheckoutTotals({
            lines,
            shippingCents,
            coupon: c,
            tax,
            giftCardBalanceCents,
          });
          const sum = (pick: (l: (typeof r.lines)[number]) => number) =>
            r.lines.reduce((a, l) => a + pick(l), 0);
          expect(sum((l) => l.lineTotalCents)).toBe(r.subtotalCents);
          expect(sum((l) => l.discountCents)).toBe(r.discountCents);
          expect(sum((l) => l.taxCents)).toBeLessThanOrEqual(r.taxCents);
          expect(r.discountCents).toBeLessThanOrEqual(r.subtotalCents);
          expect(r.totalCents).toBe(
            r.subtotalCents - r.discountCents + r.shippingCents + r.taxCents,
          );
          expect(r.grandTotalCents).toBeGreaterThanOrEqual(0);
          expect(r.giftCardCents).toBeLessThanOrEqual(giftCardBalanceCents);
          expect(r.giftCardCents + r.grandTotalCents).toBe(r.totalCents);
        },
      ),
    );
  });

  it('takes tax out of tax-inclusive prices instead of adding it', () => {
    // €120.00 incl. 20% VAT, 10% off: €108.00 holds €18.00 VAT; €9.00 shipping, taxed,
    // holds €1.50. The total is what the prices say: 108.00 + 9.00 = 117.00.
    const totals = computeCheckoutTotals({
      lines: [physical(12_000), giftCard(5_000)],
      shippingCents: 900,
      coupon: { kind: 'percentage', percentBp: 1000 },
      tax: { rateBp: 2000, appliesToShipping: true, isIncluded: true },
      giftCardBalanceCents: 0,
    });
    expect(totals.lines.map((l) => l.taxCents)).toEqual([1800, 0]);
    expect(totals.taxCents).toBe(1800 + 150);
    expect(totals.totalCents).toBe(10_800 + 5_000 + 900);
    // The same order with tax added on top, for contrast.
    const added = computeCheckoutTotals({
      lines: [physical(12_000)],
      shippingCents: 900,
      coupon: null,
      tax: { rateBp: 2000, appliesToShipping: true },
      giftCardBalanceCents: 0,
    });
    expect(added.totalCents).toBe(12_000 + 900 + 2400 + 180);
  });

  it('rounds included tax half-up', () => {
    // 7.25% inside 10.00: 1000 × 725 / 10 725 = 67.599… → 68; inside 0.15: 1.01… → 1.
    expect(includedTaxHalfUp(1000, 725)).toBe(68);
    expect(includedTaxHalfUp(15, 725)).toBe(1);
    expect(includedTaxHalfUp(0, 2000)).toBe(0);
    // 20% inside 0.03 is exactly 0.5 → 1 (half-up).
    expect(includedTaxHalfUp(3, 2000)).toBe(1);
  });

  it('rounds basis points half-up', () => {
    expect(applyBasisPointsHalfUp(1004, 1250)).toBe(126);
    expect(applyBasisPointsHalfUp(1003, 1250)).toBe(125);
    expect(applyBasisPointsHalfUp(0, 10_000)).toBe(0);
  });
});

describe('shipping rates', () => {
  const cart = { subtotalCents: 9_999, weightGrams: 2_100 };
  it('prices flat, free-over and by-weight options', () => {
    expect(
      priceShipping(
        { kind: 'flat', priceCents: 695, minSubtotalCents: null, perKgCents: null },
        cart,
      ),
    ).toBe(695);
    const freeOver = {
      kind: 'free_over' as const,
      priceCents: 0,
      minSubtotalCents: 10_000,
      perKgCents: null,
    };
    expect(priceShipping(freeOver, cart)).toBeNull();
    expect(priceShipping(freeOver, { ...cart, subtotalCents: 10_000 })).toBe(0);
    // 2.1 kg is three started kilograms
    expect(
      priceShipping(
        { kind: 'by_weight', priceCents: 400, minSubtotalCents: null, perKgCents: 150 },
        cart,
      ),
    ).toBe(850);
  });

  it('charges the first weight tier the cart fits in, limits inclusive', () => {
    const tiered = {
      kind: 'by_weight' as const,
      priceCents: 0,
      minSubtotalCents: null,
      perKgCents: null,
      weightTiers: [
        { upToGrams: 500, priceCents: 300 },
        { upToGrams: 2_000, priceCents: 600 },
        { upToGrams: null, priceCents: 1_200 },
      ],
    };
    expect(priceShipping(tiered, { ...cart, weightGrams: 0 })).toBe(300);
    expect(priceShipping(tiered, { ...cart, weightGrams: 500 })).toBe(300);
    expect(priceShipping(tiered, { ...cart, weightGrams: 501 })).toBe(600);
    expect(priceShipping(tiered, { ...cart, weightGrams: 2_000 })).toBe(600);
    expect(priceShipping(tiered, { ...cart, weightGrams: 50_000 })).toBe(1_200);
    const capped = { ...tiered, weightTiers: [{ upToGrams: 1_000, priceCents: 300 }] };
    expect(priceShipping(capped, cart)).toBeNull();
  });

  it('says what a cart falls short of when a rate is not offered', () => {
    const freeOver = {
      kind: 'free_over' as const,
      priceCents: 0,
      minSubtotalCents: 10_000,
      perKgCents: null,
    };
    expect(shippingShortfall(freeOver, cart)).toEqual({
      kind: 'below-minimum',
      minSubtotalCents: 10_000,
    });
    expect(shippingShortfall(freeOver, { ...cart, subtotalCents: 10_000 })).toBeNull();
    const capped = {
      kind: 'by_weight' as const,
      priceCents: 0,
      minSubtotalCents: null,
      perKgCents: null,
      weightTiers: [
        { upToGrams: 500, priceCents: 300 },
        { upToGrams: 2_000, priceCents: 600 },
      ],
    };
    expect(shippingShortfall(capped, cart)).toEqual({ kind: 'too-heavy', maxGrams: 2_000 });
    expect(shippingShortfall(capped, { ...cart, weightGrams: 2_000 })).toBeNull();
  });

  it('prices pickup at its own price whatever the cart', () => {
    const pickup = {
      kind: 'pickup' as const,
      priceCents: 0,
      minSubtotalCents: null,
      perKgCents: null,
    };
    expect(priceShipping(pickup, cart)).toBe(0);
  });
});

describe('shipping zones', () => {
  const usWest = [
    { country: 'US', regions: ['CA', 'OR'] },
    { country: 'CA', regions: [] },
  ];
  const flat = (zone: typeof usWest | null) => ({ kind: 'flat' as const, zone });

  it('ships everywhere without a zone, and pickup is never limited', () => {
    expect(shipsTo(flat(null), { country: 'JP' })).toBe(true);
    expect(shipsTo(flat(null), null)).toBe(true);
    expect(shipsTo({ kind: 'pickup', zone: usWest }, { country: 'JP' })).toBe(true);
  });

  it('matches the country, and the region when the zone names regions', () => {
    expect(shipsTo(flat(usWest), { country: 'US', region: 'CA' })).toBe(true);
    expect(shipsTo(flat(usWest), { country: 'US', region: ' or ' })).toBe(true);
    expect(shipsTo(flat(usWest), { country: 'US', region: 'NY' })).toBe(false);
    expect(shipsTo(flat(usWest), { country: 'US' })).toBe(false);
    expect(shipsTo(flat(usWest), { country: 'CA', region: 'QC' })).toBe(true);
    expect(shipsTo(flat(usWest), { country: 'ca' })).toBe(true);
    expect(shipsTo(flat(usWest), { country: 'FR' })).toBe(false);
  });

  it('offers a zoned rate only once the address is known', () => {
    expect(shipsTo(flat(usWest), null)).toBe(false);
  });

  it('names what of the address a zone does not hold, so the shopper is told why', () => {
    expect(zoneMiss(flat(usWest), null)).toBe('address');
    expect(zoneMiss(flat(usWest), { country: 'FR' })).toBe('country');
    expect(zoneMiss(flat(usWest), { country: 'US', region: 'NY' })).toBe('region');
    expect(zoneMiss(flat(usWest), { country: 'US' })).toBe('region');
    expect(zoneMiss(flat(usWest), { country: 'US', region: 'ca' })).toBeNull();
    expect(zoneMiss({ kind: 'pickup', zone: usWest }, { country: 'FR' })).toBeNull();
  });
});
