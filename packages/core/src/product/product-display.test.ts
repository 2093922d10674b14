import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-types';
import type { Product, Variant } from './product';
import {
  addButtonClassNames,
  addButtonText,
  DEFAULT_SCARCITY_TEXT,
  hasAdditionalFieldsForm,
  hasVariantSelectors,
  isOnSale,
  isSoldOut,
  productBadge,
  scarcityMessage,
  shouldShowQuantityInput,
  soldOutText,
  totalStock,
  UNLIMITED_STOCK,
  variantOptionNames,
} from './product-display';

const variant = (overrides: Partial<Variant> = {}): Variant => ({
  qtyInStock: 0,
  unlimited: false,
  ...overrides,
});

const product = (overrides: Partial<Product> = {}): Product => ({
  productType: ProductType.physical,
  variants: [variant({ qtyInStock: 5 })],
  ...overrides,
});

describe('isSoldOut', () => {
  it('is sold out when no physical variant has stock', () => {
    expect(isSoldOut(product({ variants: [variant(), variant()] }))).toBe(true);
    expect(isSoldOut(product({ variants: [] }))).toBe(true);
  });

  it('is in stock when any variant is unlimited or above zero', () => {
    expect(isSoldOut(product({ variants: [variant(), variant({ unlimited: true })] }))).toBe(false);
    expect(isSoldOut(product({ variants: [variant(), variant({ qtyInStock: 1 })] }))).toBe(false);
  });

  it('applies the same rule to services', () => {
    expect(isSoldOut(product({ productType: ProductType.service, variants: [variant()] }))).toBe(
      true,
    );
  });

  it('never sells out digital goods or gift cards', () => {
    expect(isSoldOut(product({ productType: ProductType.digital, variants: [variant()] }))).toBe(
      false,
    );
    expect(isSoldOut(product({ productType: ProductType.giftCard, variants: [variant()] }))).toBe(
      false,
    );
  });
});

describe('isOnSale and productBadge', () => {
  it('is on sale when any variant is', () => {
    const p = product({ variants: [variant({ qtyInStock: 1 }), variant({ onSale: true })] });
    expect(isOnSale(p)).toBe(true);
    expect(productBadge(p)).toBe('sale');
  });

  it('reads the product flag for digital goods, not the variants', () => {
    const variants = [variant({ onSale: true })];
    expect(isOnSale(product({ productType: ProductType.digital, variants }))).toBe(false);
    expect(isOnSale(product({ productType: ProductType.digital, variants, onSale: true }))).toBe(
      true,
    );
  });

  it('sold out takes precedence over sale', () => {
    expect(productBadge(product({ variants: [variant({ onSale: true })] }))).toBe('sold-out');
  });

  it('shows no badge for a full-price item in stock', () => {
    expect(productBadge(product())).toBeNull();
  });
});

describe('totalStock', () => {
  it('sums the variants', () => {
    expect(
      totalStock(product({ variants: [variant({ qtyInStock: 2 }), variant({ qtyInStock: 3 })] })),
    ).toBe(5);
  });

  it('ignores negative stock counts', () => {
    expect(
      totalStock(product({ variants: [variant({ qtyInStock: -4 }), variant({ qtyInStock: 3 })] })),
    ).toBe(3);
  });

  it('is unlimited for digital, gift cards and any unlimited variant', () => {
    expect(UNLIMITED_STOCK).toBe(Number.MAX_SAFE_INTEGER);
    expect(totalStock(product({ productType: ProductType.digital }))).toBe(UNLIMITED_STOCK);
    expect(totalStock(product({ productType: ProductType.giftCard }))).toBe(UNLIMITED_STOCK);
    expect(
      totalStock(product({ variants: [variant({ qtyInStock: 1 }), variant({ unlimited: true })] })),
    ).toBe(UNLIMITED_STOCK);
  });

  it('never exceeds the unlimited marker', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10, max: Number.MAX_SAFE_INTEGER })), (counts) => {
        const stock = totalStock(
          product({ variants: counts.map((qtyInStock) => variant({ qtyInStock })) }),
        );
        expect(stock).toBeGreaterThanOrEqual(0);
        expect(stock).toBeLessThanOrEqual(UNLIMITED_STOCK);
      }),
    );
  });
});

describe('shouldShowQuantityInput', () => {
  it('shows for a physical product with more than one in stock', () => {
    expect(
      shouldShowQuantityInput({ product: product({ variants: [variant({ qtyInStock: 2 })] }) }),
    ).toBe(true);
  });

  it('hides when total stock is 1 or less', () => {
    expect(
      shouldShowQuantityInput({ product: product({ variants: [variant({ qtyInStock: 1 })] }) }),
    ).toBe(false);
  });

  it('hides for subscribable products', () => {
    expect(shouldShowQuantityInput({ product: product({ isSubscribable: true }) })).toBe(false);
  });

  it('hides for services only when multiple quantities are disallowed', () => {
    const service = product({ productType: ProductType.service });
    expect(shouldShowQuantityInput({ product: service })).toBe(true);
    expect(
      shouldShowQuantityInput({ product: service, multipleQuantityAllowedForServices: false }),
    ).toBe(false);
  });

  it('shows none for digital goods, gift cards and paywall access', () => {
    for (const productType of [ProductType.digital, ProductType.giftCard, ProductType.paywall]) {
      expect(shouldShowQuantityInput({ product: product({ productType }) })).toBe(false);
    }
  });
});

describe('variant selectors and add button', () => {
  it('shows selectors only with more than one variant', () => {
    expect(hasVariantSelectors(product())).toBe(false);
    expect(hasVariantSelectors(product({ variants: [variant(), variant()] }))).toBe(true);
  });

  it('uses custom text when enabled', () => {
    expect(
      addButtonText({
        product: product({ useCustomAddButtonText: true, customAddButtonText: 'Pre-order' }),
      }),
    ).toBe('Pre-order');
  });

  it('ignores custom text when disabled or blank', () => {
    expect(addButtonText({ product: product({ customAddButtonText: 'Pre-order' }) })).toBe(
      'Add To Cart',
    );
    expect(
      addButtonText({
        product: product({ useCustomAddButtonText: true, customAddButtonText: ' ' }),
      }),
    ).toBe('Add To Cart');
  });

  it("reads 'Subscribe' for subscribable products and 'Add To Cart' otherwise", () => {
    expect(addButtonText({ product: product({ isSubscribable: true }) })).toBe('Subscribe');
    expect(addButtonText({ product: product() })).toBe('Add To Cart');
    expect(addButtonText({ product: product(), addToCartText: 'Buy' })).toBe('Buy');
    expect(
      addButtonText({ product: product({ isSubscribable: true }), subscribeText: 'Join' }),
    ).toBe('Join');
  });

  it("adds the 'use-form' class when a fields form exists", () => {
    expect(addButtonClassNames(product({ additionalFieldsFormId: 'f1' }))).toEqual(['use-form']);
    expect(hasAdditionalFieldsForm(product({ additionalFieldsForm: { id: 'f1' } }))).toBe(true);
    expect(addButtonClassNames(product())).toEqual([]);
  });
});

describe('sold-out text and scarcity', () => {
  it("reads 'Sold Out' unless the merchant set custom text", () => {
    expect(soldOutText()).toBe('Sold Out');
    expect(soldOutText('  ')).toBe('Sold Out');
    expect(soldOutText('Gone for the season')).toBe('Gone for the season');
  });

  it('shows scarcity at or under the threshold', () => {
    expect(scarcityMessage({ isEnabled: true, stock: 3, threshold: 3 })).toBe(
      'Only 3 left in stock',
    );
    expect(DEFAULT_SCARCITY_TEXT).toBe('Only {qty} left in stock');
    expect(
      scarcityMessage({ isEnabled: true, stock: 2, threshold: 5, text: 'Hurry, {qty} to go!' }),
    ).toBe('Hurry, 2 to go!');
  });

  it('hides scarcity when disabled, above threshold, sold out or unlimited', () => {
    expect(scarcityMessage({ isEnabled: false, stock: 1, threshold: 5 })).toBeNull();
    expect(scarcityMessage({ isEnabled: true, stock: 6, threshold: 5 })).toBeNull();
    expect(scarcityMessage({ isEnabled: true, stock: 0, threshold: 5 })).toBeNull();
    expect(scarcityMessage({ isEnabled: true, stock: UNLIMITED_STOCK, threshold: 5 })).toBeNull();
  });
});

describe('variantOptionNames', () => {
  it("prefers the merchant's ordering, else the first variant's attributes", () => {
    expect(variantOptionNames(product({ variantOptionOrdering: ['Size', 'Colour'] }))).toEqual([
      'Size',
      'Colour',
    ]);
    expect(
      variantOptionNames(product({ variants: [variant({ attributes: { Colour: 'Red' } })] })),
    ).toEqual(['Colour']);
    expect(variantOptionNames(product({ variants: [] }))).toEqual([]);
  });
});
