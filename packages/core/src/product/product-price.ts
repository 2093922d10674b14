/**
 * Where a product's price lives (SPEC §3): a digital product carries one price on the
 * product itself (priceMoney, salePriceMoney, onSale); every other type prices each
 * variant. The catalog's input checks, the page JSON, the product page and the product
 * card all ask here, so they cannot disagree about which price a shopper sees.
 */
import { ProductType } from '../enums/product-types';

/**
 * Paywall access (one reading of the spec only) is priced like the digital good it
 * resembles, as every rule that knows no better treats it (see product-types.ts).
 */
export const isPricedOnProduct = (type: ProductType): boolean =>
  type === ProductType.digital || type === ProductType.paywall;

export type ProductLevelPrice = {
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
};

/**
 * The product's own price when its type carries one and it is set; null means read the
 * variant's. A stored digital product without one (an old row) falls back to its variant,
 * which the catalog keeps mirroring the product's price.
 */
export const productLevelPrice = (product: {
  productType: ProductType;
  priceCents: number | null;
  salePriceCents: number | null;
  isOnSale: boolean;
}): ProductLevelPrice | null =>
  isPricedOnProduct(product.productType) && product.priceCents !== null
    ? {
        priceCents: product.priceCents,
        salePriceCents: product.salePriceCents,
        isOnSale: product.isOnSale,
      }
    : null;
