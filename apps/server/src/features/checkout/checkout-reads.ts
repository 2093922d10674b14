import type { CheckoutRow, CouponRow } from '../../db/db-types.ts';
import type { DiscountCandidate, PricingReads } from './checkout-pricing.ts';
import type { CommerceQueries } from './commerce-store.repo.ts';

/**
 * Everything priceCheckout needs, read through `q` (the transaction's queries when
 * placing an order). With `isLocking`, the coupon and gift card rows stay locked until
 * the transaction ends, so their use count and balance cannot change under the order.
 */
export async function readPricingInputs(
  q: CommerceQueries,
  input: { websiteId: string; checkout: CheckoutRow; now: Date; isLocking?: boolean },
): Promise<PricingReads> {
  const { websiteId, checkout, now } = input;
  const entries = await q.carts.listPricedEntries(websiteId, checkout.cart_id);
  const variantIds = [...new Set(entries.map((e) => e.variant_id))];
  const couponRow = checkout.coupon_code
    ? input.isLocking
      ? await q.checkouts.lockCoupon(websiteId, checkout.coupon_code)
      : await q.checkouts.findCoupon(websiteId, checkout.coupon_code)
    : undefined;
  const candidate = (row: CouponRow) => candidateOf(q, websiteId, row, checkout.email);
  const giftCard = checkout.gift_card_code
    ? input.isLocking
      ? await q.giftCards.lockByCode(websiteId, checkout.gift_card_code)
      : await q.giftCards.findByCode(websiteId, checkout.gift_card_code)
    : undefined;
  const shippingOptions = await q.checkouts.listShippingOptions(websiteId);
  return {
    entries,
    shippingOptions,
    // Only a weight-tiered rate's limit is told in it: no read for stores without one.
    ...(shippingOptions.some((o) => o.weight_tiers?.length) && {
      weightUnit: await q.checkouts.weightUnit(websiteId),
    }),
    weights: await q.checkouts.weightsOf(websiteId, variantIds),
    taxRules: checkout.shipping_address
      ? await q.checkouts.listTaxRules(websiteId, checkout.shipping_address.country)
      : [],
    coupon: couponRow && (await candidate(couponRow)),
    automaticDiscounts: await Promise.all(
      (await q.checkouts.listAutomaticDiscounts(websiteId)).map(candidate),
    ),
    giftCard,
    pricesIncludeTax: await q.checkouts.pricesIncludeTax(websiteId),
    reservationExpiresAt: await q.inventory.reservationExpiry(websiteId, checkout.cart_id, now),
    // Only a subscription checkout's cart can hold a subscribable product.
    subscriptionPlan: entries.some((e) => e.is_subscribable)
      ? ((await q.subscriptions.planOfCart(websiteId, checkout.cart_id))?.plan ?? null)
      : null,
  };
}

async function candidateOf(
  q: CommerceQueries,
  websiteId: string,
  row: CouponRow,
  email: string | null,
): Promise<DiscountCandidate> {
  const productIds =
    row.applies_to === 'all'
      ? null
      : new Set(
          row.applies_to === 'products'
            ? row.target_ids
            : await q.checkouts.productsInCategories(websiteId, row.target_ids),
        );
  const isUsedByCustomer =
    row.once_per_customer && email !== null
      ? await q.checkouts.hasOrderWithCoupon(websiteId, row.code, email)
      : false;
  return { row, productIds, isUsedByCustomer };
}
