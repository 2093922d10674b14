import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-types';
import {
  canBeSubscribable,
  PERIODS_PER_YEAR,
  paymentsPerYear,
  subscriptionDuration,
} from './subscription';

describe('subscriptions', () => {
  it('counts 52 weeks, 12 months or 1 year per year', () => {
    expect(PERIODS_PER_YEAR).toEqual({ WEEK: 52, MONTH: 12, YEAR: 1 });
    expect(paymentsPerYear({ value: 2, unit: 'WEEK' })).toBe(26);
  });

  it('runs indefinitely with 0 cycles', () => {
    expect(
      subscriptionDuration({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }),
    ).toBeNull();
  });

  it('shows the duration in years when whole', () => {
    expect(
      subscriptionDuration({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 24 }),
    ).toEqual({ value: 2, unit: 'YEAR' });
    expect(
      subscriptionDuration({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 }),
    ).toEqual({ value: 6, unit: 'MONTH' });
    expect(
      subscriptionDuration({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 }),
    ).toEqual({ value: 1, unit: 'YEAR' });
  });

  it('offers subscriptions for physical and service products only', () => {
    expect(canBeSubscribable(ProductType.physical)).toBe(true);
    expect(canBeSubscribable(ProductType.service)).toBe(true);
    expect(canBeSubscribable(ProductType.digital)).toBe(false);
    expect(canBeSubscribable(ProductType.giftCard)).toBe(false);
  });
});
