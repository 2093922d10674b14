/** Subscription terms (SPEC §3, §6, §9). */
import type { SubscriptionPeriodUnit } from '../enums/content';
import { ProductType } from '../enums/product-types';
import { SubscriptionStatus } from '../enums/roles';
import { subscriptionMessages, timeMessages } from '../messages';

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

const isWhole = (n: number) => Number.isInteger(n) && n >= 1;

/** 'every month', 'every 2 weeks'; null for a period that is not a whole number of units. */
export function billingPeriodText(period: BillingPeriod): string | null {
  if (!isWhole(period.value) || !(period.unit in PERIODS_PER_YEAR)) return null;
  return subscriptionMessages.every(period.value, period.unit.toLowerCase());
}

/**
 * A subscription's price as a shopper reads it: '$20.00 every month', '$20.00 every 2
 * weeks for 1 year', or 'Unavailable' (SPEC §7) when the plan cannot be read.
 */
export function subscriptionPriceText(
  price: string,
  plan: { billingPeriod: BillingPeriod; numBillingCycles: number } | null | undefined,
): string {
  const every = plan ? billingPeriodText(plan.billingPeriod) : null;
  if (!plan || !every || !Number.isInteger(plan.numBillingCycles) || plan.numBillingCycles < 0) {
    return timeMessages.unavailable;
  }
  const duration = subscriptionDuration(plan);
  return duration
    ? `${price} ${every} ${subscriptionMessages.forDuration(duration.value, duration.unit.toLowerCase())}`
    : `${price} ${every}`;
}

/**
 * A subscription's life (issue 22). SPEC §3 numbers some statuses (expired 1, past due 2,
 * trial 3, paid 8; others up to 15 "not shown"); the states Atelier adds take 9–11.
 *   active ─renewal fails→ past_due ─retries spent→ expired
 *   past_due ─renewal succeeds (a retry or after a card update)→ active
 *   active ─pause→ paused ─resume→ active;  active|paused|past_due ─cancel→ cancelled
 *   active ─last cycle paid→ completed
 */
export type SubscriptionState =
  | 'active'
  | 'past_due'
  | 'paused'
  | 'cancelled'
  | 'expired'
  | 'completed';

/** Each state's SPEC §3 status code (enums/roles' SubscriptionStatus), and ours. */
export const SUBSCRIPTION_STATUS_CODES: Readonly<Record<SubscriptionState, number>> = {
  expired: SubscriptionStatus.expired,
  past_due: SubscriptionStatus.pastDue,
  active: SubscriptionStatus.paid,
  cancelled: 9,
  paused: 10,
  completed: 11,
};

/** States from which nothing more is ever charged. */
export const isSubscriptionEnded = (status: SubscriptionState): boolean =>
  status === 'cancelled' || status === 'expired' || status === 'completed';
