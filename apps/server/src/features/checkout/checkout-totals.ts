import { allocateMinorUnits, ProductType } from '@atelier/core';

// Checkout arithmetic, pure: no I/O, integer minor units only, so the same inputs give
// the same cents on every run and every line adds up to the order.
//
// Rules, in order:
// - subtotal = Σ unit price × quantity.
// - Coupons and tax skip gift-card lines: a gift card is stored money, not goods, and
//   discounting or taxing it would be paid out again when it is spent. A coupon for some
//   products or categories discounts only their lines (`isDiscountable`).
// - percentage discount = eligible subtotal × bp / 10 000, rounded half-up; fixed amount
//   is capped at the eligible subtotal; either is spread over the eligible lines with
//   core's largest-remainder allocation, so line discounts add up to the discount exactly.
// - free-shipping coupons zero the shipping instead of discounting goods.
// - tax is rounded half-up PER LINE on (line total − line discount), plus one more
//   rounding on shipping when the rule taxes shipping; the order's tax is the sum of
//   those, so every receipt line adds up to the total. When prices include tax, each of
//   those amounts already holds its tax: it is amount × bp / (10 000 + bp), shown, and
//   not added to the total.
// - the gift card pays min(balance, total); grand total (charged to the card) is the rest,
//   never negative.

export type TotalsLine = {
  productType: number;
  unitPriceCents: number;
  quantity: number;
  /** False for a line the coupon does not cover (it names other products); default true. */
  isDiscountable?: boolean;
};

export type CouponTerms =
  | { kind: 'percentage'; percentBp: number }
  | { kind: 'fixed_amount'; amountCents: number }
  | { kind: 'free_shipping' };

/** `isIncluded`: prices already contain the tax, which is taken out of them, not added. */
export type TaxTerms = { rateBp: number; appliesToShipping: boolean; isIncluded?: boolean };

export type TotalsInput = {
  lines: readonly TotalsLine[];
  /** Already chosen and priced; 0 when nothing ships. */
  shippingCents: number;
  coupon: CouponTerms | null;
  tax: TaxTerms | null;
  giftCardBalanceCents: number;
};

export type LineTotals = { lineTotalCents: number; discountCents: number; taxCents: number };

export type Totals = {
  lines: LineTotals[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  giftCardCents: number;
  grandTotalCents: number;
};

/** The tax inside a tax-inclusive amount, round(amount × bp / (10 000 + bp)) half-up. */
export const includedTaxHalfUp = (amount: number, bp: number): number =>
  Math.floor((2 * amount * bp + 10_000 + bp) / (2 * (10_000 + bp)));

/** round(amount × bp / 10 000) half-up, for non-negative integers. */
export const applyBasisPointsHalfUp = (amount: number, bp: number): number =>
  Math.floor((amount * bp + 5000) / 10_000);

export function computeCheckoutTotals(input: TotalsInput): Totals {
  const lineTotals = input.lines.map((l) => l.unitPriceCents * l.quantity);
  const subtotalCents = lineTotals.reduce((a, b) => a + b, 0);
  const isEligible = input.lines.map((l) => l.productType !== ProductType.giftCard);
  const weights = lineTotals.map((total, i) =>
    isEligible[i] && input.lines[i]?.isDiscountable !== false ? total : 0,
  );
  const eligibleCents = weights.reduce((a, b) => a + b, 0);

  const coupon = input.coupon;
  let discountCents = 0;
  if (coupon?.kind === 'percentage') {
    discountCents = applyBasisPointsHalfUp(eligibleCents, coupon.percentBp);
  } else if (coupon?.kind === 'fixed_amount') {
    discountCents = Math.min(coupon.amountCents, eligibleCents);
  }
  // allocateMinorUnits splits evenly when all weights are 0; only allocate real discounts.
  const lineDiscounts =
    discountCents > 0 ? allocateMinorUnits(discountCents, weights) : weights.map(() => 0);

  const shippingCents = coupon?.kind === 'free_shipping' ? 0 : input.shippingCents;
  const tax = input.tax;
  const taxOf = tax?.isIncluded ? includedTaxHalfUp : applyBasisPointsHalfUp;
  const lineTaxes = lineTotals.map((total, i) =>
    tax && isEligible[i] ? taxOf(total - (lineDiscounts[i] ?? 0), tax.rateBp) : 0,
  );
  const shippingTax =
    tax?.appliesToShipping && shippingCents > 0 ? taxOf(shippingCents, tax.rateBp) : 0;
  const taxCents = lineTaxes.reduce((a, b) => a + b, 0) + shippingTax;
  const addedTaxCents = tax?.isIncluded ? 0 : taxCents;
  const totalCents = subtotalCents - discountCents + shippingCents + addedTaxCents;
  const giftCardCents = Math.max(0, Math.min(input.giftCardBalanceCents, totalCents));
  return {
    lines: lineTotals.map((lineTotalCents, i) => ({
      lineTotalCents,
      discountCents: lineDiscounts[i] ?? 0,
      taxCents: lineTaxes[i] ?? 0,
    })),
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents,
    giftCardCents,
    grandTotalCents: totalCents - giftCardCents,
  };
}

export type ShippingRate = {
  kind: 'flat' | 'free_over' | 'by_weight' | 'pickup';
  priceCents: number;
  minSubtotalCents: number | null;
  perKgCents: number | null;
  weightTiers?: readonly { upToGrams: number | null; priceCents: number }[] | null;
};

/**
 * What an option costs for this cart, or null when it is not offered. Free-over is
 * judged on the goods subtotal before discounts (what the shopper sees in the cart).
 * A by-weight rate with tiers charges the first tier the weight fits in (limits are
 * inclusive); a cart heavier than every limited tier of a rate whose last tier is
 * limited (only rows written by hand) is not offered.
 */
export function priceShipping(
  rate: ShippingRate,
  cart: { subtotalCents: number; weightGrams: number },
): number | null {
  if (rate.kind === 'flat' || rate.kind === 'pickup') return rate.priceCents;
  if (rate.kind === 'free_over') {
    return cart.subtotalCents >= (rate.minSubtotalCents ?? 0) ? 0 : null;
  }
  if (rate.weightTiers?.length) {
    const tier = rate.weightTiers.find(
      (t) => t.upToGrams === null || cart.weightGrams <= t.upToGrams,
    );
    return tier ? tier.priceCents : null;
  }
  const startedKg = Math.ceil(cart.weightGrams / 1000);
  return rate.priceCents + startedKg * (rate.perKgCents ?? 0);
}

/**
 * Why `priceShipping` did not offer a rate to this cart, in figures the shopper can act
 * on: the subtotal a free-over rate needs, or the heaviest cart a tiered rate takes.
 * Null when the rate is offered.
 */
export function shippingShortfall(
  rate: ShippingRate,
  cart: { subtotalCents: number; weightGrams: number },
):
  | { kind: 'below-minimum'; minSubtotalCents: number }
  | { kind: 'too-heavy'; maxGrams: number }
  | null {
  if (priceShipping(rate, cart) !== null) return null;
  if (rate.kind === 'free_over') {
    return { kind: 'below-minimum', minSubtotalCents: rate.minSubtotalCents ?? 0 };
  }
  const limits = (rate.weightTiers ?? []).map((tier) => tier.upToGrams ?? 0);
  return { kind: 'too-heavy', maxGrams: Math.max(0, ...limits) };
}

export type Zone = readonly { country: string; regions: readonly string[] }[];

/**
 * Whether a rate ships to the address. No zone: everywhere. A zone country without
 * regions covers the whole country; with regions, the address's region must be one of
 * them (compared trimmed and without case, as shoppers type "ca" or "CA"). Pickup is
 * never limited. Without an address only rates that ship everywhere are known to apply.
 */
export function shipsTo(
  rate: { kind: ShippingRate['kind']; zone: Zone | null },
  address: { country: string; region?: string | undefined } | null,
): boolean {
  return zoneMiss(rate, address) === null;
}

/**
 * What of the address a rate's zone does not hold — its `country`, or its `region`
 * within a country the zone limits to some regions — or null when the rate ships there.
 * Without an address a zoned rate's answer is `address`: not known yet.
 */
export function zoneMiss(
  rate: { kind: ShippingRate['kind']; zone: Zone | null },
  address: { country: string; region?: string | undefined } | null,
): 'address' | 'country' | 'region' | null {
  if (rate.kind === 'pickup' || !rate.zone) return null;
  if (!address) return 'address';
  const place = rate.zone.find((p) => p.country === address.country.toUpperCase());
  if (!place) return 'country';
  if (place.regions.length === 0) return null;
  const region = address.region?.trim().toUpperCase();
  return region && place.regions.some((r) => r.trim().toUpperCase() === region) ? null : 'region';
}
