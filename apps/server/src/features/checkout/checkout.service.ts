import type { Checkout, ShippingAddress, ShoppingCart } from '@atelier/contract';
import type { CurrencyCode } from '@atelier/core';
import { checkoutMessages } from '@atelier/core';
import type { CheckoutRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { lockAndCheckStock, stockNeedsOf } from '../inventory/stock.ts';
import { RELEASE_RESERVATIONS_JOB } from '../jobs/job-kinds.ts';
import {
  type CheckoutRules,
  giftCardProblem,
  NO_CHECKOUT_RULES,
  normaliseCode,
  priceCheckout,
} from './checkout-pricing.ts';
import { readPricingInputs } from './checkout-reads.ts';
import type { CommerceQueries, CommerceStore } from './commerce-store.repo.ts';

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** How long stock stays held for a shopper at the payment step unless configured. */
export const DEFAULT_RESERVATION_MS = 10 * 60 * 1000;

type Visitor = { websiteId: string; cartId: string | undefined };
type CheckoutRef = Visitor & { checkoutId: string };

export function createCheckoutService({
  store,
  currencyOf,
  reservationMsOf = async () => DEFAULT_RESERVATION_MS,
  checkoutRulesOf = async () => NO_CHECKOUT_RULES,
}: {
  store: CommerceStore;
  currencyOf: (websiteId: string) => Promise<string>;
  /** 0 turns reservations off (stock is still checked when the order is placed). */
  reservationMsOf?: (websiteId: string) => Promise<number>;
  /** Minimum subtotal, required phone, order notes (checkout preferences). */
  checkoutRulesOf?: (websiteId: string) => Promise<CheckoutRules>;
}) {
  async function render(
    q: CommerceQueries,
    websiteId: string,
    checkout: CheckoutRow,
    currency: CurrencyCode,
    rules: CheckoutRules,
  ): Promise<Checkout> {
    const now = await q.checkouts.now();
    const reads = await readPricingInputs(q, { websiteId, checkout, now });
    return priceCheckout({ checkout, reads, currency, now, rules }).view;
  }

  /** The visitor's own open checkout; someone else's id is simply not found. */
  async function ownOpenCheckout(q: CommerceQueries, ref: CheckoutRef): Promise<CheckoutRow> {
    const checkout = await q.checkouts.findCheckout(ref.websiteId, ref.checkoutId);
    if (!checkout || !ref.cartId || checkout.cart_id !== ref.cartId) {
      throw fail('CHECKOUT_NOT_FOUND', checkoutMessages.notFound);
    }
    if (checkout.status !== 'open') throw fail('CHECKOUT_COMPLETED', checkoutMessages.completed);
    return checkout;
  }

  /** Reads the checkout, applies `change` (which may throw), and returns the new view. */
  async function update(
    ref: CheckoutRef,
    change: (q: CommerceQueries, checkout: CheckoutRow, currency: CurrencyCode) => Promise<void>,
  ): Promise<Checkout> {
    const currency = (await currencyOf(ref.websiteId)) as CurrencyCode;
    const rules = await checkoutRulesOf(ref.websiteId);
    return store.transaction(async (q) => {
      await change(q, await ownOpenCheckout(q, ref), currency);
      return render(q, ref.websiteId, await ownOpenCheckout(q, ref), currency, rules);
    });
  }

  return {
    /**
     * Starts (or resumes) checkout for the visitor's cart and holds its stock for
     * the website's hold time: the shopper at the payment step is not outbid by someone who
     * merely has the item in a cart.
     */
    async start(visitor: Visitor): Promise<Checkout> {
      const { websiteId, cartId } = visitor;
      if (!cartId) throw fail('CART_EMPTY', checkoutMessages.emptyCart);
      const currency = (await currencyOf(websiteId)) as CurrencyCode;
      // Read before the transaction: on the embedded database a read outside it would wait
      // for the connection the transaction holds.
      const reservationMs = await reservationMsOf(websiteId);
      const rules = await checkoutRulesOf(websiteId);
      return store.transaction(async (q) => {
        const cart = await q.carts.lockOpenCart(websiteId, cartId);
        const entries = cart ? await q.carts.listPricedEntries(websiteId, cartId) : [];
        if (!cart || entries.length === 0) throw fail('CART_EMPTY', checkoutMessages.emptyCart);
        const checkout =
          (await q.checkouts.findOpenCheckoutOfCart(websiteId, cartId)) ??
          (await q.checkouts.insertCheckout(websiteId, cartId));
        const now = await q.checkouts.now();
        const tracked = await lockAndCheckStock(q.inventory, {
          websiteId,
          cartId,
          needs: stockNeedsOf(entries),
          now,
        });
        if (reservationMs > 0 && tracked.length > 0) {
          const expiresAt = new Date(now.getTime() + reservationMs);
          await q.inventory.replaceReservations({ websiteId, cartId, items: tracked, expiresAt });
          await q.jobs.enqueue({
            websiteId,
            kind: RELEASE_RESERVATIONS_JOB,
            payload: { cartId },
            runAt: expiresAt,
          });
        }
        return render(q, websiteId, checkout, currency, rules);
      });
    },

    async get(ref: CheckoutRef): Promise<Checkout> {
      const currency = (await currencyOf(ref.websiteId)) as CurrencyCode;
      const rules = await checkoutRulesOf(ref.websiteId);
      return store.transaction(async (q) => {
        const checkout = await q.checkouts.findCheckout(ref.websiteId, ref.checkoutId);
        if (!checkout || !ref.cartId || checkout.cart_id !== ref.cartId) {
          throw fail('CHECKOUT_NOT_FOUND', checkoutMessages.notFound);
        }
        return render(q, ref.websiteId, checkout, currency, rules);
      });
    },

    setEmail: (ref: CheckoutRef, email: string, phone?: string) =>
      update(ref, async (q) => {
        await q.checkouts.updateCheckout(ref.websiteId, ref.checkoutId, {
          email,
          ...(phone !== undefined && { phone: phone || null }),
        });
      }),

    /**
     * A chosen option whose zone does not hold the new address is dropped, so the
     * shopper chooses again among the options that ship there.
     */
    setShippingAddress: (ref: CheckoutRef, shippingAddress: ShippingAddress) =>
      update(ref, async (q, checkout, currency) => {
        const moved = { ...checkout, shipping_address: shippingAddress };
        let shippingOptionId: string | null | undefined;
        if (checkout.shipping_option_id) {
          const now = await q.checkouts.now();
          const reads = await readPricingInputs(q, {
            websiteId: ref.websiteId,
            checkout: moved,
            now,
          });
          const priced = priceCheckout({ checkout: moved, reads, currency, now });
          if (!priced.shippingOption) shippingOptionId = null;
        }
        await q.checkouts.updateCheckout(ref.websiteId, ref.checkoutId, {
          shippingAddress,
          ...(shippingOptionId !== undefined && { shippingOptionId }),
        });
      }),

    selectShippingOption: (ref: CheckoutRef, optionId: string) =>
      update(ref, async (q, checkout, currency) => {
        const now = await q.checkouts.now();
        const reads = await readPricingInputs(q, { websiteId: ref.websiteId, checkout, now });
        const priced = priceCheckout({
          checkout: { ...checkout, shipping_option_id: optionId },
          reads,
          currency,
          now,
        });
        if (!priced.shippingOption) {
          throw fail('SHIPPING_OPTION_UNAVAILABLE', checkoutMessages.shippingOptionUnavailable, {
            optionId: checkoutMessages.shippingOptionUnavailable,
          });
        }
        await q.checkouts.updateCheckout(ref.websiteId, ref.checkoutId, {
          shippingOptionId: optionId,
        });
      }),

    /**
     * The cart body's shipping, tax and discount figures (SPEC §3), priced as checkout
     * prices them: with the cart's open checkout (its address, option and code) if it has
     * one, else with none (options priced for the goods, automatic discounts, no tax).
     */
    async withCartFigures(websiteId: string, cart: ShoppingCart): Promise<ShoppingCart> {
      if (!cart.id || cart.entries.length === 0) return cart;
      const currency = cart.subtotalAmount.currency as CurrencyCode;
      const now = new Date();
      const checkout =
        (await store.checkouts.findOpenCheckoutOfCart(websiteId, cart.id)) ??
        noCheckoutYet(websiteId, cart.id, now);
      const reads = await readPricingInputs(store, { websiteId, checkout, now });
      const { view, totals, taxRule } = priceCheckout({ checkout, reads, currency, now });
      const typed = view.coupon ? [view.coupon.code] : [];
      const automatic = view.automaticDiscount ? [view.automaticDiscount.name] : [];
      const address = checkout.shipping_address;
      return {
        ...cart,
        shippingOptions: view.shippingOptions,
        selectedShippingOption:
          view.shippingOptions.find((o) => o.id === view.selectedShippingOptionId) ?? null,
        shippingLocation: address
          ? {
              country: address.country,
              region: address.region ?? null,
              postalCode: address.postalCode,
            }
          : null,
        applicableTaxRules: taxRule
          ? [
              {
                country: taxRule.country,
                region: taxRule.region,
                ratePercent: taxRule.rate_bp / 100,
                appliesToShipping: taxRule.applies_to_shipping,
              },
            ]
          : [],
        coupons: [...typed, ...automatic],
        validCoupons: [...(view.coupon?.isValid ? typed : []), ...automatic],
        invalidCoupons: view.coupon && !view.coupon.isValid ? typed : [],
        taxCents: totals.taxCents,
        shippingCostCents: totals.shippingCents,
        discountCents: totals.discountCents,
        grandTotalCents: totals.totalCents,
      };
    },

    applyCoupon: (ref: CheckoutRef, rawCode: string) =>
      update(ref, async (q, checkout, currency) => {
        const code = normaliseCode(rawCode);
        const now = await q.checkouts.now();
        // Priced as it would be with the code, so every rule of the coupon is judged once.
        const trial = { ...checkout, coupon_code: code };
        const reads = await readPricingInputs(q, {
          websiteId: ref.websiteId,
          checkout: trial,
          now,
        });
        const problem = priceCheckout({ checkout: trial, reads, currency, now }).couponProblem;
        if (problem) throw fail('COUPON_INVALID', problem, { code: problem });
        await q.checkouts.updateCheckout(ref.websiteId, ref.checkoutId, { couponCode: code });
      }),

    removeCoupon: (ref: CheckoutRef) =>
      update(ref, async (q) => {
        await q.checkouts.updateCheckout(ref.websiteId, ref.checkoutId, { couponCode: null });
      }),

    applyGiftCard: (ref: CheckoutRef, rawCode: string) =>
      update(ref, async (q, _checkout, currency) => {
        const code = normaliseCode(rawCode);
        const problem = giftCardProblem(
          await q.giftCards.findByCode(ref.websiteId, code),
          currency,
        );
        if (problem) throw fail('GIFT_CARD_INVALID', problem, { code: problem });
        await q.checkouts.updateCheckout(ref.websiteId, ref.checkoutId, { giftCardCode: code });
      }),

    removeGiftCard: (ref: CheckoutRef) =>
      update(ref, async (q) => {
        await q.checkouts.updateCheckout(ref.websiteId, ref.checkoutId, { giftCardCode: null });
      }),
  };
}

/** A cart no checkout was started for is priced as a checkout with nothing filled in. */
function noCheckoutYet(websiteId: string, cartId: string, now: Date): CheckoutRow {
  return {
    website_id: websiteId,
    checkout_id: '',
    cart_id: cartId,
    status: 'open',
    email: null,
    phone: null,
    note: null,
    shipping_address: null,
    shipping_option_id: null,
    coupon_code: null,
    gift_card_code: null,
    order_id: null,
    created_at: now,
    updated_at: now,
  };
}
