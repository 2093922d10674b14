import type { Product, Variant } from '@atelier/contract';
import type { ProductType } from '@atelier/core/enums/product-types';
import type { Product as CoreProduct, Variant as CoreVariant } from '@atelier/core/product/product';
import {
  isOnSale,
  isSoldOut,
  productBadge,
  soldOutText,
} from '@atelier/core/product/product-display';
import { productLevelPrice } from '@atelier/core/product/product-price';

// The storefront reads products in the API's shape; the rules in core read SPEC §3's
// shape. These adapters are the one place the two meet.

export function toCoreVariant(variant: Variant): CoreVariant {
  return {
    sku: variant.sku,
    attributes: Object.fromEntries(variant.optionValues.map((o) => [o.optionName, o.value])),
    qtyInStock: variant.qtyInStock,
    unlimited: variant.isUnlimited,
    onSale: variant.isOnSale,
  };
}

export function toCoreProduct(
  product: Omit<
    Product,
    'urlId' | 'fullUrl' | 'description' | 'excerpt' | 'images' | 'tags' | 'subscriptionPlan'
  >,
): CoreProduct {
  return {
    productType: product.productType as ProductType,
    variants: product.variants.map(toCoreVariant),
    variantOptionOrdering: product.variantOptionOrdering,
    isSubscribable: product.isSubscribable,
    onSale: product.isOnSale,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText ?? undefined,
    additionalFieldsFormId: product.additionalFieldsFormId,
  };
}

export type ProductSummary = {
  priceCents: number;
  salePriceCents: number | undefined;
  isOnSale: boolean;
  isSoldOut: boolean;
  /** Variants differ in price: the card shows the lowest as "from". */
  isPriceRange: boolean;
  badge: { kind: 'sold-out' | 'sale'; text: string } | null;
};

/** Price and badge for a product card: the cheapest purchasable price, sale first. */
export function summarizeProduct(product: Product): ProductSummary {
  const core = toCoreProduct(product);
  const badge = productBadge(core);
  const effective = (v: Variant) => (v.isOnSale ? v.salePriceCents : v.priceCents);
  const cheapest = [...product.variants].sort((a, b) => effective(a) - effective(b))[0];
  const prices = new Set(product.variants.map(effective));
  const ownPrice = productLevelPrice(product);
  const priceCents = ownPrice ? ownPrice.priceCents : (cheapest?.priceCents ?? 0);
  const salePriceCents = ownPrice
    ? (ownPrice.salePriceCents ?? undefined)
    : cheapest?.salePriceCents;
  const onSale = ownPrice ? ownPrice.isOnSale : (cheapest?.isOnSale ?? false);
  return {
    priceCents,
    salePriceCents,
    isOnSale: onSale && isOnSale(core),
    isSoldOut: isSoldOut(core),
    isPriceRange: prices.size > 1,
    badge:
      badge === 'sold-out'
        ? { kind: 'sold-out', text: soldOutText(product.customSoldOutText) }
        : badge === 'sale'
          ? { kind: 'sale', text: 'Sale' }
          : null,
  };
}

/** Whether one variant can be bought: unlimited, or at least one unit left. */
export const isVariantAvailable = (variant: Variant) =>
  variant.isUnlimited || variant.qtyInStock > 0;
