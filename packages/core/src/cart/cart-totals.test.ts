import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-types';
import { computeCartTotals, effectiveUnitPriceCents, lineTotalCents } from './cart-totals';

describe('cart totals', () => {
  it('an empty cart is zero and not digital', () => {
    expect(computeCartTotals([])).toEqual({
      subtotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
    });
  });

  it('adds lines in minor units and counts every unit', () => {
    const totals = computeCartTotals([
      { productType: ProductType.physical, unitPriceCents: 5400, quantity: 2 },
      { productType: ProductType.digital, unitPriceCents: 1200, quantity: 1 },
    ]);
    expect(totals).toEqual({
      subtotalCents: 12000,
      totalQuantity: 3,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
    });
  });

  it('needs no shipping for digital goods, gift cards and services', () => {
    const totals = computeCartTotals([
      { productType: ProductType.digital, unitPriceCents: 1200, quantity: 1 },
      { productType: ProductType.giftCard, unitPriceCents: 5000, quantity: 1 },
    ]);
    expect(totals.purelyDigital).toBe(true);
    expect(totals.requiresShipping).toBe(false);
    const service = computeCartTotals([
      { productType: ProductType.service, unitPriceCents: 4500, quantity: 1 },
    ]);
    expect(service).toMatchObject({ requiresShipping: false, purelyDigital: false });
  });

  it('the subtotal is always the sum of the line totals', () => {
    const line = fc.record({
      productType: fc.constantFrom(...Object.values(ProductType)),
      unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
      quantity: fc.integer({ min: 1, max: 9999 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const totals = computeCartTotals(lines);
        expect(totals.subtotalCents).toBe(lines.map(lineTotalCents).reduce((a, b) => a + b, 0));
        expect(Number.isInteger(totals.subtotalCents)).toBe(true);
      }),
    );
  });

  it('charges the sale price only while on sale and lower', () => {
    expect(
      effectiveUnitPriceCents({ priceCents: 6800, salePriceCents: 5400, isOnSale: true }),
    ).toBe(5400);
    expect(
      effectiveUnitPriceCents({ priceCents: 6800, salePriceCents: 5400, isOnSale: false }),
    ).toBe(6800);
    expect(effectiveUnitPriceCents({ priceCents: 6800, salePriceCents: 0, isOnSale: false })).toBe(
      6800,
    );
    expect(
      effectiveUnitPriceCents({ priceCents: 6800, salePriceCents: 7000, isOnSale: true }),
    ).toBe(6800);
  });
});
