import type {
  MoneyInput,
  ProductCreate,
  ProductUpdate,
  VariantInput,
  VariantUpdate,
} from '@atelier/contract';
import {
  canBeSubscribable,
  hasUnlimitedStockByType,
  isPricedOnProduct,
  MAX_TAG_LENGTH,
  ProductType,
  parseMoney,
  productMessages,
} from '@atelier/core';
import type { OptionValue, SubscriptionPlan } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';

// Turns the editor's product payloads (SPEC §3 shapes: money in major units, attributes
// or optionValues) into what the catalog stores (minor units, ordered option values),
// checking every rule that needs no database. All problems are reported together, one
// message per field, as `{error, errors}` with a 400. Nothing here does I/O.

export const INVALID_PRODUCT = 'The product is not valid.';
/** Prices are stored as int4 minor units; this keeps well clear of its limit. */
const MAX_PRICE_MINOR_UNITS = 999_999_999;

export type DraftVariant = {
  /** Left out when the server should generate one. */
  sku: string | undefined;
  optionValues: OptionValue[];
  priceCents: number;
  salePriceCents: number;
  isOnSale: boolean;
  qtyInStock: number;
  isUnlimited: boolean;
  weightGrams: number;
  imageId: string | null;
};

export type DraftMerchandising = {
  isScarcityEnabled: boolean;
  scarcityText: string | null;
  scarcityThreshold: number | null;
  isRestockNotificationEnabled: boolean;
};

/** The product-level fields both creation and update can set. */
export type DraftProductFields = {
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  priceCents: number | null;
  salePriceCents: number | null;
  isOnSale: boolean;
  useCustomAddButtonText: boolean;
  customAddButtonText: string | null;
};

export type ProductDraft = DraftProductFields & {
  productType: ProductType;
  title: string;
  description: string;
  excerpt: string;
  urlId: string | undefined;
  variantOptionOrdering: string[];
  additionalFieldsFormId: string | null;
  customSoldOutText: string | null;
  tags: string[];
  isVisible: boolean;
  categoryIds: string[];
  mediaIds: string[];
  merchandising: DraftMerchandising;
  variants: DraftVariant[];
};

class FieldErrors {
  readonly fields: Record<string, string> = {};
  add(field: string, message: string): void {
    this.fields[field] ??= message;
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0)
      throw fail('PRODUCT_INVALID', INVALID_PRODUCT, this.fields);
  }
}

/** A new product, checked whole; throws a 400 with every field's problem. */
export function draftNewProduct(input: ProductCreate, storeCurrency: string): ProductDraft {
  const errors = new FieldErrors();
  const type = input.productType;
  const isDigital = isPricedOnProduct(type);
  const productLevel = draftProductFields({
    errors,
    type,
    input,
    current: undefined,
    storeCurrency,
  });
  const { ordering, variants } = draftVariants({
    errors,
    type,
    inputs: input.variants ?? [],
    ordering: input.variantOptionOrdering,
    storeCurrency,
  });
  if (isDigital && productLevel.priceCents !== null) {
    // The storefront and cart read a variant, so a digital product keeps one that mirrors
    // the product's price and never runs out.
    variants.splice(0, variants.length, {
      sku: input.variants?.[0]?.sku,
      optionValues: [],
      priceCents: productLevel.priceCents,
      salePriceCents: productLevel.salePriceCents ?? 0,
      isOnSale: productLevel.isOnSale,
      qtyInStock: 0,
      isUnlimited: true,
      weightGrams: 0,
      imageId: null,
    });
  }
  const mediaIds = unique(input.mediaIds ?? []);
  for (const [index, variant] of variants.entries()) {
    if (variant.imageId !== null && !mediaIds.includes(variant.imageId)) {
      errors.add(`variants.${index}.imageId`, productMessages.variantImage);
    }
  }
  const merchandising = input.merchandising ?? {};
  const draft: ProductDraft = {
    ...productLevel,
    productType: type,
    title: input.title.trim(),
    description: input.description ?? '',
    excerpt: input.excerpt ?? '',
    urlId: input.urlId,
    variantOptionOrdering: ordering,
    additionalFieldsFormId: input.additionalFieldsFormId ?? null,
    customSoldOutText: blankToNull(merchandising.customSoldOutText),
    tags: draftTags(errors, input.tags ?? []),
    isVisible: input.isVisible ?? true,
    categoryIds: unique(input.categories ?? []),
    mediaIds,
    merchandising: {
      isScarcityEnabled: merchandising.scarcityEnabled ?? false,
      scarcityText: blankToNull(merchandising.scarcityText),
      scarcityThreshold: merchandising.scarcityThreshold ?? null,
      isRestockNotificationEnabled: merchandising.restockNotificationsEnabled ?? true,
    },
    variants,
  };
  errors.throwIfAny();
  return draft;
}

export type CurrentProduct = DraftProductFields & {
  productType: ProductType;
  variantOptionOrdering: string[];
  /** Media ids of the product's images, in order. */
  mediaIds: string[];
};
export type CurrentVariant = {
  id: string;
  sku: string;
  optionValues: OptionValue[];
  priceCents: number;
  salePriceCents: number;
  isOnSale: boolean;
  qtyInStock: number;
  isUnlimited: boolean;
  weightGrams: number;
  imageId: string | null;
};

/**
 * A variant as it will be after the update, in display order. `id` null is a new one;
 * `sku` undefined on a new one is generated. `stock` is left out when the stock does not
 * change, so a sale landing meanwhile is kept rather than overwritten.
 */
export type PlannedVariant = {
  id: string | null;
  sku: string | undefined;
  optionValues: OptionValue[];
  priceCents: number;
  salePriceCents: number;
  isOnSale: boolean;
  isUnlimited: boolean;
  stock: { qtyInStock: number; expectedQtyInStock: number | undefined } | undefined;
  weightGrams: number;
  imageId: string | null;
};

export type VariantPlan = {
  ordering: string[];
  variants: PlannedVariant[];
  /** Existing variants the update deletes. */
  removedIds: string[];
};

/**
 * The product-level and variant changes of an update, merged over the current values so
 * the same rules hold after the change as at creation. Throws a 400 listing every problem.
 * `variants` is undefined when the update leaves them as they are.
 */
export function draftProductChanges(input: {
  patch: ProductUpdate;
  current: CurrentProduct;
  currentVariants: readonly CurrentVariant[];
  storeCurrency: string;
}): {
  fields: DraftProductFields;
  tags: string[] | undefined;
  variants: VariantPlan | undefined;
} {
  const { patch, current, storeCurrency } = input;
  const errors = new FieldErrors();
  const type = current.productType;
  const fields = draftProductFields({ errors, type, input: patch, current, storeCurrency });
  const tags = patch.tags === undefined ? undefined : draftTags(errors, patch.tags);
  let variants: VariantPlan | undefined;
  if (isPricedOnProduct(type)) {
    variants = mirrorProductPrice(errors, patch, fields, input.currentVariants);
  } else if (patch.variants !== undefined || patch.variantOptionOrdering !== undefined) {
    variants = planVariants({
      errors,
      type,
      patch,
      current,
      currentVariants: input.currentVariants,
      storeCurrency,
    });
  }
  errors.throwIfAny();
  return { fields, tags, variants };
}

/** A digital product's one variant mirrors the product's price (see draftNewProduct). */
function mirrorProductPrice(
  errors: FieldErrors,
  patch: ProductUpdate,
  fields: DraftProductFields,
  currentVariants: readonly CurrentVariant[],
): VariantPlan | undefined {
  if (patch.replaceVariants || patch.variantOptionOrdering?.length) {
    errors.add('variants', productMessages.priceOnProduct);
  }
  for (const [index, change] of (patch.variants ?? []).entries()) {
    if (change.id === undefined || change.priceMoney || change.salePriceMoney) {
      errors.add(`variants.${index}.priceMoney`, productMessages.priceOnProduct);
    }
  }
  if (fields.priceCents === null) return undefined;
  const priceCents = fields.priceCents;
  return {
    ordering: [],
    removedIds: [],
    variants: currentVariants.map((v) => ({
      ...v,
      priceCents,
      salePriceCents: fields.salePriceCents ?? 0,
      isOnSale: fields.isOnSale,
      sku: undefined,
      stock: undefined,
      imageId: null,
    })),
  };
}

/**
 * The variant set after the update: each listed variant merged over its current values (or
 * new), the unlisted ones kept, or with `replaceVariants` deleted, then checked whole as
 * at creation: one value per option, no two alike, SKUs distinct, prices and images valid.
 */
function planVariants(args: {
  errors: FieldErrors;
  type: ProductType;
  patch: ProductUpdate;
  current: CurrentProduct;
  currentVariants: readonly CurrentVariant[];
  storeCurrency: string;
}): VariantPlan {
  const { errors, type, patch, current, currentVariants, storeCurrency } = args;
  const ordering = (patch.variantOptionOrdering ?? current.variantOptionOrdering).map((name) =>
    name.trim(),
  );
  if (new Set(ordering).size !== ordering.length) {
    errors.add('variantOptionOrdering', productMessages.duplicateOption);
  }
  const byId = new Map(currentVariants.map((v) => [v.id, v]));
  const listed = new Set<string>();
  // Each entry keeps its index in the request, so messages land beside the right row.
  const planned: { field: string; variant: PlannedVariant }[] = [];
  for (const [index, change] of (patch.variants ?? []).entries()) {
    const field = `variants.${index}`;
    const existing = change.id === undefined ? undefined : byId.get(change.id);
    if (change.id !== undefined) {
      if (!existing) {
        errors.add(`${field}.id`, productMessages.unknownVariant);
        continue;
      }
      if (listed.has(change.id)) errors.add(`${field}.id`, productMessages.variantListedTwice);
      listed.add(change.id);
    }
    planned.push({
      field,
      variant: draftVariantChange({ errors, field, type, change, existing, storeCurrency }),
    });
  }
  const kept = patch.replaceVariants ? [] : currentVariants.filter((v) => !listed.has(v.id));
  // Unlisted variants keep their place; listed ones follow in the order sent.
  const unlisted = kept.map((v) => ({
    field: 'variants',
    variant: { ...v, sku: undefined, stock: undefined } satisfies PlannedVariant,
  }));
  const all = patch.replaceVariants ? planned : [...unlisted, ...planned];
  if (!patch.replaceVariants) {
    all.sort(
      (a, b) => orderOf(currentVariants, a.variant.id) - orderOf(currentVariants, b.variant.id),
    );
  }

  if (all.length === 0) {
    errors.add(
      'variants',
      type === ProductType.giftCard
        ? productMessages.denominationsNeeded
        : productMessages.variantsNeeded,
    );
  }
  const images = new Set(patch.mediaIds ?? current.mediaIds);
  const combinations = new Set<string>();
  const skus = new Map(currentVariants.map((v) => [v.id, v.sku]));
  const seenSkus = new Set<string>();
  for (const { field, variant } of all) {
    const names = new Set(variant.optionValues.map((o) => o.optionName));
    if (
      names.size !== variant.optionValues.length ||
      names.size !== ordering.length ||
      ordering.some((name) => !names.has(name))
    ) {
      errors.add(`${field}.optionValues`, productMessages.optionsMissing(ordering));
    } else if (all.length > 1 && ordering.length === 0) {
      errors.add(`${field}.optionValues`, productMessages.optionsNeeded);
    }
    variant.optionValues = ordering.flatMap((name) =>
      variant.optionValues
        .filter((o) => o.optionName === name)
        .map((o) => ({ optionName: o.optionName, value: o.value })),
    );
    // Compared as pairs: jsonb read back does not keep the keys' order.
    const combination = JSON.stringify(variant.optionValues.map((o) => [o.optionName, o.value]));
    if (combinations.has(combination) && ordering.length > 0) {
      errors.add(`${field}.optionValues`, productMessages.sameOptions);
    }
    combinations.add(combination);
    const sku = variant.sku ?? (variant.id === null ? undefined : skus.get(variant.id));
    if (sku !== undefined) {
      if (seenSkus.has(sku)) errors.add(`${field}.sku`, productMessages.duplicateSku);
      seenSkus.add(sku);
    }
    // An image that leaves the product leaves its variants too.
    if (variant.imageId !== null && !images.has(variant.imageId)) {
      if (planned.some((p) => p.variant === variant)) {
        errors.add(`${field}.imageId`, productMessages.variantImage);
      } else variant.imageId = null;
    }
  }
  const remaining = new Set(all.flatMap(({ variant }) => (variant.id ? [variant.id] : [])));
  return {
    ordering,
    variants: all.map(({ variant }) => variant),
    removedIds: currentVariants.filter((v) => !remaining.has(v.id)).map((v) => v.id),
  };
}

function orderOf(variants: readonly CurrentVariant[], id: string | null): number {
  const index = id === null ? -1 : variants.findIndex((v) => v.id === id);
  return index === -1 ? variants.length : index;
}

type ProductFieldsInput = Pick<
  ProductUpdate,
  | 'isSubscribable'
  | 'subscriptionPlan'
  | 'priceMoney'
  | 'salePriceMoney'
  | 'onSale'
  | 'useCustomAddButtonText'
  | 'customAddButtonText'
>;

function draftProductFields(args: {
  errors: FieldErrors;
  type: ProductType;
  input: ProductFieldsInput;
  current: CurrentProduct | undefined;
  storeCurrency: string;
}): DraftProductFields {
  const { errors, type, input, current, storeCurrency } = args;
  const isSubscribable = input.isSubscribable ?? current?.isSubscribable ?? false;
  const plan =
    input.subscriptionPlan === undefined
      ? (current?.subscriptionPlan ?? null)
      : input.subscriptionPlan;
  if (!canBeSubscribable(type)) {
    if (input.isSubscribable) errors.add('isSubscribable', productMessages.subscriptionNotOffered);
    if (input.subscriptionPlan)
      errors.add('subscriptionPlan', productMessages.subscriptionNotOffered);
  } else if (isSubscribable && !plan) {
    errors.add('subscriptionPlan', productMessages.subscriptionPlanNeeded);
  }

  let priceCents = current?.priceCents ?? null;
  let salePriceCents = current?.salePriceCents ?? null;
  let isOnSale = input.onSale ?? current?.isOnSale ?? false;
  if (!isPricedOnProduct(type)) {
    if (input.priceMoney) errors.add('priceMoney', productMessages.priceOnVariants);
    if (input.salePriceMoney) errors.add('salePriceMoney', productMessages.priceOnVariants);
    if (input.onSale !== undefined) errors.add('onSale', productMessages.priceOnVariants);
    priceCents = null;
    salePriceCents = null;
    isOnSale = false;
  } else {
    priceCents = draftPrice(errors, 'priceMoney', input.priceMoney, storeCurrency) ?? priceCents;
    salePriceCents =
      draftPrice(errors, 'salePriceMoney', input.salePriceMoney, storeCurrency) ?? salePriceCents;
    if (priceCents === null && !errors.fields.priceMoney) {
      errors.add('priceMoney', productMessages.priceNeeded);
    }
    // A sale without a sale price would sell for nothing.
    if (isOnSale && !salePriceCents) errors.add('salePriceMoney', productMessages.salePriceNeeded);
    else if (isOnSale && priceCents !== null && (salePriceCents ?? priceCents) >= priceCents) {
      errors.add('salePriceMoney', productMessages.saleBelowPrice);
    }
  }

  const useCustomAddButtonText =
    input.useCustomAddButtonText ?? current?.useCustomAddButtonText ?? false;
  const customAddButtonText =
    input.customAddButtonText === undefined
      ? (current?.customAddButtonText ?? null)
      : blankToNull(input.customAddButtonText);
  if (useCustomAddButtonText && !customAddButtonText) {
    errors.add('customAddButtonText', productMessages.customTextNeeded);
  }
  return {
    isSubscribable: canBeSubscribable(type) && isSubscribable,
    subscriptionPlan: canBeSubscribable(type) && isSubscribable ? plan : null,
    priceCents,
    salePriceCents,
    isOnSale,
    useCustomAddButtonText,
    customAddButtonText,
  };
}

function draftVariants(args: {
  errors: FieldErrors;
  type: ProductType;
  inputs: readonly VariantInput[];
  ordering: readonly string[] | undefined;
  storeCurrency: string;
}): { ordering: string[]; variants: DraftVariant[] } {
  const { errors, type, inputs, storeCurrency } = args;
  if (isPricedOnProduct(type)) {
    if (inputs.length > 1) errors.add('variants', productMessages.priceOnProduct);
    return { ordering: [], variants: [] };
  }
  if (inputs.length === 0) {
    errors.add(
      'variants',
      type === ProductType.giftCard
        ? productMessages.denominationsNeeded
        : productMessages.variantsNeeded,
    );
    return { ordering: [], variants: [] };
  }
  const optionLists = inputs.map((input, index) =>
    draftOptionValues(errors, `variants.${index}`, input),
  );
  const ordering = args.ordering
    ? args.ordering.map((name) => name.trim())
    : unique(optionLists.flat().map((option) => option.optionName));
  if (new Set(ordering).size !== ordering.length) {
    errors.add('variantOptionOrdering', productMessages.duplicateOption);
  }
  const seenCombinations = new Set<string>();
  const seenSkus = new Set<string>();
  const variants = inputs.map((input, index): DraftVariant => {
    const field = `variants.${index}`;
    const options = optionLists[index] ?? [];
    const names = new Set(options.map((o) => o.optionName));
    if (names.size !== ordering.length || ordering.some((name) => !names.has(name))) {
      errors.add(`${field}.optionValues`, productMessages.optionsMissing(ordering));
    } else if (inputs.length > 1 && ordering.length === 0) {
      errors.add(`${field}.optionValues`, productMessages.optionsNeeded);
    }
    const ordered = ordering.flatMap((name) => options.filter((o) => o.optionName === name));
    const combination = JSON.stringify(ordered);
    if (seenCombinations.has(combination) && ordering.length > 0) {
      errors.add(`${field}.optionValues`, productMessages.sameOptions);
    }
    seenCombinations.add(combination);
    if (input.sku !== undefined) {
      if (seenSkus.has(input.sku)) errors.add(`${field}.sku`, productMessages.duplicateSku);
      seenSkus.add(input.sku);
    }

    const priceCents = draftPrice(errors, `${field}.priceMoney`, input.priceMoney, storeCurrency);
    if (input.priceMoney === undefined)
      errors.add(`${field}.priceMoney`, productMessages.priceNeeded);
    if (type === ProductType.giftCard && priceCents === 0) {
      errors.add(`${field}.priceMoney`, productMessages.priceNotPositive);
    }
    const salePriceCents = draftPrice(
      errors,
      `${field}.salePriceMoney`,
      input.salePriceMoney,
      storeCurrency,
    );
    const isOnSale = input.onSale ?? false;
    if (isOnSale && !salePriceCents) {
      errors.add(`${field}.salePriceMoney`, productMessages.salePriceNeeded);
    } else if (
      isOnSale &&
      priceCents !== undefined &&
      (salePriceCents ?? priceCents) >= priceCents
    ) {
      errors.add(`${field}.salePriceMoney`, productMessages.saleBelowPrice);
    }
    // Gift cards are never out of stock (SPEC §4); their variants are amounts, not goods.
    const isUnlimited = hasUnlimitedStockByType(type) || (input.unlimited ?? false);
    return {
      sku: input.sku,
      optionValues: ordered,
      priceCents: priceCents ?? 0,
      salePriceCents: salePriceCents ?? 0,
      isOnSale,
      qtyInStock: isUnlimited ? 0 : (input.qtyInStock ?? 0),
      isUnlimited,
      weightGrams: input.weightGrams ?? 0,
      imageId: input.imageId ?? null,
    };
  });
  return { ordering, variants };
}

function draftVariantChange(args: {
  errors: FieldErrors;
  field: string;
  type: ProductType;
  change: VariantUpdate;
  existing: CurrentVariant | undefined;
  storeCurrency: string;
}): PlannedVariant {
  const { errors, field, type, change, existing, storeCurrency } = args;
  const sentOptions =
    change.optionValues || change.attributes ? draftOptionValues(errors, field, change) : undefined;
  const price = draftPrice(errors, `${field}.priceMoney`, change.priceMoney, storeCurrency);
  if (!existing && change.priceMoney === undefined) {
    errors.add(`${field}.priceMoney`, productMessages.priceNeeded);
  }
  const priceCents = price ?? existing?.priceCents ?? 0;
  const salePriceCents =
    draftPrice(errors, `${field}.salePriceMoney`, change.salePriceMoney, storeCurrency) ??
    existing?.salePriceCents ??
    0;
  const isOnSale = change.onSale ?? existing?.isOnSale ?? false;
  if (isOnSale && salePriceCents === 0) {
    errors.add(`${field}.salePriceMoney`, productMessages.salePriceNeeded);
  } else if (isOnSale && salePriceCents >= priceCents) {
    errors.add(`${field}.salePriceMoney`, productMessages.saleBelowPrice);
  }
  if (type === ProductType.giftCard && priceCents === 0) {
    errors.add(`${field}.priceMoney`, productMessages.priceNotPositive);
  }
  const isUnlimited =
    hasUnlimitedStockByType(type) || (change.unlimited ?? existing?.isUnlimited ?? false);
  let stock: PlannedVariant['stock'];
  if (!existing) stock = { qtyInStock: change.qtyInStock ?? 0, expectedQtyInStock: undefined };
  else if (change.qtyInStock !== undefined && change.qtyInStock !== existing.qtyInStock) {
    stock = { qtyInStock: change.qtyInStock, expectedQtyInStock: change.expectedQtyInStock };
  }
  if (isUnlimited)
    stock = existing?.isUnlimited ? undefined : { qtyInStock: 0, expectedQtyInStock: undefined };
  return {
    id: existing?.id ?? null,
    sku: change.sku,
    optionValues: sentOptions ?? existing?.optionValues ?? [],
    priceCents,
    salePriceCents,
    isOnSale,
    isUnlimited,
    stock,
    weightGrams: change.weightGrams ?? existing?.weightGrams ?? 0,
    imageId: change.imageId === undefined ? (existing?.imageId ?? null) : change.imageId,
  };
}

function draftOptionValues(
  errors: FieldErrors,
  field: string,
  input: Pick<VariantInput, 'optionValues' | 'attributes'>,
): OptionValue[] {
  if (input.optionValues && input.attributes) {
    errors.add(`${field}.attributes`, productMessages.bothOptionForms);
  }
  const options =
    input.optionValues ??
    Object.entries(input.attributes ?? {}).map(([optionName, value]) => ({ optionName, value }));
  return options.map((o) => ({ optionName: o.optionName.trim(), value: o.value.trim() }));
}

/** Minor units of an editor's money, or undefined when none was sent or it is unreadable. */
function draftPrice(
  errors: FieldErrors,
  field: string,
  input: MoneyInput | undefined,
  storeCurrency: string,
): number | undefined {
  if (input === undefined) return undefined;
  // A price without a currency is in the store's: the editor only ever shows that one.
  const currency = (input.currency ?? input.currencyCode ?? storeCurrency).toUpperCase();
  if (currency !== storeCurrency) {
    errors.add(field, productMessages.currency(storeCurrency));
    return undefined;
  }
  const parsed = parseMoney({ value: input.value ?? input.decimalValue, currency });
  if (!parsed.ok) {
    errors.add(field, productMessages.amountUnreadable);
    return undefined;
  }
  const minorUnits = parsed.value.minorUnits;
  if (minorUnits < 0) errors.add(field, productMessages.amountNegative);
  else if (minorUnits > MAX_PRICE_MINOR_UNITS) errors.add(field, productMessages.amountTooLarge);
  else return minorUnits;
  return undefined;
}

function draftTags(errors: FieldErrors, tags: readonly string[]): string[] {
  const kept: string[] = [];
  for (const [index, raw] of tags.entries()) {
    const tag = raw.trim();
    if (tag.length > MAX_TAG_LENGTH) errors.add(`tags.${index}`, productMessages.tagTooLong);
    else if (tag !== '' && !kept.includes(tag)) kept.push(tag);
  }
  return kept;
}

function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
