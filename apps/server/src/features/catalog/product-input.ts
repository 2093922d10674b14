import type {
  MoneyInput,
  ProductCreate,
  ProductUpdate,
  VariantInput,
  variantUpdateSchema,
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
import type { z } from 'zod';
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
    });
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
    mediaIds: unique(input.mediaIds ?? []),
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

export type CurrentProduct = DraftProductFields & { productType: ProductType };
export type CurrentVariant = {
  id: string;
  priceCents: number;
  salePriceCents: number;
  isOnSale: boolean;
  qtyInStock: number;
  isUnlimited: boolean;
};

/** A variant's values after an update. */
export type VariantChange = CurrentVariant;

/**
 * The product-level and variant changes of an update, merged over the current values so
 * the same rules hold after the change as at creation. Throws a 400 listing every problem.
 */
export function draftProductChanges(input: {
  patch: ProductUpdate;
  current: CurrentProduct;
  currentVariants: readonly CurrentVariant[];
  storeCurrency: string;
}): {
  fields: DraftProductFields;
  tags: string[] | undefined;
  variants: VariantChange[];
} {
  const { patch, current, storeCurrency } = input;
  const errors = new FieldErrors();
  const type = current.productType;
  const fields = draftProductFields({ errors, type, input: patch, current, storeCurrency });
  const tags = patch.tags === undefined ? undefined : draftTags(errors, patch.tags);
  const byId = new Map(input.currentVariants.map((v) => [v.id, v]));
  const variants: VariantChange[] = [];
  for (const [index, change] of (patch.variants ?? []).entries()) {
    const field = `variants.${index}`;
    const existing = byId.get(change.id);
    if (!existing) {
      errors.add(`${field}.id`, 'This product has no variant with that id');
      continue;
    }
    variants.push(draftVariantChange({ errors, field, type, change, existing, storeCurrency }));
  }
  // A digital product's variant mirrors the product's price (see draftNewProduct).
  if (isPricedOnProduct(type) && fields.priceCents !== null) {
    for (const existing of input.currentVariants) {
      variants.push({
        ...existing,
        priceCents: fields.priceCents,
        salePriceCents: fields.salePriceCents ?? 0,
        isOnSale: fields.isOnSale,
      });
    }
  }
  errors.throwIfAny();
  return { fields, tags, variants };
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
    };
  });
  return { ordering, variants };
}

function draftVariantChange(args: {
  errors: FieldErrors;
  field: string;
  type: ProductType;
  change: z.infer<typeof variantUpdateSchema>;
  existing: CurrentVariant;
  storeCurrency: string;
}): VariantChange {
  const { errors, field, type, change, existing, storeCurrency } = args;
  if (isPricedOnProduct(type) && (change.priceMoney || change.salePriceMoney)) {
    errors.add(`${field}.priceMoney`, productMessages.priceOnProduct);
  }
  const priceCents =
    draftPrice(errors, `${field}.priceMoney`, change.priceMoney, storeCurrency) ??
    existing.priceCents;
  const salePriceCents =
    draftPrice(errors, `${field}.salePriceMoney`, change.salePriceMoney, storeCurrency) ??
    existing.salePriceCents;
  const isOnSale = change.onSale ?? existing.isOnSale;
  if (isOnSale && salePriceCents === 0) {
    errors.add(`${field}.salePriceMoney`, productMessages.salePriceNeeded);
  } else if (isOnSale && salePriceCents >= priceCents) {
    errors.add(`${field}.salePriceMoney`, productMessages.saleBelowPrice);
  }
  if (type === ProductType.giftCard && priceCents === 0) {
    errors.add(`${field}.priceMoney`, productMessages.priceNotPositive);
  }
  const isUnlimited = hasUnlimitedStockByType(type) || (change.unlimited ?? existing.isUnlimited);
  return {
    id: existing.id,
    priceCents,
    salePriceCents,
    isOnSale,
    qtyInStock: isUnlimited ? 0 : (change.qtyInStock ?? existing.qtyInStock),
    isUnlimited,
  };
}

function draftOptionValues(errors: FieldErrors, field: string, input: VariantInput): OptionValue[] {
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
