import type { CatalogProduct, ProductUpdate } from '@atelier/contract';
import { canBeSubscribable, ProductType } from '@atelier/core';
import {
  fromGrams,
  fromMm,
  METRIC_UNITS,
  type ShippingUnits,
  toGrams,
  toMm,
} from '../shipping-units.ts';

// The product editor's details beyond price and stock, as a pure state: search engine
// texts, visibility with a schedule, the parcel's weight and size, a digital product's
// file, the subscription plan, the additional-fields form and the low-stock message.
// Numbers are kept as typed (weight and size in the store's units); they are read here
// into the API's units (grams, millimetres, whole numbers), and what cannot be read is
// reported per field.

export type Visibility = 'published' | 'hidden' | 'scheduled';
export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export type DetailsForm = {
  visibility: Visibility;
  /** A `datetime-local` value in the merchant's own time zone; '' when none. */
  publishAt: string;
  seoTitle: string;
  seoDescription: string;
  socialImage: { id: string; src: string } | null;
  /** In the store's weight unit. */
  weight: string;
  /** In the store's size unit, like width and height. */
  length: string;
  width: string;
  height: string;
  digitalFile: { id: string; filename: string } | null;
  /** How many hours each download link works. */
  linkHours: string;
  /** Downloads one purchase allows; '' for no limit. */
  downloadLimit: string;
  isSubscribable: boolean;
  billingEvery: string;
  billingUnit: BillingUnit;
  /** How many payments; '' or 0 renews until cancelled. */
  billingCycles: string;
  /** '' for none. */
  additionalFieldsFormId: string;
  scarcityEnabled: boolean;
  scarcityText: string;
  /** '' uses the store's threshold. */
  scarcityThreshold: string;
  /** Categories of the product's store page. */
  categoryIds: string[];
};

export function newDetailsForm(): DetailsForm {
  return {
    visibility: 'published',
    publishAt: '',
    seoTitle: '',
    seoDescription: '',
    socialImage: null,
    weight: '',
    length: '',
    width: '',
    height: '',
    digitalFile: null,
    linkHours: '72',
    downloadLimit: '',
    isSubscribable: false,
    billingEvery: '1',
    billingUnit: 'MONTH',
    billingCycles: '',
    additionalFieldsFormId: '',
    scarcityEnabled: false,
    scarcityText: '',
    scarcityThreshold: '',
    categoryIds: [],
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: the browser's local time, to the minute. */
export function toLocalInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export function detailsFromProduct(
  product: CatalogProduct,
  units: ShippingUnits = METRIC_UNITS,
): DetailsForm {
  const { weightGrams, lengthMm, widthMm, heightMm } = product.shipping;
  const size = (mm: number | null) => (mm === null ? '' : fromMm(mm, units.size));
  const plan = product.subscriptionPlan;
  return {
    visibility: product.publishAt ? 'scheduled' : product.isVisible ? 'published' : 'hidden',
    publishAt: product.publishAt ? toLocalInput(product.publishAt) : '',
    seoTitle: product.seo.title ?? '',
    seoDescription: product.seo.description ?? '',
    socialImage: product.socialImage,
    weight: weightGrams === null ? '' : fromGrams(weightGrams, units.weight),
    length: size(lengthMm),
    width: size(widthMm),
    height: size(heightMm),
    digitalFile: product.digitalFile
      ? { id: product.digitalFile.id, filename: product.digitalFile.filename }
      : null,
    linkHours: String(product.digitalDelivery.linkHours),
    downloadLimit:
      product.digitalDelivery.downloadLimit === null
        ? ''
        : String(product.digitalDelivery.downloadLimit),
    isSubscribable: product.isSubscribable,
    billingEvery: String(plan?.billingPeriod.value ?? 1),
    billingUnit: plan?.billingPeriod.unit ?? 'MONTH',
    billingCycles: plan && plan.numBillingCycles > 0 ? String(plan.numBillingCycles) : '',
    additionalFieldsFormId: product.additionalFieldsFormId ?? '',
    scarcityEnabled: product.merchandising.scarcityEnabled,
    scarcityText: product.merchandising.scarcityText ?? '',
    scarcityThreshold:
      product.merchandising.scarcityThreshold === null
        ? ''
        : String(product.merchandising.scarcityThreshold),
    categoryIds: product.categoryIds,
  };
}

/** A decimal as typed, read by `toStored` (into grams or mm); null when empty. */
function readUnits<U>(
  text: string,
  unit: U,
  toStored: (text: string, unit: U) => number,
): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const stored = toStored(text, unit);
  return Number.isNaN(stored) ? 'invalid' : stored;
}

const readWhole = (text: string): number | null | 'invalid' => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 'invalid';
};

/** What the API is sent for the details, or the fields that cannot be read. */
export function toDetailsInput(
  details: DetailsForm,
  type: ProductType,
  units: ShippingUnits = METRIC_UNITS,
): { ok: true; input: Partial<ProductUpdate> } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const input: Partial<ProductUpdate> = {
    seoTitle: details.seoTitle.trim() || null,
    seoDescription: details.seoDescription.trim() || null,
    socialImageId: details.socialImage?.id ?? null,
    isVisible: details.visibility === 'published',
    additionalFieldsFormId: details.additionalFieldsFormId || null,
    categories: details.categoryIds,
  };

  if (details.visibility === 'scheduled') {
    const at = new Date(details.publishAt);
    if (details.publishAt === '' || Number.isNaN(at.getTime())) {
      errors.publishAt = 'Choose the date and time to publish';
    } else input.publishAt = at.toISOString();
  } else input.publishAt = null;

  if (type === ProductType.physical) {
    const weight = readUnits(details.weight, units.weight, toGrams);
    const length = readUnits(details.length, units.size, toMm);
    const width = readUnits(details.width, units.size, toMm);
    const height = readUnits(details.height, units.size, toMm);
    const w = units.weight;
    // "in in" would read oddly: inches are named in full.
    const size = units.size === 'in' ? 'inches' : units.size;
    if (weight === 'invalid')
      errors['shipping.weightGrams'] = `Enter the weight in ${w}, e.g. 1.25`;
    if (length === 'invalid') errors['shipping.lengthMm'] = `Enter the length in ${size}, e.g. 30`;
    if (width === 'invalid') errors['shipping.widthMm'] = `Enter the width in ${size}, e.g. 20`;
    if (height === 'invalid') errors['shipping.heightMm'] = `Enter the height in ${size}, e.g. 10`;
    if (
      weight !== 'invalid' &&
      length !== 'invalid' &&
      width !== 'invalid' &&
      height !== 'invalid'
    ) {
      input.shipping = { weightGrams: weight, lengthMm: length, widthMm: width, heightMm: height };
    }
  }
  if (type === ProductType.digital) {
    input.digitalFileId = details.digitalFile?.id ?? null;
    const hours = readWhole(details.linkHours);
    const limit = readWhole(details.downloadLimit);
    if (hours === null || hours === 'invalid' || hours < 1 || hours > 8760) {
      errors['digitalDelivery.linkHours'] = 'Enter a whole number of hours from 1 to 8760';
    } else if (limit === 'invalid' || (limit !== null && (limit < 1 || limit > 1000))) {
      errors['digitalDelivery.downloadLimit'] =
        'Enter a whole number from 1 to 1000, or leave it empty for no limit';
    } else input.digitalDelivery = { linkHours: hours, downloadLimit: limit };
  }

  if (canBeSubscribable(type)) {
    input.isSubscribable = details.isSubscribable;
    if (details.isSubscribable) {
      const every = readWhole(details.billingEvery);
      const cycles = readWhole(details.billingCycles);
      if (every === null || every === 'invalid' || every < 1) {
        errors.subscriptionPlan = 'Bill every 1 or more weeks, months or years';
      } else if (cycles === 'invalid') {
        errors.subscriptionPlan = 'Enter how many payments as a whole number, or leave it empty';
      } else {
        input.subscriptionPlan = {
          billingPeriod: { value: every, unit: details.billingUnit },
          numBillingCycles: cycles ?? 0,
        };
      }
    } else input.subscriptionPlan = null;
  }

  const threshold = readWhole(details.scarcityThreshold);
  if (threshold === 'invalid') errors['merchandising.scarcityThreshold'] = 'Enter a whole number';
  else {
    input.merchandising = {
      scarcityEnabled: details.scarcityEnabled,
      scarcityText: details.scarcityText.trim() || null,
      scarcityThreshold: threshold,
    };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}
