import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';

// Stock and reservations. Every function takes the executor it is given, so the
// checkout and order transactions run these on their own connection.

export type InventoryQueries = ReturnType<typeof inventoryQueries>;

export type LockedVariant = {
  variant_id: string;
  sku: string;
  qty_in_stock: number;
  is_unlimited: boolean;
  product_type: number;
};

export function inventoryQueries(db: Kysely<DB>) {
  return {
    /**
     * Locks the variants until the transaction ends, always in variant-id order: two
     * checkouts that share variants take the locks in the same order and so can never
     * wait on each other in a cycle. NO KEY UPDATE, the lock an update of the stock takes
     * anyway: checkouts still queue on a shared variant, but a cart entry's foreign-key
     * check (KEY SHARE) does not wait for a checkout to commit.
     */
    lockVariants(websiteId: string, variantIds: readonly string[]): Promise<LockedVariant[]> {
      if (variantIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'v.website_id')
            .onRef('p.product_id', '=', 'v.product_id'),
        )
        .select(['v.variant_id', 'v.sku', 'v.qty_in_stock', 'v.is_unlimited', 'p.product_type'])
        .where('v.website_id', '=', websiteId)
        .where('v.variant_id', 'in', [...variantIds])
        .orderBy('v.variant_id')
        .forNoKeyUpdate('v')
        .execute();
    },

    /** Units of each variant held by other carts' reservations that have not expired. */
    async reservedByOthers(input: {
      websiteId: string;
      cartId: string;
      variantIds: readonly string[];
      now: Date;
    }): Promise<Map<string, number>> {
      if (input.variantIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('inventory_reservations')
        .select(['variant_id', sql<number>`sum(quantity)::int`.as('quantity')])
        .where('website_id', '=', input.websiteId)
        .where('variant_id', 'in', [...input.variantIds])
        .where('cart_id', '!=', input.cartId)
        .where('expires_at', '>', input.now)
        .groupBy('variant_id')
        .execute();
      return new Map(rows.map((r) => [r.variant_id, Number(r.quantity)]));
    },

    /** Replaces the cart's reservations with `items`, all expiring at `expiresAt`. */
    async replaceReservations(input: {
      websiteId: string;
      cartId: string;
      items: readonly { variantId: string; quantity: number }[];
      expiresAt: Date;
    }): Promise<void> {
      await db
        .deleteFrom('inventory_reservations')
        .where('website_id', '=', input.websiteId)
        .where('cart_id', '=', input.cartId)
        .execute();
      if (input.items.length === 0) return;
      await db
        .insertInto('inventory_reservations')
        .values(
          input.items.map((item) => ({
            website_id: input.websiteId,
            cart_id: input.cartId,
            variant_id: item.variantId,
            quantity: item.quantity,
            expires_at: input.expiresAt,
          })),
        )
        .execute();
    },

    async deleteReservationsOfCart(websiteId: string, cartId: string): Promise<void> {
      await db
        .deleteFrom('inventory_reservations')
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .execute();
    },

    /** Deletes reservations that have run out (by database time); returns how many went. */
    async deleteExpired(input: { websiteId: string; cartId?: string }): Promise<number> {
      let query = db
        .deleteFrom('inventory_reservations')
        .where('website_id', '=', input.websiteId)
        .where('expires_at', '<=', sql<Date>`now()`);
      if (input.cartId) query = query.where('cart_id', '=', input.cartId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async reservationExpiry(websiteId: string, cartId: string, now: Date): Promise<Date | null> {
      const row = await db
        .selectFrom('inventory_reservations')
        .select(sql<Date | null>`max(expires_at)`.as('expires_at'))
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.expires_at ? new Date(row.expires_at) : null;
    },

    /** Takes `quantity` units; false (nothing changed) when fewer are in stock. */
    async decrementStock(websiteId: string, variantId: string, quantity: number): Promise<boolean> {
      const result = await db
        .updateTable('product_variants')
        .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', quantity) }))
        .where('website_id', '=', websiteId)
        .where('variant_id', '=', variantId)
        .where('qty_in_stock', '>=', quantity)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async stockOf(websiteId: string, variantId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('product_variants')
        .select('qty_in_stock')
        .where('website_id', '=', websiteId)
        .where('variant_id', '=', variantId)
        .executeTakeFirst();
      return row?.qty_in_stock;
    },
  };
}
