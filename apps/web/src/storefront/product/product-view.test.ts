import type { Product, Variant } from '@atelier/contract';
import { ProductType } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { summarizeProduct, toCoreProduct } from './product-view.ts';

const variant = (overrides: Partial<Variant>): Variant => ({
  id: 'v',
  sku: 'SKU',
  optionValues: [],
  priceCents: 1000,
  salePriceCents: 0,
  isOnSale: false,
  qtyInStock: 1,
  isUnlimited: false,
  imageId: null,
  ...overrides,
});

const product = (overrides: Partial<Product>): Product => ({
  id: 'p',
  urlId: 'p',
  fullUrl: '/shop/p/p',
  productType: ProductType.physical,
  title: 'Thing',
  description: '',
  excerpt: '',
  currency: 'USD',
  variantOptionOrdering: [],
  variants: [variant({})],
  images: [],
  isSubscribable: false,
  subscriptionPlan: null,
  priceCents: null,
  salePriceCents: null,
  isOnSale: false,
  useCustomAddButtonText: false,
  customAddButtonText: null,
  customSoldOutText: null,
  additionalFieldsFormId: null,
  scarcity: null,
  restock: null,
  tags: [],
  seo: { title: null, description: null, socialImageId: null },
  ...overrides,
});

describe('product card summary', () => {
  it('shows the cheapest price a shopper can pay, as a range when variants differ', () => {
    const summary = summarizeProduct(
      product({
        variants: [
          variant({ sku: 'A', priceCents: 6800 }),
          variant({ sku: 'B', priceCents: 6800, salePriceCents: 5400, isOnSale: true }),
        ],
      }),
    );
    expect(summary).toMatchObject({
      priceCents: 6800,
      salePriceCents: 5400,
      isOnSale: true,
      isPriceRange: true,
    });
    expect(summary.badge).toEqual({ kind: 'sale', text: 'Sale' });
  });

  it('puts sold out before sale, in the merchant\u2019s words when they wrote some', () => {
    const soldOut = product({
      variants: [variant({ qtyInStock: 0, isOnSale: true, salePriceCents: 500 })],
      customSoldOutText: 'Back in the spring',
    });
    expect(summarizeProduct(soldOut).badge).toEqual({
      kind: 'sold-out',
      text: 'Back in the spring',
    });
    expect(summarizeProduct({ ...soldOut, customSoldOutText: null }).badge?.text).toBe('Sold Out');
  });

  it('prices a digital product from the product itself and never sells it out', () => {
    const digital = product({
      productType: ProductType.digital,
      priceCents: 1200,
      variants: [variant({ qtyInStock: 0 })],
    });
    expect(summarizeProduct(digital)).toMatchObject({
      priceCents: 1200,
      isSoldOut: false,
      badge: null,
    });
  });

  it('maps option values to the attribute map the core rules read', () => {
    const core = toCoreProduct(
      product({
        variants: [
          variant({
            optionValues: [
              { optionName: 'Size', value: 'M' },
              { optionName: 'Colour', value: 'Sand' },
            ],
          }),
        ],
      }),
    );
    expect(core.variants[0]?.attributes).toEqual({ Size: 'M', Colour: 'Sand' });
  });
});
