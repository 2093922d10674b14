import type { CatalogProduct } from '@atelier/contract';
import { ProductType } from '@atelier/core';

/** A saved physical product as the staff API answers it, for the editor's unit tests. */
export function catalogProduct(overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  return {
    id: 'p',
    version: 1,
    urlId: 'scarf',
    fullUrl: '/shop/p/scarf',
    productType: ProductType.physical,
    title: 'Scarf',
    description: '',
    excerpt: '',
    currency: 'USD',
    variantOptionOrdering: [],
    variants: [],
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
    publishAt: null,
    socialImage: null,
    shipping: { weightGrams: null, lengthMm: null, widthMm: null, heightMm: null },
    digitalFile: null,
    formerUrlIds: [],
    collectionId: 'c',
    isVisible: true,
    categoryIds: [],
    merchandising: {
      scarcityEnabled: false,
      scarcityText: null,
      scarcityThreshold: null,
      customSoldOutText: null,
      restockNotificationsEnabled: true,
    },
    ...overrides,
  };
}
