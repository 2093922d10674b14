import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-types';
import {
  canBeSubscribable,
  PERIODS_PER_YEAR,
  paymentsPerYear,
  subscriptionDuration,
  subscriptionPriceText,
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

describe('subscription price text', () => {
  const plan = (value: number, unit: 'WEEK' | 'MONTH' | 'YEAR', numBillingCycles = 0) => ({
    billingPeriod: { value, unit },
    numBillingCycles,
  });

  it('says the period: every week, 2 weeks, month, year', () => {
    expect(subscriptionPriceText('$5.00', plan(1, 'WEEK'))).toBe('$5.00 every week');
    expect(subscriptionPriceText('$5.00', plan(2, 'WEEK'))).toBe('$5.00 every 2 weeks');
    expect(subscriptionPriceText('$5.00', plan(1, 'MONTH'))).toBe('$5.00 every month');
    expect(subscriptionPriceText('$5.00', plan(1, 'YEAR'))).toBe('$5.00 every year');
  });

  it('adds the duration, in whole years when they divide', () => {
    expect(subscriptionPriceText('$5.00', plan(1, 'MONTH', 12))).toBe(
      '$5.00 every month for 1 year',
    );
    expect(subscriptionPriceText('$5.00', plan(1, 'MONTH', 6))).toBe(
      '$5.00 every month for 6 months',
    );
    expect(subscriptionPriceText('$5.00', plan(1, 'WEEK', 104))).toBe(
      '$5.00 every week for 2 years',
    );
  });

  it("falls back to 'Unavailable' when the plan cannot be read", () => {
    expect(subscriptionPriceText('$5.00', null)).toBe('Unavailable');
    expect(subscriptionPriceText('$5.00', plan(0, 'MONTH'))).toBe('Unavailable');
    expect(subscriptionPriceText('$5.00', plan(1.5, 'MONTH'))).toBe('Unavailable');
    expect(
      subscriptionPriceText('$5.00', {
        billingPeriod: { value: 1, unit: 'DAY' as 'WEEK' },
        numBillingCycles: 0,
      }),
    ).toBe('Unavailable');
  });
});
