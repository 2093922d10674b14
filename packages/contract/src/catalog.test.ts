import { describe, expect, it } from 'vitest';
import { stockQuerySchema, subscriptionPlanSchema, variantSchema } from './catalog.ts';

describe('catalog contract', () => {
  it('accepts a variant in minor units and refuses fractional cents', () => {
    const variant = {
      id: 'v1',
      sku: 'LWS-M',
      optionValues: [{ optionName: 'Size', value: 'M' }],
      priceCents: 6800,
      salePriceCents: 5400,
      isOnSale: true,
      qtyInStock: 3,
      isUnlimited: false,
      imageId: null,
    };
    expect(variantSchema.parse(variant)).toEqual(variant);
    expect(variantSchema.safeParse({ ...variant, priceCents: 68.5 }).success).toBe(false);
    expect(variantSchema.safeParse({ ...variant, qtyInStock: -1 }).success).toBe(false);
  });

  it('asks for a product id in the stock query with a readable message', () => {
    const result = stockQuerySchema.safeParse({ itemId: 'shirt' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('itemId must be a product id');
    expect(stockQuerySchema.parse({ itemId: '0c4fa75b-3b73-4519-9c25-47b7f2146ba5' })).toBeTruthy();
  });

  it('knows only weekly, monthly and yearly plans; 0 cycles means until cancelled', () => {
    expect(
      subscriptionPlanSchema.parse({
        billingPeriod: { value: 1, unit: 'MONTH' },
        numBillingCycles: 0,
      }),
    ).toBeTruthy();
    expect(
      subscriptionPlanSchema.safeParse({
        billingPeriod: { value: 1, unit: 'DAY' },
        numBillingCycles: 0,
      }).success,
    ).toBe(false);
  });
});
