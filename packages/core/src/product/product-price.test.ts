import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-types';
import { isPricedOnProduct, productLevelPrice } from './product-price';

describe('where a product is priced', () => {
  it('prices digital goods (and paywall access) on the product, every other type per variant', () => {
    expect(isPricedOnProduct(ProductType.digital)).toBe(true);
    expect(isPricedOnProduct(ProductType.paywall)).toBe(true);
    expect(isPricedOnProduct(ProductType.physical)).toBe(false);
    expect(isPricedOnProduct(ProductType.service)).toBe(false);
    expect(isPricedOnProduct(ProductType.giftCard)).toBe(false);
  });

  it("reads a digital product's own price, sale price and sale flag", () => {
    expect(
      productLevelPrice({
        productType: ProductType.digital,
        priceCents: 1500,
        salePriceCents: 1200,
        isOnSale: true,
      }),
    ).toEqual({ priceCents: 1500, salePriceCents: 1200, isOnSale: true });
  });

  it("sends a digital product without a price of its own to its variant's", () => {
    expect(
      productLevelPrice({
        productType: ProductType.digital,
        priceCents: null,
        salePriceCents: null,
        isOnSale: false,
      }),
    ).toBeNull();
  });

  it('ignores a product-level price on a type priced per variant', () => {
    expect(
      productLevelPrice({
        productType: ProductType.physical,
        priceCents: 1500,
        salePriceCents: null,
        isOnSale: true,
      }),
    ).toBeNull();
  });
});
