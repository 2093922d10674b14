/**
 * What a product page or list shows for a product: badges, stock, quantity input,
 * selectors and button text (SPEC §4). Pure reads of the product; no cart state.
 */
import { hasUnlimitedStockByType, ProductType } from '../enums/product-types';
import { buttonLabels } from '../messages';
import type { Product, Variant } from './product';
import { isPricedOnProduct } from './product-price';

/** Unlimited stock is a number so it can be compared and summed like any other. */
export const UNLIMITED_STOCK = Number.MAX_SAFE_INTEGER;

export const USE_FORM_CLASS = 'use-form';

const hasStock = (variant: Variant): boolean => variant.unlimited || variant.qtyInStock > 0;

/** Physical and service products sell out; digital goods and gift cards never do. */
export const isSoldOut = (product: Product): boolean =>
  !hasUnlimitedStockByType(product.productType) && !product.variants.some(hasStock);

export const isOnSale = (product: Product): boolean =>
  isPricedOnProduct(product.productType)
    ? product.onSale === true
    : product.variants.some((v) => v.onSale === true);

export type ProductBadge = 'sold-out' | 'sale' | null;

/** Sold out takes precedence over sale: a shopper cannot buy a discounted item that is gone. */
export const productBadge = (product: Product): ProductBadge => {
  if (isSoldOut(product)) return 'sold-out';
  return isOnSale(product) ? 'sale' : null;
};

export const totalStock = (product: Product): number => {
  if (hasUnlimitedStockByType(product.productType)) return UNLIMITED_STOCK;
  if (product.variants.some((v) => v.unlimited)) return UNLIMITED_STOCK;
  const sum = product.variants.reduce((total, v) => total + Math.max(0, v.qtyInStock), 0);
  return Math.min(sum, UNLIMITED_STOCK);
};

export const isUnlimitedStock = (stock: number): boolean => stock >= UNLIMITED_STOCK;

export const shouldShowQuantityInput = ({
  product,
  multipleQuantityAllowedForServices = true,
}: {
  product: Product;
  multipleQuantityAllowedForServices?: boolean;
}): boolean => {
  const { productType } = product;
  if (productType === ProductType.digital || productType === ProductType.giftCard) return false;
  if (productType === ProductType.paywall) return false;
  if (product.isSubscribable) return false;
  if (productType === ProductType.service && !multipleQuantityAllowedForServices) return false;
  return totalStock(product) > 1;
};

export const hasVariantSelectors = (product: Product): boolean => product.variants.length > 1;

/**
 * Custom text wins when the merchant turned it on and wrote something; a blank custom
 * text would leave an empty button, so it falls back like an unset one.
 */
export const addButtonText = ({
  product,
  addToCartText = buttonLabels.addToCart,
  subscribeText = buttonLabels.subscribe,
}: {
  product: Product;
  addToCartText?: string;
  subscribeText?: string;
}): string => {
  const custom = product.customAddButtonText?.trim();
  if (product.useCustomAddButtonText && custom) return custom;
  return product.isSubscribable ? subscribeText : addToCartText;
};

export const hasAdditionalFieldsForm = (product: Product): boolean =>
  Boolean(product.additionalFieldsFormId || product.additionalFieldsForm);

/** The class names the add button carries; 'use-form' opens the fields lightbox first. */
export const addButtonClassNames = (product: Product): string[] =>
  hasAdditionalFieldsForm(product) ? [USE_FORM_CLASS] : [];

export const soldOutText = (customSoldOutText?: string | null): string =>
  customSoldOutText?.trim() ? customSoldOutText.trim() : buttonLabels.soldOut;

/**
 * SPEC does not show the default scarcity wording; this is the plain reading a merchant
 * expects. `{qty}` in a merchant's own text is replaced with the remaining stock.
 */
export const DEFAULT_SCARCITY_TEXT = 'Only {qty} left in stock';

/** Not shown in the spec either: a handful left is when shoppers want to know. */
export const DEFAULT_SCARCITY_THRESHOLD = 5;

/**
 * The scarcity message, shown when the merchant enabled it and stock is known, above zero
 * and at or under the threshold. Unlimited or sold-out stock has no scarcity to announce.
 */
export const scarcityMessage = ({
  isEnabled,
  stock,
  threshold,
  text,
}: {
  isEnabled: boolean;
  stock: number;
  threshold: number;
  text?: string | null;
}): string | null => {
  if (!isEnabled || isUnlimitedStock(stock) || stock <= 0 || stock > threshold) return null;
  const template = text?.trim() ? text : DEFAULT_SCARCITY_TEXT;
  return template.replaceAll('{qty}', String(stock));
};

/** Variant option names in the merchant's order, falling back to the first variant's keys. */
export const variantOptionNames = (product: Product): string[] => {
  if (product.variantOptionOrdering?.length) return [...product.variantOptionOrdering];
  return Object.keys(product.variants[0]?.attributes ?? {});
};
