import type { CheckoutRow } from '../../db/db-types.ts';
import type { PricingReads } from './checkout-pricing.ts';
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
  const coupon = checkout.coupon_code
    ? input.isLocking
      ? await q.checkouts.lockCoupon(websiteId, checkout.coupon_code)
      : await q.checkouts.findCoupon(websiteId, checkout.coupon_code)
    : undefined;
  const giftCard = checkout.gift_card_code
    ? input.isLocking
      ? await q.giftCards.lockByCode(websiteId, checkout.gift_card_code)
      : await q.giftCards.findByCode(websiteId, checkout.gift_card_code)
    : undefined;
  return {
    entries,
    shippingOptions: await q.checkouts.listShippingOptions(websiteId),
    weights: await q.checkouts.weightsOf(websiteId, variantIds),
    taxRules: checkout.shipping_address
      ? await q.checkouts.listTaxRules(websiteId, checkout.shipping_address.country)
      : [],
    coupon,
    giftCard,
    reservationExpiresAt: await q.inventory.reservationExpiry(websiteId, checkout.cart_id, now),
  };
}
