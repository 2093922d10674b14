// Subscription price text: "every 2 weeks for 12 weeks". Each wording has a
// localizedStrings key (productPrice__singlePrice__1Weekly__limited__nWeeks, …) whose
// value is an ICU message over {price}, {billingPeriodValue} and {duration}; without
// one, the English default is built here.

import type { CLDR } from '@phensley/cldr';
import { resolvePath } from '../paths.ts';
import type { Ctx, Path } from '../types.ts';
import { getKey, toNumber, type Value } from '../values.ts';
import { cldrOf } from './cldr.ts';

const LOCALIZED: Path = {
  kind: 'node',
  head: 'localizedStrings',
  rest: [],
  text: 'localizedStrings',
};

/** A UI string the site supplies under `localizedStrings.KEY`, if any. */
export function localizedString(ctx: Ctx, key: string): string | undefined {
  const s = getKey(resolvePath(ctx, LOCALIZED), key);
  return typeof s === 'string' ? s : undefined;
}

export interface BillingPlan {
  unit: string;
  value: number;
  /** Total length in `durationUnit`s; 0 when the plan renews indefinitely. */
  duration: number;
  durationUnit: string;
}

/** Reads `subscriptionPlan`; weeks and months that add up to whole years count in years. */
export function billingPlan(plan: Value): BillingPlan | undefined {
  const period = getKey(plan, 'billingPeriod');
  const unitName = getKey(period, 'unit');
  if (typeof unitName !== 'string') return undefined;
  const unit = unitName.toLowerCase();
  const raw = toNumber(getKey(period, 'value'));
  const value = Number.isFinite(raw) && raw > 0 ? raw : 1;
  const cyclesRaw = toNumber(getKey(plan, 'numBillingCycles'));
  const cycles = Number.isFinite(cyclesRaw) && cyclesRaw > 0 ? cyclesRaw : 0;
  let duration = cycles * value;
  let durationUnit = unit;
  if (unit === 'week' && duration > 0 && duration % 52 === 0) {
    duration /= 52;
    durationUnit = 'year';
  } else if (unit === 'month' && duration > 0 && duration % 12 === 0) {
    duration /= 12;
    durationUnit = 'year';
  }
  return { unit, value, duration, durationUnit };
}

const messageFormatters = new WeakMap<CLDR, ReturnType<CLDR['General']['messageFormatter']>>();

/** Formats a site-supplied ICU message (the formatter is built once per locale). */
export function formatMessage(
  cldr: CLDR,
  pattern: string,
  positional: unknown[],
  named: Record<string, unknown>,
): string {
  let f = messageFormatters.get(cldr);
  if (f === undefined) {
    f = cldr.General.messageFormatter();
    messageFormatters.set(cldr, f);
  }
  return f.format(pattern, positional as never, named as never);
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const count = (n: number, unit: string) => (n === 1 ? unit : `${n} ${unit}s`);

/** `{price} every …[ for …]`, localized when the site supplies the wording. */
export function subscriptionText(
  ctx: Ctx,
  plan: BillingPlan,
  priceHtml: string,
  isMultiple: boolean,
): string {
  const key =
    `productPrice__${isMultiple ? 'multiplePrices' : 'singlePrice'}__` +
    `${plan.value === 1 ? '1' : 'n'}${capitalized(plan.unit)}ly__` +
    (plan.duration === 0
      ? 'indefinite'
      : `limited__${plan.duration === 1 ? '1' : 'n'}${capitalized(plan.durationUnit)}s`);
  // The wording is locale data: without a locale there is none.
  const cldr = cldrOf(ctx);
  if (cldr === null) return '';
  const localized = localizedString(ctx, key);
  if (localized !== undefined) {
    const args = { price: priceHtml, billingPeriodValue: plan.value, duration: plan.duration };
    return formatMessage(cldr, localized, [], args);
  }
  let text = `${isMultiple ? 'from ' : ''}${priceHtml} every ${count(plan.value, plan.unit)}`;
  if (plan.duration > 0) {
    text += ` for ${plan.duration === 1 ? `1 ${plan.durationUnit}` : count(plan.duration, plan.durationUnit)}`;
  }
  return text;
}
