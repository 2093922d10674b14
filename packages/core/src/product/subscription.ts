/** Subscription terms (SPEC §3, §6, §9). */
import type { SubscriptionPeriodUnit } from '../enums/content';
import { ProductType } from '../enums/product-types';

export const PERIODS_PER_YEAR: Readonly<Record<SubscriptionPeriodUnit, number>> = {
  WEEK: 52,
  MONTH: 12,
  YEAR: 1,
};

export interface BillingPeriod {
  value: number;
  unit: SubscriptionPeriodUnit;
}

/** Subscriptions are offered for physical and service products only. */
export const canBeSubscribable = (productType: number): boolean =>
  productType === ProductType.physical || productType === ProductType.service;

/**
 * How long a subscription runs: null when it runs until cancelled (0 cycles); in years
 * when the length is a whole number of years ('24 months' reads '2 years').
 */
export const subscriptionDuration = ({
  billingPeriod,
  numBillingCycles,
}: {
  billingPeriod: BillingPeriod;
  numBillingCycles: number;
}): BillingPeriod | null => {
  if (numBillingCycles <= 0) return null;
  const total = billingPeriod.value * numBillingCycles;
  const perYear = PERIODS_PER_YEAR[billingPeriod.unit];
  return total % perYear === 0
    ? { value: total / perYear, unit: 'YEAR' }
    : { value: total, unit: billingPeriod.unit };
};

/** Payments in a year, for comparing plans of different periods. */
export const paymentsPerYear = (billingPeriod: BillingPeriod): number =>
  PERIODS_PER_YEAR[billingPeriod.unit] / billingPeriod.value;
