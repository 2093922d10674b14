import type {
  CatalogProduct,
  MoneyInput,
  ProductCreate,
  ProductUpdate,
  VariantInput,
  WeightUnit,
} from '@atelier/contract';
import {
  hasUnlimitedStockByType,
  isCurrencyCode,
  isPricedOnProduct,
  type ProductType,
  toDecimalString,
} from '@atelier/core';
import { fromGrams, toGrams } from '../shipping-units.ts';

// The product editor's form as a pure state: what the merchant typed (prices as text in
// major units, stock as text), how it is built from a saved product, how the option
// matrix turns into variant rows, and the create/update payloads the staff API takes.
// Prices are never parsed here: the server reads "24.50" into cents with core's
// parseMoney, so the text and its error message have one owner. Nothing here touches React.

export type OptionValuePair = { optionName: string; value: string };

export type OptionDraft = { name: string; values: string[] };

export type VariantRow = {
  /** The saved variant's id; null until the product is created. */
  id: string | null;
  optionValues: OptionValuePair[];
  sku: string;
  price: string;
  salePrice: string;
  stock: string;
  isUnlimited: boolean;
  /** Shipping weight in the form's `weightUnit` (the store's), as typed. */
  weight: string;
  /** One of the product's images, shown when a shopper picks this variant. */
  imageId: string | null;
  /**
   * The stock when the product was loaded: a stock left as it was is not sent (a sale
   * meanwhile is kept), a changed one is sent with this as `expectedQtyInStock`.
   */
  savedStock: number | null;
};

export type FormImage = { id: string; src: string; altText: string };

export type ProductForm = {
  productType: ProductType;
  title: string;
  description: string;
  urlId: string;
  /** Comma-separated, as typed. */
  tagsText: string;
  isVisible: boolean;
  /** Digital and paywall products carry their price on the product. */
  price: string;
  salePrice: string;
  /** One switch for the product: applied to every variant when saving. */
  isOnSale: boolean;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  customSoldOutText: string;
  images: FormImage[];
  options: OptionDraft[];
  variants: VariantRow[];
  /** The unit the variant weights are typed in: the store's (Store settings). */
  weightUnit: WeightUnit;
};

export const emptyRow = (optionValues: OptionValuePair[] = []): VariantRow => ({
  id: null,
  optionValues,
  sku: '',
  price: '',
  salePrice: '',
  stock: '0',
  isUnlimited: false,
  weight: '0',
  imageId: null,
  savedStock: null,
});

/** Whether the product has variants with their own price and stock (not digital goods). */
export const hasVariants = (type: ProductType): boolean => !isPricedOnProduct(type);
/** Whether stock is counted: gift cards, digital and paywall products never run out. */
export const hasStock = (type: ProductType): boolean => !hasUnlimitedStockByType(type);

export function newProductForm(type: ProductType, weightUnit: WeightUnit = 'g'): ProductForm {
  return {
    weightUnit,
    productType: type,
    title: '',
    description: '',
    urlId: '',
    tagsText: '',
    isVisible: true,
    price: '',
    salePrice: '',
    isOnSale: false,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    customSoldOutText: '',
    images: [],
    options: [],
    variants: hasVariants(type) ? [emptyRow()] : [],
  };
}

/** "24.50" for 2450 cents in USD; the currency's own number of decimals. */
export function centsToText(cents: number | null, currency: string): string {
  if (cents === null) return '';
  if (!isCurrencyCode(currency)) return String(cents / 100);
  return toDecimalString({ minorUnits: cents, currency });
}

export function formFromProduct(
  product: CatalogProduct,
  weightUnit: WeightUnit = 'g',
): ProductForm {
  const { currency } = product;
  const options = product.variantOptionOrdering.map((name) => ({
    name,
    values: unique(
      product.variants.flatMap((v) =>
        v.optionValues.filter((o) => o.optionName === name).map((o) => o.value),
      ),
    ),
  }));
  const isOnSale = isPricedOnProduct(product.productType)
    ? product.isOnSale
    : product.variants.some((v) => v.isOnSale);
  return {
    productType: product.productType,
    title: product.title,
    description: product.description,
    urlId: product.urlId,
    tagsText: product.tags.join(', '),
    isVisible: product.isVisible,
    price: centsToText(product.priceCents, currency),
    salePrice: product.salePriceCents ? centsToText(product.salePriceCents, currency) : '',
    isOnSale,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText ?? '',
    customSoldOutText: product.merchandising.customSoldOutText ?? '',
    images: product.images.map((image) => ({
      id: image.id,
      src: image.src,
      altText: image.altText,
    })),
    options,
    weightUnit,
    variants: isPricedOnProduct(product.productType)
      ? []
      : product.variants.map((v) => ({
          id: v.id,
          optionValues: v.optionValues,
          sku: v.sku,
          price: centsToText(v.priceCents, currency),
          salePrice: v.salePriceCents ? centsToText(v.salePriceCents, currency) : '',
          stock: String(v.qtyInStock),
          isUnlimited: v.isUnlimited,
          weight: fromGrams(v.weightGrams, weightUnit),
          imageId: v.imageId,
          savedStock: v.qtyInStock,
        })),
  };
}

/** Which combination a row is, whatever order its values are in. */
export const combinationKey = (values: readonly OptionValuePair[]) =>
  values
    .map((o) => `${o.optionName.trim()}\u0000${o.value.trim()}`)
    .sort()
    .join('\u0001');

/** "Sand / S": a variant's name in lists and in the remove confirmation. */
export const variantLabel = (row: Pick<VariantRow, 'optionValues'>): string =>
  row.optionValues.map((o) => o.value).join(' / ') || 'Default';

/** Options with a name and at least one value, trimmed, empty values dropped. */
export function usableOptions(options: readonly OptionDraft[]): OptionDraft[] {
  return options
    .map((o) => ({
      name: o.name.trim(),
      values: unique(o.values.map((v) => v.trim()).filter(Boolean)),
    }))
    .filter((o) => o.name !== '' && o.values.length > 0);
}

/**
 * Every combination of the options' values, in option order. Rows that already exist for a
 * combination keep what was typed; new rows start from the first row's price, the value a
 * merchant most often repeats.
 */
export function generateVariants(
  options: readonly OptionDraft[],
  current: readonly VariantRow[],
): VariantRow[] {
  const usable = usableOptions(options);
  let combinations: OptionValuePair[][] = [[]];
  for (const option of usable) {
    combinations = combinations.flatMap((prefix) =>
      option.values.map((value) => [...prefix, { optionName: option.name, value }]),
    );
  }
  const byKey = new Map(current.map((row) => [combinationKey(row.optionValues), row]));
  const template = current[0];
  return combinations.map((optionValues) => {
    const existing = byKey.get(combinationKey(optionValues));
    if (existing) return existing;
    return {
      ...emptyRow(optionValues),
      price: template?.price ?? '',
      salePrice: template?.salePrice ?? '',
    };
  });
}

/** Moves the image at `index` one place up (-1) or down (+1). */
export function moveImage(images: readonly FormImage[], index: number, step: -1 | 1): FormImage[] {
  const target = index + step;
  if (target < 0 || target >= images.length) return [...images];
  const next = [...images];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

export const tagsOf = (text: string): string[] =>
  unique(
    text
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
  );

/** Money as the API reads it; an empty field sends nothing, so the server says what is missing. */
const money = (text: string): MoneyInput | undefined =>
  text.trim() === '' ? undefined : { value: text.trim() };

/**
 * Problems the server cannot be asked about because the payload could not be built: a
 * stock that is not a whole number. Keyed like the server's field errors.
 */
export function clientErrors(form: ProductForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [index, row] of form.variants.entries()) {
    if (Number.isNaN(weightOf(form, row))) {
      errors[`variants.${index}.weightGrams`] =
        form.weightUnit === 'g'
          ? 'Enter the weight in whole grams'
          : `Enter the weight in ${form.weightUnit}, e.g. 1.25`;
    }
    if (hasStock(form.productType) && !row.isUnlimited && !/^\d+$/.test(row.stock.trim())) {
      errors[`variants.${index}.qtyInStock`] = 'Stock must be a whole number';
    }
  }
  return errors;
}

/**
 * The product's sale switch puts on sale the variants that have a sale price: one variant
 * on sale (the seed's Indigo M) must not take the others to a sale price of nothing.
 */
const isRowOnSale = (form: ProductForm, row: VariantRow): boolean =>
  form.isOnSale && row.salePrice.trim() !== '';

const stockOf = (row: VariantRow): number => Number.parseInt(row.stock.trim() || '0', 10);
/** A row's weight in whole grams, read in the form's unit (NaN when it is not a number). */
const weightOf = (form: ProductForm, row: VariantRow): number =>
  toGrams(row.weight.trim() || '0', form.weightUnit);

/**
 * The form with its variant weights re-typed in `unit`, as the store's unit becomes known
 * (a new product, a draft kept from before): the same grams, shown the store's way.
 */
export function withWeightUnit(form: ProductForm, unit: WeightUnit): ProductForm {
  const from = form.weightUnit ?? 'g';
  if (from === unit) return form.weightUnit ? form : { ...form, weightUnit: unit };
  return {
    ...form,
    weightUnit: unit,
    variants: form.variants.map((row) => {
      const grams = toGrams(row.weight.trim() || '0', from);
      return Number.isNaN(grams) ? row : { ...row, weight: fromGrams(grams, unit) };
    }),
  };
}

function sharedFields(form: ProductForm) {
  const isDigital = isPricedOnProduct(form.productType);
  return {
    title: form.title,
    description: form.description,
    tags: tagsOf(form.tagsText),
    mediaIds: form.images.map((image) => image.id),
    isVisible: form.isVisible,
    useCustomAddButtonText: form.useCustomAddButtonText,
    customAddButtonText: form.customAddButtonText.trim() || null,
    merchandising: { customSoldOutText: form.customSoldOutText.trim() || null },
    ...(isDigital && {
      priceMoney: money(form.price),
      salePriceMoney: money(form.salePrice),
      onSale: form.isOnSale,
    }),
  };
}

export function toCreateInput(form: ProductForm, collectionId: string): ProductCreate {
  const urlId = form.urlId.trim();
  const options = usableOptions(form.options);
  const stockCounted = hasStock(form.productType);
  return {
    ...sharedFields(form),
    collectionId,
    productType: form.productType,
    ...(urlId && { urlId }),
    ...(hasVariants(form.productType) && {
      variantOptionOrdering: options.map((o) => o.name),
      variants: form.variants.map(
        (row): VariantInput => ({
          ...(row.sku.trim() && { sku: row.sku.trim() }),
          optionValues: trimmedValues(row.optionValues),
          priceMoney: money(row.price),
          salePriceMoney: money(row.salePrice),
          onSale: isRowOnSale(form, row),
          ...(stockCounted && { qtyInStock: stockOf(row), unlimited: row.isUnlimited }),
          weightGrams: weightOf(form, row),
          imageId: row.imageId,
        }),
      ),
    }),
  };
}

/**
 * The whole form as a change from `version`: the API replaces lists and changes only what is
 * sent, so sending every field is idempotent. The variant list is the whole set, in order:
 * rows with an id change that variant, rows without one are new, and saved variants no
 * longer in the form are deleted. A stock goes out only when the merchant changed it, with
 * the stock they saw, so a sale made meanwhile is neither undone nor a reason to fail.
 */
export function toUpdateInput(
  form: ProductForm,
  saved: { urlId: string; version: number },
): ProductUpdate {
  const urlId = form.urlId.trim();
  const stockCounted = hasStock(form.productType);
  return {
    ...sharedFields(form),
    expectedVersion: saved.version,
    ...(urlId && urlId !== saved.urlId && { urlId }),
    ...(hasVariants(form.productType) && {
      replaceVariants: true,
      variantOptionOrdering: usableOptions(form.options).map((o) => o.name),
      variants: form.variants.map((row) => {
        const stockChanged =
          row.id === null || row.savedStock === null || stockOf(row) !== row.savedStock;
        return {
          ...(row.id !== null && { id: row.id }),
          ...(row.sku.trim() && { sku: row.sku.trim() }),
          optionValues: trimmedValues(row.optionValues),
          priceMoney: money(row.price),
          salePriceMoney: money(row.salePrice),
          onSale: isRowOnSale(form, row),
          ...(stockCounted && { unlimited: row.isUnlimited }),
          ...(stockCounted &&
            !row.isUnlimited &&
            stockChanged && {
              qtyInStock: stockOf(row),
              ...(row.savedStock !== null && { expectedQtyInStock: row.savedStock }),
            }),
          weightGrams: weightOf(form, row),
          imageId: row.imageId,
        };
      }),
    }),
  };
}

const trimmedValues = (values: readonly OptionValuePair[]): OptionValuePair[] =>
  values.map((o) => ({ optionName: o.optionName.trim(), value: o.value.trim() }));

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
