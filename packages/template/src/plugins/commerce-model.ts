// Reading products out of the context: product types, variants, prices, stock. Shared by
// the commerce predicates and formatters.

import { getKey, isTruthy, toNumber, type Value } from '../values.ts';

export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4 } as const;

export function structured(item: Value): Value {
  return getKey(item, 'structuredContent');
}

export function productType(item: Value): number {
  const t = getKey(structured(item), 'productType');
  return t === undefined ? -1 : toNumber(t);
}

export function variants(item: Value): Value[] {
  const v = getKey(structured(item), 'variants');
  return Array.isArray(v) ? v : [];
}

export function hasVariants(item: Value): boolean {
  return productType(item) !== ProductType.DIGITAL && variants(item).length > 1;
}

export function isOnSale(item: Value): boolean {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return isTruthy(getKey(structured(item), 'onSale'));
  if (type === -1) return false;
  return variants(item).some((v) => isTruthy(getKey(v, 'onSale')));
}

export function isVariantSoldOut(v: Value): boolean {
  if (isTruthy(getKey(v, 'unlimited'))) return false;
  return toNumber(getKey(v, 'qtyInStock')) <= 0 || getKey(v, 'qtyInStock') === undefined;
}

export function isSoldOut(item: Value): boolean {
  const type = productType(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return false;
  return variants(item).every(isVariantSoldOut);
}

/** Price of a variant in cents (legacy) as shown: the sale price when on sale. */
export function variantPriceCents(v: Value): number {
  const n = toNumber(isTruthy(getKey(v, 'onSale')) ? getKey(v, 'salePrice') : getKey(v, 'price'));
  return Number.isNaN(n) ? 0 : n;
}

export function hasVariedPrices(item: Value): boolean {
  const type = productType(item);
  if (type === ProductType.DIGITAL || type === -1) return false;
  const vs = variants(item);
  if (vs.length === 0) return false;
  const first = variantPriceCents(vs[0]);
  return vs.some((v) => variantPriceCents(v) !== first);
}
