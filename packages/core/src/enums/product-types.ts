/**
 * SPEC §3 product types. Paywall (5) appears in one reading of the spec only; it is kept
 * because stored products may carry it, and a rule that does not know it treats it like
 * a digital good (nothing to ship, no stock).
 */
export const ProductType = {
  physical: 1,
  digital: 2,
  service: 3,
  giftCard: 4,
  paywall: 5,
} as const;

export type ProductType = (typeof ProductType)[keyof typeof ProductType];

const productTypes = new Set<number>(Object.values(ProductType));

export const isProductType = (value: unknown): value is ProductType =>
  typeof value === 'number' && productTypes.has(value);

/** Digital goods, gift cards and paywall access are never out of stock. */
export const hasUnlimitedStockByType = (type: ProductType): boolean =>
  type === ProductType.digital || type === ProductType.giftCard || type === ProductType.paywall;

/** A product type as analytics events name it (SPEC §3 add-to-cart `item_type`). */
export const productTypeName = (type: number): string =>
  ({ 1: 'physical', 2: 'digital', 3: 'service', 4: 'gift-card', 5: 'paywall' })[type] ?? 'unknown';
