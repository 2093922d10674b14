/**
 * The pay-in-installments pill on product pages (SPEC §3, §5, §9). The pill offers the
 * split only inside the provider's range; outside it, it says which side of the range the
 * price is on so the shopper knows whether adding more would help.
 */
import { ProductType } from '../enums/product-types';
import { DEFAULT_INSTALLMENTS } from '../limits/limits';
import { installmentMessages } from '../messages';
import { formatMoney } from '../money/format';
import { allocateMoney, compareMoney, type Money, money } from '../money/money';

export type InstallmentBrand = 'Afterpay' | 'Clearpay';

/** Country → languages served. GB runs the same service under the Clearpay name. */
export const AFTERPAY_MARKETS: Readonly<Record<string, readonly string[]>> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
};

const primaryLanguage = (language: string): string => language.toLowerCase().split(/[-_]/)[0] ?? '';

/** The brand to show for a merchant's country and the shopper's language, or null if none. */
export const installmentBrand = ({
  country,
  language,
}: {
  country: string;
  language: string;
}): InstallmentBrand | null => {
  const code = country.toUpperCase();
  const languages = AFTERPAY_MARKETS[code];
  if (!languages?.includes(primaryLanguage(language))) return null;
  return code === 'GB' ? 'Clearpay' : 'Afterpay';
};

/** Installments cover goods that ship; any digital, service or gift card item rules them out. */
export const isInstallmentEligibleCart = (productTypes: readonly number[]): boolean =>
  productTypes.length > 0 && productTypes.every((type) => type === ProductType.physical);

/** The payments, adding up to the price, any odd cents on the earliest payments. */
export const installmentPayments = (price: Money, count = DEFAULT_INSTALLMENTS): Money[] =>
  allocateMoney(
    price,
    Array.from({ length: count }, () => 1),
  );

export type InstallmentPill =
  | { kind: 'in-range'; text: string; payments: Money[] }
  | { kind: 'out-of-range'; text: string };

export const installmentPill = ({
  price,
  min,
  max,
  count = DEFAULT_INSTALLMENTS,
  format = formatMoney,
}: {
  price: Money;
  min: Money;
  max: Money;
  count?: number;
  format?: (amount: Money) => string;
}): InstallmentPill => {
  if (compareMoney(price, max) > 0) {
    return { kind: 'out-of-range', text: installmentMessages.availableUpTo(format(max)) };
  }
  if (compareMoney(price, min) <= 0) {
    return { kind: 'out-of-range', text: installmentMessages.availableOver(format(min)) };
  }
  const payments = installmentPayments(price, count);
  const installmentStr = installmentMessages.payments(count, format(payments[0]!));
  return { kind: 'in-range', text: installmentMessages.pill(installmentStr), payments };
};

/**
 * The order amounts the provider splits, in minor units of the store currency. SPEC §3
 * reads them from the provider (afterPayMin, afterPayMax) and names no figures; these are
 * Afterpay's usual merchant defaults, the same for every market.
 */
export const INSTALLMENT_RANGE_CENTS = { min: 100, max: 200_000 } as const;

/** What a storefront page needs to show the pill: the brand and the provider's range. */
export type InstallmentOffer = { brand: InstallmentBrand; minCents: number; maxCents: number };

/**
 * The store's offer, or null when the merchant has not turned messaging on or the store's
 * market (merchant country, shopper language) is not one the provider serves. The country
 * is the store address's; a store without one falls back to its language tag's region
 * (en-US → US), the only other place a store says where it is.
 */
export const installmentOffer = ({
  isEnabled,
  country,
  language,
}: {
  isEnabled: boolean;
  country: string | null | undefined;
  language: string;
}): InstallmentOffer | null => {
  if (!isEnabled) return null;
  const region = /^[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(language)?.[1] ?? '';
  const brand = installmentBrand({ country: country || region, language });
  return brand
    ? { brand, minCents: INSTALLMENT_RANGE_CENTS.min, maxCents: INSTALLMENT_RANGE_CENTS.max }
    : null;
};

/** Days between two payments of the schedule (Afterpay and Clearpay collect fortnightly). */
export const INSTALLMENT_INTERVAL_DAYS = 14;

/** The installment tender at checkout: who offers it and the payments, first due today. */
export type InstallmentTender = { brand: InstallmentBrand; paymentsCents: number[] };

/**
 * Whether checkout may offer paying in installments, by the very rules the pill shows:
 * the store's offer (on, and a served market), a cart of goods that ship, and the amount
 * charged inside the provider's range (the pill's in-range case). Null: pay in full only.
 */
export const installmentTender = ({
  offer,
  productTypes,
  total,
  count = DEFAULT_INSTALLMENTS,
}: {
  offer: InstallmentOffer | null | undefined;
  productTypes: readonly number[];
  /** What the card is charged: the order total less any gift card. */
  total: Money;
  count?: number;
}): InstallmentTender | null => {
  if (!offer || !isInstallmentEligibleCart(productTypes)) return null;
  const pill = installmentPill({
    price: total,
    min: money(offer.minCents, total.currency),
    max: money(offer.maxCents, total.currency),
    count,
  });
  if (pill.kind !== 'in-range') return null;
  return { brand: offer.brand, paymentsCents: pill.payments.map((p) => p.minorUnits) };
};

export type ScheduledInstallment = { number: number; amountCents: number; dueAt: Date };

/** The payments' due dates: the first at `start`, then every INSTALLMENT_INTERVAL_DAYS. */
export const installmentSchedule = (
  paymentsCents: readonly number[],
  start: Date,
): ScheduledInstallment[] =>
  paymentsCents.map((amountCents, index) => ({
    number: index + 1,
    amountCents,
    dueAt: new Date(start.getTime() + index * INSTALLMENT_INTERVAL_DAYS * 24 * 3600_000),
  }));
