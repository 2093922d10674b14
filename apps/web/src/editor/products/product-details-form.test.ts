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
      { ...newDetailsForm(), weightKg: '1,25', lengthCm: '30', widthCm: '20.5', heightCm: '' },
      ProductType.physical,
    );
    expect(read).toMatchObject({
      ok: true,
      input: { shipping: { weightGrams: 1250, lengthMm: 300, widthMm: 205, heightMm: null } },
    });
  });

  it('names the fields it cannot read', () => {
    const read = toDetailsInput(
      {
        ...newDetailsForm(),
        weightKg: 'heavy',
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

  it('sends only the details a product type has', () => {
    const digital = toDetailsInput(
      { ...newDetailsForm(), digitalFile: { id: 'f', filename: 'a.pdf' }, weightKg: '2' },
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
      weightKg: '0.35',
      lengthCm: '30',
      billingCycles: '12',
      scarcityThreshold: '3',
    });
  });
});
