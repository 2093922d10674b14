/**
 * A cart's totals from its lines (SPEC §3 shopping cart): integer minor units only, so
 * the subtotal is exactly the sum of the lines a shopper sees.
 */
import { ProductType } from '../enums/product-types';

export interface CartLine {
  productType: ProductType;
  /** What one unit costs now: the sale price while on sale. */
  unitPriceCents: number;
  quantity: number;
}

export interface CartTotals {
  subtotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

/** Digital goods, gift cards and paywall access are delivered without shipping. */
const isDelivered = (type: ProductType): boolean =>
  type === ProductType.digital || type === ProductType.giftCard || type === ProductType.paywall;

export const lineTotalCents = (line: CartLine): number => line.unitPriceCents * line.quantity;

export const computeCartTotals = (lines: readonly CartLine[]): CartTotals => {
  const hasDigital = lines.some((l) => l.productType === ProductType.digital);
  return {
    subtotalCents: lines.reduce((sum, line) => sum + lineTotalCents(line), 0),
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    hasDigital,
    purelyDigital: lines.length > 0 && lines.every((l) => isDelivered(l.productType)),
    // Services are performed, not posted: only physical goods need an address.
    requiresShipping: lines.some((l) => l.productType === ProductType.physical),
  };
};

/** The price a shopper pays for one unit right now. */
export const effectiveUnitPriceCents = (variant: {
  priceCents: number;
  salePriceCents: number;
  isOnSale: boolean;
}): number =>
  variant.isOnSale && variant.salePriceCents < variant.priceCents
    ? variant.salePriceCents
    : variant.priceCents;
