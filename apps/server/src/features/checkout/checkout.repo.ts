import type { WeightUnitCode } from '@atelier/core';
import { type Kysely, sql } from 'kysely';
import type {
  CheckoutRow,
  CouponRow,
  DB,
  ShippingAddress,
  ShippingOptionRow,
  TaxRuleRow,
} from '../../db/db-types.ts';

// Checkouts and the store settings that price them (shipping options, tax rules,
// coupons, shipping weights).

export type CheckoutQueries = ReturnType<typeof checkoutQueries>;

export type CheckoutChanges = {
  email?: string;
  phone?: string | null;
  shippingAddress?: ShippingAddress;
  shippingOptionId?: string | null;
  couponCode?: string | null;
  giftCardCode?: string | null;
};

export function checkoutQueries(db: Kysely<DB>) {
  return {
    findCheckout(websiteId: string, checkoutId: string): Promise<CheckoutRow | undefined> {
      return db
        .selectFrom('checkouts')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('checkout_id', '=', checkoutId)
        .executeTakeFirst();
    },

    /** Locked so that two attempts to place the same checkout run one after the other. */
    lockCheckout(websiteId: string, checkoutId: string): Promise<CheckoutRow | undefined> {
      return db
        .selectFrom('checkouts')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('checkout_id', '=', checkoutId)
        .forUpdate()
        .executeTakeFirst();
    },

    findOpenCheckoutOfCart(websiteId: string, cartId: string): Promise<CheckoutRow | undefined> {
      return db
        .selectFrom('checkouts')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('status', '=', 'open')
        .executeTakeFirst();
    },

    insertCheckout(websiteId: string, cartId: string): Promise<CheckoutRow> {
      return db
        .insertInto('checkouts')
        .values({ website_id: websiteId, cart_id: cartId })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    updateCheckout(
      websiteId: string,
      checkoutId: string,
      changes: CheckoutChanges,
    ): Promise<CheckoutRow | undefined> {
      return db
        .updateTable('checkouts')
        .set({
          ...(changes.email !== undefined && { email: changes.email }),
          ...(changes.phone !== undefined && { phone: changes.phone }),
          ...(changes.shippingAddress !== undefined && {
            shipping_address: JSON.stringify(changes.shippingAddress),
          }),
          ...(changes.shippingOptionId !== undefined && {
            shipping_option_id: changes.shippingOptionId,
          }),
          ...(changes.couponCode !== undefined && { coupon_code: changes.couponCode }),
          ...(changes.giftCardCode !== undefined && { gift_card_code: changes.giftCardCode }),
          updated_at: new Date(),
        })
        .where('website_id', '=', websiteId)
        .where('checkout_id', '=', checkoutId)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
    },

    async completeCheckout(websiteId: string, checkoutId: string, orderId: string): Promise<void> {
      await db
        .updateTable('checkouts')
        .set({ status: 'completed', order_id: orderId, updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('checkout_id', '=', checkoutId)
        .execute();
    },

    listShippingOptions(websiteId: string): Promise<ShippingOptionRow[]> {
      return db
        .selectFrom('shipping_options')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('display_index')
        .orderBy('option_id')
        .execute();
    },

    listTaxRules(websiteId: string, country: string): Promise<TaxRuleRow[]> {
      return db
        .selectFrom('tax_rules')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('country', '=', country)
        .execute();
    },

    async weightsOf(
      websiteId: string,
      variantIds: readonly string[],
    ): Promise<Map<string, number>> {
      if (variantIds.length === 0) return new Map();
      // A variant's own weight, or else (none, or 0) its product's parcel weight.
      const rows = await db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'v.website_id')
            .onRef('p.product_id', '=', 'v.product_id'),
        )
        .leftJoin('variant_shipping_weights as w', (join) =>
          join
            .onRef('w.website_id', '=', 'v.website_id')
            .onRef('w.variant_id', '=', 'v.variant_id'),
        )
        .select([
          'v.variant_id',
          sql<number | null>`coalesce(nullif(w.weight_grams, 0), p.weight_grams)`.as(
            'weight_grams',
          ),
        ])
        .where('v.website_id', '=', websiteId)
        .where('v.variant_id', 'in', [...variantIds])
        .execute();
      return new Map(
        rows.flatMap((r) => (r.weight_grams === null ? [] : [[r.variant_id, r.weight_grams]])),
      );
    },

    findCoupon(websiteId: string, code: string): Promise<CouponRow | undefined> {
      return db
        .selectFrom('coupons')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('code', '=', code)
        .executeTakeFirst();
    },

    lockCoupon(websiteId: string, code: string): Promise<CouponRow | undefined> {
      return db
        .selectFrom('coupons')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
    },

    async pricesIncludeTax(websiteId: string): Promise<boolean> {
      const row = await db
        .selectFrom('websites')
        .select('prices_include_tax')
        .where('website_id', '=', websiteId)
        .executeTakeFirst();
      return row?.prices_include_tax ?? false;
    },

    /** The store's weight unit (store settings), in which a weight limit is told. */
    async weightUnit(websiteId: string): Promise<WeightUnitCode> {
      const row = await db
        .selectFrom('websites')
        .select('weight_unit')
        .where('website_id', '=', websiteId)
        .executeTakeFirst();
      return row?.weight_unit ?? 'kg';
    },

    listAutomaticDiscounts(websiteId: string): Promise<CouponRow[]> {
      return db
        .selectFrom('coupons')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('is_automatic', '=', true)
        .orderBy('code')
        .execute();
    },

    /** Products in the categories or any category below them. */
    async productsInCategories(websiteId: string, categoryIds: readonly string[]) {
      if (categoryIds.length === 0) return [];
      const { rows } = await sql<{ product_id: string }>`
        with recursive tree (category_id) as (
          select category_id from categories
          where website_id = ${websiteId} and category_id = any(${sql.val([...categoryIds])}::uuid[])
          union
          select c.category_id from categories c join tree t on c.parent_category_id = t.category_id
          where c.website_id = ${websiteId})
        select distinct pc.product_id from product_categories pc
        where pc.website_id = ${websiteId} and pc.category_id in (select category_id from tree)
      `.execute(db);
      return rows.map((r) => r.product_id);
    },

    /** Whether this email already placed an order with the coupon (any case of either). */
    async hasOrderWithCoupon(websiteId: string, code: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('order_id')
        .where('website_id', '=', websiteId)
        .where('coupon_code', '=', code)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Counts one use; false when the coupon is used up (checked by the update itself). */
    async countCouponUse(websiteId: string, couponId: string): Promise<boolean> {
      const result = await db
        .updateTable('coupons')
        .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
        .where('website_id', '=', websiteId)
        .where('coupon_id', '=', couponId)
        .where((eb) =>
          eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // Store settings, written by the seed and (later) the commerce admin.
    async insertShippingOption(option: {
      website_id: string;
      name: string;
      kind: 'flat' | 'free_over' | 'by_weight';
      price_cents: number;
      min_subtotal_cents?: number | null;
      per_kg_cents?: number | null;
      display_index: number;
    }): Promise<void> {
      await db.insertInto('shipping_options').values(option).execute();
    },

    async insertTaxRule(rule: {
      website_id: string;
      country: string;
      region: string | null;
      rate_bp: number;
      applies_to_shipping: boolean;
    }): Promise<void> {
      await db.insertInto('tax_rules').values(rule).execute();
    },

    async insertCoupon(coupon: {
      website_id: string;
      code: string;
      kind: 'percentage' | 'fixed_amount' | 'free_shipping';
      percent_bp?: number | null;
      amount_cents?: number | null;
      min_subtotal_cents?: number;
      starts_at?: Date | null;
      expires_at?: Date | null;
      usage_limit?: number | null;
    }): Promise<void> {
      await db
        .insertInto('coupons')
        .values({ ...coupon, code: coupon.code.toUpperCase() })
        .execute();
    },

    async setVariantWeight(websiteId: string, variantId: string, grams: number): Promise<void> {
      await db
        .insertInto('variant_shipping_weights')
        .values({ website_id: websiteId, variant_id: variantId, weight_grams: grams })
        .onConflict((oc) =>
          oc.columns(['website_id', 'variant_id']).doUpdateSet({ weight_grams: grams }),
        )
        .execute();
    },

    /** Database time, so every server instance agrees on when a reservation expires. */
    async now(): Promise<Date> {
      const row = await sql<{ now: Date }>`select now() as now`.execute(db);
      return new Date(row.rows[0]?.now ?? Date.now());
    },
  };
}
