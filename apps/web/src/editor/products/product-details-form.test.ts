import { ProductType } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { catalogProduct } from './catalog-product.fixture.ts';
import {
  detailsFromProduct,
  newDetailsForm,
  toDetailsInput,
  toLocalInput,
} from './product-details-form.ts';

describe('the product details form', () => {
  it('reads kilograms and centimetres into grams and millimetres', () => {
    const read = toDetailsInput(
      { ...newDetailsForm(), weight: '1,25', length: '30', width: '20.5', height: '' },
      ProductType.physical,
    );
    expect(read).toMatchObject({
      ok: true,
      input: { shipping: { weightGrams: 1250, lengthMm: 300, widthMm: 205, heightMm: null } },
    });
  });

  it('reads and shows the weight and size in the store units (lb and in)', () => {
    const units = { weight: 'lb', size: 'in' } as const;
    const read = toDetailsInput(
      { ...newDetailsForm(), weight: '2', length: '10', width: '1.5', height: 'tall' },
      ProductType.physical,
      units,
    );
    expect(read).toEqual({
      ok: false,
      errors: { 'shipping.heightMm': 'Enter the height in inches, e.g. 10' },
    });
    const fixed = toDetailsInput(
      { ...newDetailsForm(), weight: '2', length: '10', width: '1.5', height: '' },
      ProductType.physical,
      units,
    );
    // 907 g: what a shipping tier "up to 2 lb" is stored as, so the product falls in it.
    expect(fixed).toMatchObject({
      ok: true,
      input: { shipping: { weightGrams: 907, lengthMm: 254, widthMm: 38, heightMm: null } },
    });
    const product = catalogProduct({
      shipping: { weightGrams: 907, lengthMm: 254, widthMm: 38, heightMm: null },
    });
    expect(detailsFromProduct(product, units)).toMatchObject({
      weight: '2',
      length: '10',
      width: '1.5',
      height: '',
    });
  });

  it('names the fields it cannot read', () => {
    const read = toDetailsInput(
      {
        ...newDetailsForm(),
        weight: 'heavy',
        visibility: 'scheduled',
        scarcityThreshold: '2.5',
      },
      ProductType.physical,
    );
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(Object.keys(read.errors).sort()).toEqual([
        'merchandising.scarcityThreshold',
        'publishAt',
        'shipping.weightGrams',
      ]);
    }
  });

  it('sends a schedule as an instant, hidden until then', () => {
    const read = toDetailsInput(
      { ...newDetailsForm(), visibility: 'scheduled', publishAt: '2031-05-01T09:30' },
      ProductType.service,
    );
    expect(read.ok && read.input).toMatchObject({
      isVisible: false,
      publishAt: new Date('2031-05-01T09:30').toISOString(),
    });
    expect(toLocalInput(new Date('2031-05-01T09:30').toISOString())).toBe('2031-05-01T09:30');
  });

  it('reads a digital product’s link hours and download limit, blank for no limit', () => {
    const form = { ...newDetailsForm(), digitalFile: { id: 'f', filename: 'a.pdf' } };
    const unlimited = toDetailsInput(form, ProductType.digital);
    expect(unlimited.ok && unlimited.input.digitalDelivery).toEqual({
      linkHours: 72,
      downloadLimit: null,
    });
    const limited = toDetailsInput(
      { ...form, linkHours: '24', downloadLimit: '3' },
      ProductType.digital,
    );
    expect(limited.ok && limited.input.digitalDelivery).toEqual({
      linkHours: 24,
      downloadLimit: 3,
    });
    const bad = toDetailsInput(
      { ...form, linkHours: '0', downloadLimit: 'x' },
      ProductType.digital,
    );
    expect(!bad.ok && bad.errors).toEqual({
      'digitalDelivery.linkHours': 'Enter a whole number of hours from 1 to 8760',
    });
    const badLimit = toDetailsInput({ ...form, downloadLimit: '0' }, ProductType.digital);
    expect(!badLimit.ok && Object.keys(badLimit.errors)).toEqual(['digitalDelivery.downloadLimit']);
    const physical = toDetailsInput(form, ProductType.physical);
    expect(physical.ok && 'digitalDelivery' in physical.input).toBe(false);
  });

  it('sends only the details a product type has', () => {
    const digital = toDetailsInput(
      { ...newDetailsForm(), digitalFile: { id: 'f', filename: 'a.pdf' }, weight: '2' },
      ProductType.digital,
    );
    expect(digital.ok && digital.input.digitalFileId).toBe('f');
    expect(digital.ok && 'shipping' in digital.input).toBe(false);
    expect(digital.ok && 'isSubscribable' in digital.input).toBe(false);
    const subscription = toDetailsInput(
      { ...newDetailsForm(), isSubscribable: true, billingEvery: '2', billingUnit: 'WEEK' },
      ProductType.physical,
    );
    expect(subscription.ok && subscription.input.subscriptionPlan).toEqual({
      billingPeriod: { value: 2, unit: 'WEEK' },
      numBillingCycles: 0,
    });
  });

  it('round-trips a saved product', () => {
    const product = catalogProduct({
      isVisible: false,
      seo: { title: 'T', description: null, socialImageId: null },
      shipping: { weightGrams: 350, lengthMm: 300, widthMm: null, heightMm: null },
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 12 },
      merchandising: {
        scarcityEnabled: true,
        scarcityText: null,
        scarcityThreshold: 3,
        customSoldOutText: null,
        restockNotificationsEnabled: true,
      },
    });
    expect(detailsFromProduct(product)).toMatchObject({
      visibility: 'hidden',
      seoTitle: 'T',
      weight: '0.35',
      length: '30',
      billingCycles: '12',
      scarcityThreshold: '3',
    });
  });
});
