import type { Checkout, ShippingAddress } from '@atelier/contract';
import {
  type CurrencyCode,
  cartMessages,
  checkoutMessages,
  computeCartTotals,
  effectiveUnitPriceCents,
  formatMoney,
  formatWeight,
  INSTALLMENT_INTERVAL_DAYS,
  type InstallmentOffer,
  installmentTender,
  money,
  ProductType,
  type WeightUnitCode,
} from '@atelier/core';
import type {
  CheckoutRow,
  CouponRow,
  GiftCardRow,
  ShippingOptionRow,
  SubscriptionPlan,
  TaxRuleRow,
} from '../../db/db-types.ts';
import type { PricedEntryRow } from '../cart/cart.repo.ts';
import {
  type CouponTerms,
  computeCheckoutTotals,
  priceShipping,
  type ShippingRate,
  shippingShortfall,
  type Totals,
  zoneMiss,
} from './checkout-totals.ts';

// Turns what the database holds for one checkout into its priced view. Pure: the
// service reads the rows (inside the order transaction when placing), this decides.

/** A coupon as checkout weighs it for this cart and customer. */
export type DiscountCandidate = {
  row: CouponRow;
  /** The products it discounts; null for every product. */
  productIds: ReadonlySet<string> | null;
  /** It is once per customer and this checkout's email already placed an order with it. */
  isUsedByCustomer: boolean;
};

export type PricingReads = {
  entries: readonly PricedEntryRow[];
  shippingOptions: readonly ShippingOptionRow[];
  weights: ReadonlyMap<string, number>;
  taxRules: readonly TaxRuleRow[];
  /** The coupon of the code typed, if it exists. */
  coupon: DiscountCandidate | undefined;
  /** The website's automatic discounts, whatever their dates. */
  automaticDiscounts: readonly DiscountCandidate[];
  /** The store's prices include tax (store settings): tax is taken out, not added. */
  pricesIncludeTax: boolean;
  /** The store's weight unit, for a weight limit's reason; kg when not read. */
  weightUnit?: WeightUnitCode;
  giftCard: GiftCardRow | undefined;
  reservationExpiresAt: Date | null;
  /** A subscription checkout's plan (its cart holds one subscribable product). */
  subscriptionPlan?: SubscriptionPlan | null;
};

export type PricedCheckout = {
  view: Checkout;
  totals: Totals;
  /** The chosen option if it is still offered, else undefined. */
  shippingOption: { row: ShippingOptionRow; priceCents: number } | undefined;
  couponProblem: string | null;
  giftCardProblem: string | null;
  /** The coupon or automatic discount the totals took off, whose use the order counts. */
  appliedDiscount: CouponRow | undefined;
  /** The tax rule of the shipping address, if any. */
  taxRule: TaxRuleRow | undefined;
};

/** The store's checkout preferences that decide whether an order may be placed. */
export type CheckoutRules = {
  minimumSubtotalCents: number;
  isPhoneRequired: boolean;
  hasOrderNotes: boolean;
  /** The store's installment offer (core's installmentOffer); absent or null: none. */
  installments?: InstallmentOffer | null;
};
export const NO_CHECKOUT_RULES: CheckoutRules = {
  minimumSubtotalCents: 0,
  isPhoneRequired: false,
  hasOrderNotes: false,
};

export const normaliseCode = (code: string) => code.trim().toUpperCase();

export const unitPriceOf = (row: PricedEntryRow) =>
  effectiveUnitPriceCents({
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    isOnSale: row.is_on_sale,
  });

/**
 * Why `candidate` cannot be used on this order now, or null when it can. `productIds`
 * are the products in the cart that a coupon may discount (gift cards are not).
 */
export function couponProblem(
  candidate: DiscountCandidate | undefined,
  context: {
    subtotalCents: number;
    currency: CurrencyCode;
    now: Date;
    productIds: readonly string[];
  },
): string | null {
  if (!candidate) return checkoutMessages.couponUnknown;
  const coupon = candidate.row;
  if (coupon.starts_at && new Date(coupon.starts_at) > context.now) {
    return checkoutMessages.couponNotStarted;
  }
  if (coupon.expires_at && new Date(coupon.expires_at) <= context.now) {
    return checkoutMessages.couponExpired;
  }
  if (coupon.usage_limit !== null && coupon.times_used >= coupon.usage_limit) {
    return checkoutMessages.couponUsedUp;
  }
  if (context.subtotalCents < coupon.min_subtotal_cents) {
    return cartMessages.minimumSubtotal(
      formatMoney(money(coupon.min_subtotal_cents, context.currency)),
    );
  }
  const covered = candidate.productIds;
  if (covered && !context.productIds.some((id) => covered.has(id))) {
    return checkoutMessages.couponNotApplicable;
  }
  if (candidate.isUsedByCustomer) return checkoutMessages.couponAlreadyUsed;
  return null;
}

export function giftCardProblem(card: GiftCardRow | undefined, currency: string): string | null {
  if (!card || card.currency !== currency) return checkoutMessages.giftCardUnknown;
  // Before the balance: a voided card's balance is 0 too, and the shopper should learn why.
  if (card.voided_at) return checkoutMessages.giftCardVoided;
  if (card.balance_cents <= 0) return checkoutMessages.giftCardEmpty;
  return null;
}

function couponTerms(coupon: CouponRow): CouponTerms {
  if (coupon.kind === 'percentage')
    return { kind: 'percentage', percentBp: coupon.percent_bp ?? 0 };
  if (coupon.kind === 'fixed_amount') {
    return { kind: 'fixed_amount', amountCents: coupon.amount_cents ?? 0 };
  }
  return { kind: 'free_shipping' };
}

/** A region rule beats the country rule; no address, no tax. */
export function taxRuleFor(rules: readonly TaxRuleRow[], address: ShippingAddress | null) {
  if (!address) return undefined;
  const region = address.region?.trim().toUpperCase();
  return (
    rules.find((r) => r.country === address.country && r.region?.toUpperCase() === region) ??
    rules.find((r) => r.country === address.country && r.region === null)
  );
}

export function priceCheckout(input: {
  checkout: CheckoutRow;
  reads: PricingReads;
  currency: CurrencyCode;
  now: Date;
  rules?: CheckoutRules;
}): PricedCheckout {
  const { checkout, reads, currency, now, rules = NO_CHECKOUT_RULES } = input;
  const cart = computeCartTotals(
    reads.entries.map((e) => ({
      productType: e.product_type as ProductType,
      unitPriceCents: unitPriceOf(e),
      quantity: e.quantity,
    })),
  );
  const weightGrams = reads.entries.reduce(
    (sum, e) => sum + (reads.weights.get(e.variant_id) ?? 0) * e.quantity,
    0,
  );
  const address = checkout.shipping_address;
  // Every rate is listed once there is an address, those that cannot be chosen with why;
  // before it, only the rates that ship everywhere are known to apply.
  const shippingOptions = cart.requiresShipping
    ? reads.shippingOptions.flatMap((row) => {
        const miss = zoneMiss({ kind: row.kind, zone: row.zone }, address);
        if (miss === 'address') return [];
        const rate: ShippingRate = {
          kind: row.kind,
          priceCents: row.price_cents,
          minSubtotalCents: row.min_subtotal_cents,
          perKgCents: row.per_kg_cents,
          weightTiers: row.weight_tiers,
        };
        const goods = { subtotalCents: cart.subtotalCents, weightGrams };
        const price = miss ? null : priceShipping(rate, goods);
        const reason = miss
          ? miss === 'country'
            ? checkoutMessages.shippingNotToCountry
            : checkoutMessages.shippingNotToRegion
          : shortfallReason(shippingShortfall(rate, goods), {
              subtotalCents: cart.subtotalCents,
              currency,
              weightUnit: reads.weightUnit ?? 'kg',
            });
        return [{ row, price, reason, isInZone: miss === null }];
      })
    : [];
  // No rate ships to the address: said even when a pickup remains, so the shopper knows
  // why only pickup is offered.
  const hasNoShipping =
    cart.requiresShipping &&
    address !== null &&
    !shippingOptions.some(({ row, isInZone }) => row.kind !== 'pickup' && isInZone);
  const chosen = shippingOptions.find(
    (o) => o.row.option_id === checkout.shipping_option_id && o.price !== null,
  );
  const shippingOption = chosen ? { row: chosen.row, priceCents: chosen.price ?? 0 } : undefined;

  const discountableIds = reads.entries
    .filter((e) => e.product_type !== ProductType.giftCard)
    .map((e) => e.product_id);
  const problemOf = (candidate: DiscountCandidate | undefined) =>
    couponProblem(candidate, {
      subtotalCents: cart.subtotalCents,
      currency,
      now,
      productIds: discountableIds,
    });
  const couponIssue = checkout.coupon_code ? problemOf(reads.coupon) : null;
  const giftCardIssue = checkout.gift_card_code ? giftCardProblem(reads.giftCard, currency) : null;
  const isGiftCardUsable = Boolean(checkout.gift_card_code && reads.giftCard && !giftCardIssue);

  const rule = taxRuleFor(reads.taxRules, checkout.shipping_address);
  const totalsWith = (candidate: DiscountCandidate | undefined) =>
    computeCheckoutTotals({
      lines: reads.entries.map((e) => ({
        productType: e.product_type,
        unitPriceCents: unitPriceOf(e),
        quantity: e.quantity,
        isDiscountable: !candidate?.productIds || candidate.productIds.has(e.product_id),
      })),
      shippingCents: shippingOption?.priceCents ?? 0,
      coupon: candidate ? couponTerms(candidate.row) : null,
      tax: rule
        ? {
            rateBp: rule.rate_bp,
            appliesToShipping: rule.applies_to_shipping,
            isIncluded: reads.pricesIncludeTax,
          }
        : null,
      giftCardBalanceCents: isGiftCardUsable ? (reads.giftCard?.balance_cents ?? 0) : 0,
    });

  // A valid code wins; without one, the automatic discount that saves the most (free
  // shipping counts before a rate is chosen, as it will save the shipping).
  const typed = checkout.coupon_code && reads.coupon && !couponIssue ? reads.coupon : undefined;
  let applied = typed;
  let totals = totalsWith(typed);
  if (!typed) {
    const undiscounted = totals;
    let bestSaving = 0;
    for (const candidate of reads.automaticDiscounts) {
      if (problemOf(candidate)) continue;
      const withIt = totalsWith(candidate);
      const saving = undiscounted.totalCents - withIt.totalCents;
      const isFreeShippingToCome = saving === 0 && candidate.row.kind === 'free_shipping';
      if (saving > bestSaving || (isFreeShippingToCome && !applied)) {
        bestSaving = saving;
        applied = candidate;
        totals = withIt;
      }
    }
  }

  const view: Checkout = {
    id: checkout.checkout_id,
    cartId: checkout.cart_id,
    status: checkout.status,
    orderId: checkout.order_id,
    currency,
    email: checkout.email,
    requiresShipping: cart.requiresShipping,
    shippingAddress: checkout.shipping_address,
    shippingOptions: shippingOptions.map(({ row, price, reason }) => ({
      id: row.option_id,
      name: row.name,
      kind: row.kind,
      priceCents: price ?? 0,
      isAvailable: price !== null,
      unavailableReason: reason,
      pickup:
        row.kind === 'pickup'
          ? {
              location: row.pickup_location ?? row.name,
              address: row.pickup_address,
              instructions: row.pickup_instructions,
            }
          : null,
    })),
    selectedShippingOptionId: shippingOption?.row.option_id ?? null,
    shippingProblem: hasNoShipping ? checkoutMessages.noShippingToAddress : null,
    phone: checkout.phone,
    isPhoneRequired: rules.isPhoneRequired,
    hasOrderNotes: rules.hasOrderNotes,
    // The goods subtotal before discounts, as the cart page shows it.
    minimumProblem:
      cart.subtotalCents < rules.minimumSubtotalCents
        ? cartMessages.minimumSubtotal(formatMoney(money(rules.minimumSubtotalCents, currency)))
        : null,
    coupon:
      checkout.coupon_code && reads.coupon
        ? {
            code: reads.coupon.row.code,
            kind: reads.coupon.row.kind,
            isValid: typed !== undefined,
            message: couponIssue,
          }
        : null,
    automaticDiscount:
      applied && applied !== typed ? { name: applied.row.code, kind: applied.row.kind } : null,
    giftCard:
      checkout.gift_card_code && reads.giftCard
        ? {
            last4: reads.giftCard.code.slice(-4),
            balanceCents: reads.giftCard.balance_cents,
            appliedCents: totals.giftCardCents,
          }
        : null,
    lines: reads.entries.map((e, i) => ({
      entryId: e.entry_id,
      itemId: e.product_id,
      sku: e.sku,
      productName: e.title,
      productType: e.product_type,
      quantity: e.quantity,
      unitPriceCents: unitPriceOf(e),
      lineTotalCents: totals.lines[i]?.lineTotalCents ?? 0,
      discountCents: totals.lines[i]?.discountCents ?? 0,
      taxCents: totals.lines[i]?.taxCents ?? 0,
    })),
    totals: {
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      isTaxIncluded: reads.pricesIncludeTax,
      totalCents: totals.totalCents,
      giftCardCents: totals.giftCardCents,
      grandTotalCents: totals.grandTotalCents,
    },
    reservationExpiresAt: reads.reservationExpiresAt?.getTime() ?? null,
    subscriptionPlan: reads.subscriptionPlan ?? null,
    // A subscription is billed on its own plan, never split into installments.
    installments: reads.subscriptionPlan
      ? null
      : installmentTenderView(rules.installments, reads.entries, totals, currency),
  };
  return {
    view,
    totals,
    shippingOption,
    couponProblem: couponIssue,
    giftCardProblem: giftCardIssue,
    appliedDiscount: applied?.row,
    taxRule: rule,
  };
}

/** The sentence beside a rate this cart falls short of, or null when it is offered. */
function shortfallReason(
  shortfall: ReturnType<typeof shippingShortfall>,
  cart: { subtotalCents: number; currency: CurrencyCode; weightUnit: WeightUnitCode },
): string | null {
  if (!shortfall) return null;
  if (shortfall.kind === 'too-heavy') {
    return checkoutMessages.shippingTooHeavy(formatWeight(shortfall.maxGrams, cart.weightUnit));
  }
  const { minSubtotalCents } = shortfall;
  return checkoutMessages.shippingBelowMinimum(
    formatMoney(money(minSubtotalCents, cart.currency)),
    formatMoney(money(minSubtotalCents - cart.subtotalCents, cart.currency)),
  );
}

/** Pay in 4 for this checkout, by core's rule (installmentTender), or null. */
function installmentTenderView(
  offer: InstallmentOffer | null | undefined,
  entries: readonly { product_type: number }[],
  totals: { grandTotalCents: number },
  currency: CurrencyCode,
): Checkout['installments'] {
  const tender = installmentTender({
    offer,
    productTypes: entries.map((e) => e.product_type),
    total: money(totals.grandTotalCents, currency),
  });
  return tender ? { ...tender, intervalDays: INSTALLMENT_INTERVAL_DAYS } : null;
}
