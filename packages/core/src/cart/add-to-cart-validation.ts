/**
 * The checks run before an item goes into the cart (SPEC §5, §7). They stop at the first
 * problem, in the order a shopper fixes them: choose options, then a quantity, then stock.
 */
import { hasUnlimitedStockByType, ProductType } from '../enums/product-types';
import { QUANTITY_DEFAULT, QUANTITY_MAX, QUANTITY_MIN, QUANTITY_STEP } from '../limits/limits';
import { addToCartMessages } from '../messages';
import type { Product, Variant } from '../product/product';
import { variantOptionNames } from '../product/product-display';
import { err, ok, type Result } from '../result';

/** The quantity input's attributes. */
export const QUANTITY_INPUT = {
  min: QUANTITY_MIN,
  max: QUANTITY_MAX,
  step: QUANTITY_STEP,
  defaultValue: QUANTITY_DEFAULT,
} as const;

/** `null` when every option is chosen. */
export const unselectedOptionsMessage = (options: readonly string[]): string | null => {
  if (options.length === 0) return null;
  if (options.length === 1) return addToCartMessages.selectOption(options[0]!);
  if (options.length === 2) return addToCartMessages.selectTwoOptions(options[0]!, options[1]!);
  return addToCartMessages.selectManyOptions(options.slice(0, -1), options.at(-1)!);
};

const WHOLE_NUMBER = /^[+-]?\d+$/;

/**
 * Reads the quantity a shopper typed. Values outside 1–9999 are clamped, not refused:
 * the input's own min and max say the same, and SPEC gives no message for them.
 */
export const parseQuantity = (raw: string | number): Result<number, string> => {
  const text = String(raw).trim();
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) return err(addToCartMessages.quantityNotANumber);
  if (!WHOLE_NUMBER.test(text) && !Number.isInteger(value)) {
    return err(addToCartMessages.quantityNotWhole);
  }
  return ok(Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, value)));
};

/** The variant whose attributes match every chosen option; a single variant always matches. */
export const findVariant = (
  variants: readonly Variant[],
  chosen: Readonly<Record<string, string>>,
): Variant | null => {
  if (variants.length === 1) return variants[0]!;
  return (
    variants.find((variant) =>
      Object.entries(variant.attributes ?? {}).every(([name, value]) => chosen[name] === value),
    ) ?? null
  );
};

export interface CartEntryRef {
  itemId: string;
  sku?: string | null;
  quantity: number;
}

/** How many of this item and variant the cart already holds. */
export const quantityInCart = ({
  entries,
  itemId,
  sku,
}: {
  entries: readonly CartEntryRef[];
  itemId: string;
  sku?: string | null;
}): number =>
  entries
    .filter((e) => e.itemId === itemId && (e.sku ?? null) === (sku ?? null))
    .reduce((sum, e) => sum + e.quantity, 0);

export interface StockResult {
  unlimited: boolean;
  qtyInStock: number;
}

/** The inventory call's rule: in stock if any result is unlimited or exceeds what the cart holds. */
export const isInStock = ({
  results,
  alreadyInCart,
}: {
  results: readonly StockResult[];
  alreadyInCart: number;
}): boolean => results.some((r) => r.unlimited || r.qtyInStock > alreadyInCart);

/** Whether `quantity` more fit in the stock after what the cart already holds. */
export const hasEnoughStock = ({
  variant,
  quantity,
  alreadyInCart = 0,
}: {
  variant: Variant;
  quantity: number;
  alreadyInCart?: number;
}): boolean => variant.unlimited || variant.qtyInStock - alreadyInCart >= quantity;

export interface AddToCartRequest {
  product: Product;
  chosenOptions: Readonly<Record<string, string>>;
  quantity: string | number;
  alreadyInCart?: number;
  /** Gift cards only: whether the shopper picked an amount. */
  hasGiftCardDenomination?: boolean;
}

export interface AddToCartPlan {
  variant: Variant;
  quantity: number;
}

export const validateAddToCart = ({
  product,
  chosenOptions,
  quantity,
  alreadyInCart = 0,
  hasGiftCardDenomination = false,
}: AddToCartRequest): Result<AddToCartPlan, string> => {
  if (product.productType === ProductType.giftCard && !hasGiftCardDenomination) {
    return err(addToCartMessages.giftCardDenomination);
  }
  if (product.variants.length > 1) {
    const missing = variantOptionNames(product).filter((name) => !chosenOptions[name]);
    const message = unselectedOptionsMessage(missing);
    if (message) return err(message);
  }
  const variant = findVariant(product.variants, chosenOptions);
  if (!variant) return err(addToCartMessages.variantUnavailable);
  const parsed = parseQuantity(quantity);
  if (!parsed.ok) return parsed;
  const isStockTracked = !hasUnlimitedStockByType(product.productType);
  if (isStockTracked && !hasEnoughStock({ variant, quantity: parsed.value, alreadyInCart })) {
    return err(addToCartMessages.notEnoughStock);
  }
  return ok({ variant, quantity: parsed.value });
};

export type AfterAddDestination = 'stay' | 'checkout' | 'subscription-page' | 'gift-card-page';

/** Where the shopper goes after a successful add (SPEC §4). */
export const afterAddDestination = ({
  product,
  isExpressCheckout,
}: {
  product: Product;
  isExpressCheckout: boolean;
}): AfterAddDestination => {
  if (product.productType === ProductType.giftCard) return 'gift-card-page';
  if (product.isSubscribable) return 'subscription-page';
  return isExpressCheckout ? 'checkout' : 'stay';
};
