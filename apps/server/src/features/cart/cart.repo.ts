import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { CartRow, DB } from '../../db/db-types.ts';

export type CartQueries = ReturnType<typeof cartQueries>;

/** A cart line's picture: the product's first image (`img`), joined laterally on `p`. */
function firstImageOfProduct(eb: ExpressionBuilder<DB & { p: DB['products'] }, 'p'>) {
  return eb
    .selectFrom('product_images as pi')
    .innerJoin('media as m', (join) =>
      join.onRef('m.website_id', '=', 'pi.website_id').onRef('m.media_id', '=', 'pi.media_id'),
    )
    .select(['m.media_id', 'm.variant_widths'])
    .whereRef('pi.website_id', '=', 'p.website_id')
    .whereRef('pi.product_id', '=', 'p.product_id')
    .orderBy('pi.display_index')
    .limit(1)
    .as('img');
}
export type CartRepo = CartQueries & {
  /** Runs `work` in one cart-only transaction with queries bound to it. */
  transaction<T>(work: (queries: CartQueries) => Promise<T>): Promise<T>;
  /** A visitor's first add, on its own (see the commit rule below createCartRepo). */
  createCartWithEntry(entry: {
    website_id: string;
    product_id: string;
    variant_id: string;
    quantity: number;
    additional_fields: string | null;
  }): Promise<{ cart: CartRow; entryId: string }>;
};

/** A cart line joined with what it shows and costs now. */
export type PricedEntryRow = {
  website_id: string;
  entry_id: string;
  product_id: string;
  variant_id: string;
  quantity: number;
  additional_fields: string | null;
  title: string;
  product_type: number;
  url_id: string;
  collection_url_id: string;
  sku: string;
  option_values: { optionName: string; value: string }[];
  price_cents: number;
  sale_price_cents: number;
  is_on_sale: boolean;
  image_media_id: string | null;
  image_widths: number[] | null;
};

export type VariantForCart = {
  variant_id: string;
  product_id: string;
  sku: string;
  product_type: number;
  qty_in_stock: number;
  is_unlimited: boolean;
  is_visible: boolean;
  additional_fields_form_id: string | null;
};

/** A variant as an add needs it, with what its cart line will show. */
export type VariantToAdd = VariantForCart &
  Omit<
    PricedEntryRow,
    'website_id' | 'entry_id' | 'quantity' | 'additional_fields' | 'product_id' | 'variant_id'
  >;

export function createCartRepo(db: Kysely<DB>): CartRepo {
  return {
    ...cartQueries(db),
    /**
     * A visitor's first add: the cart and its entry in one statement, so it is atomic
     * without a transaction and costs one round trip. Nobody else knows the new cart's id,
     * so there is nothing to lock.
     */
    async createCartWithEntry(entry: {
      website_id: string;
      product_id: string;
      variant_id: string;
      quantity: number;
      additional_fields: string | null;
    }): Promise<{ cart: CartRow; entryId: string }> {
      // set_config(…, true) is SET LOCAL: it ends with this statement's own transaction.
      const result = await sql<CartRow & { entry_id: string }>`
        with relaxed as (
          select set_config('synchronous_commit', 'off', true)
        ), cart as (
          insert into carts (website_id) values (${entry.website_id}) returning *
        ), entry as (
          insert into cart_entries
            (website_id, cart_id, product_id, variant_id, quantity, additional_fields)
          select cart.website_id, cart.cart_id, ${entry.product_id}::uuid,
            ${entry.variant_id}::uuid, ${entry.quantity}::int, ${entry.additional_fields}::text
          from cart
          returning entry_id
        )
        select cart.*, entry.entry_id from relaxed, cart, entry`.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('the new cart was not created');
      const { entry_id, ...cart } = row;
      return { cart, entryId: entry_id };
    },

    transaction: (work) =>
      db.transaction().execute(async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        return work(cartQueries(trx));
      }),
  };
}

// Cart writes commit without waiting for the WAL flush (`synchronous_commit = off`, per
// transaction). A cart is recoverable shopper state: a crash can lose at most the last
// fraction of a second of adds (wal_writer_delay), never corrupt anything, and it places
// no stock holds (checkout reserves stock in its own, fully synchronous, transaction), so
// a lost write can never oversell. It is set only where a cart is written on its own:
// `transaction` here (a CartRepo is never bound inside another transaction; checkout
// builds its cart queries from `cartQueries`, which never relaxes anything) and the first
// add's single statement. Orders, payments, stock and gift cards keep the default.

export function cartQueries(db: Kysely<DB>) {
  return {
    findCart(websiteId: string, cartId: string): Promise<CartRow | undefined> {
      return db
        .selectFrom('carts')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .executeTakeFirst();
    },

    /** The open cart, locked until the transaction ends so concurrent adds queue up. */
    lockOpenCart(websiteId: string, cartId: string): Promise<CartRow | undefined> {
      return db
        .selectFrom('carts')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('is_purchased', '=', false)
        .forUpdate()
        .executeTakeFirst();
    },

    createCart(websiteId: string): Promise<CartRow> {
      return db
        .insertInto('carts')
        .values({ website_id: websiteId })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * The product's variants with what a cart line shows (title, price, first image):
     * enough to check an add and, for a new cart, to answer without reading it back.
     */
    listVariantsToAdd(websiteId: string, productId: string): Promise<VariantToAdd[]> {
      return db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'v.website_id')
            .onRef('p.product_id', '=', 'v.product_id'),
        )
        .innerJoin('collections as c', (join) =>
          join
            .onRef('c.website_id', '=', 'p.website_id')
            .onRef('c.collection_id', '=', 'p.collection_id'),
        )
        .leftJoinLateral(firstImageOfProduct, (join) => join.onTrue())
        .select([
          'v.variant_id',
          'v.product_id',
          'v.sku',
          'p.product_type',
          'v.qty_in_stock',
          'v.is_unlimited',
          'p.is_visible',
          'p.additional_fields_form_id',
          'p.title',
          'p.url_id',
          'c.url_id as collection_url_id',
          'v.option_values',
          'v.price_cents',
          'v.sale_price_cents',
          'v.is_on_sale',
          'img.media_id as image_media_id',
          'img.variant_widths as image_widths',
        ])
        .where('v.website_id', '=', websiteId)
        .where('v.product_id', '=', productId)
        .orderBy('v.display_index')
        .execute();
    },

    listVariantsOfProduct(websiteId: string, productId: string): Promise<VariantForCart[]> {
      return db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'v.website_id')
            .onRef('p.product_id', '=', 'v.product_id'),
        )
        .select([
          'v.variant_id',
          'v.product_id',
          'v.sku',
          'p.product_type',
          'v.qty_in_stock',
          'v.is_unlimited',
          'p.is_visible',
          'p.additional_fields_form_id',
        ])
        .where('v.website_id', '=', websiteId)
        .where('v.product_id', '=', productId)
        .orderBy('v.display_index')
        .execute();
    },

    async quantityOfVariant(websiteId: string, cartId: string, variantId: string): Promise<number> {
      const row = await db
        .selectFrom('cart_entries')
        .select(sql<number>`coalesce(sum(quantity), 0)::int`.as('quantity'))
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('variant_id', '=', variantId)
        .executeTakeFirstOrThrow();
      return Number(row.quantity);
    },

    /** An entry the same variant can merge into: same variant, no form answers. */
    findMergeableEntry(websiteId: string, cartId: string, variantId: string) {
      return db
        .selectFrom('cart_entries')
        .select(['entry_id', 'quantity'])
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('variant_id', '=', variantId)
        .where('additional_fields', 'is', null)
        .executeTakeFirst();
    },

    async setEntryQuantity(websiteId: string, entryId: string, quantity: number): Promise<void> {
      await db
        .updateTable('cart_entries')
        .set({ quantity, updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('entry_id', '=', entryId)
        .execute();
    },

    async insertEntry(entry: {
      website_id: string;
      cart_id: string;
      product_id: string;
      variant_id: string;
      quantity: number;
      additional_fields: string | null;
    }): Promise<string> {
      const row = await db
        .insertInto('cart_entries')
        .values(entry)
        .returning('entry_id')
        .executeTakeFirstOrThrow();
      return row.entry_id;
    },

    /** One entry of one cart: entries are only ever reached through their cart. */
    findEntry(websiteId: string, cartId: string, entryId: string) {
      return db
        .selectFrom('cart_entries')
        .select(['entry_id', 'product_id', 'variant_id', 'quantity'])
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('entry_id', '=', entryId)
        .executeTakeFirst();
    },

    async deleteEntry(websiteId: string, cartId: string, entryId: string): Promise<void> {
      await db
        .deleteFrom('cart_entries')
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .where('entry_id', '=', entryId)
        .execute();
    },

    async setEntryFields(input: {
      websiteId: string;
      entryId: string;
      productId: string;
      variantId: string;
      additionalFields: string | null;
    }): Promise<void> {
      await db
        .updateTable('cart_entries')
        .set({
          product_id: input.productId,
          variant_id: input.variantId,
          additional_fields: input.additionalFields,
          updated_at: new Date(),
        })
        .where('website_id', '=', input.websiteId)
        .where('entry_id', '=', input.entryId)
        .execute();
    },

    async touchCart(websiteId: string, cartId: string): Promise<void> {
      await db
        .updateTable('carts')
        .set({ updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('cart_id', '=', cartId)
        .execute();
    },

    listPricedEntries(websiteId: string, cartId: string): Promise<PricedEntryRow[]> {
      return db
        .selectFrom('cart_entries as e')
        .innerJoin('product_variants as v', (join) =>
          join
            .onRef('v.website_id', '=', 'e.website_id')
            .onRef('v.variant_id', '=', 'e.variant_id'),
        )
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'e.website_id')
            .onRef('p.product_id', '=', 'e.product_id'),
        )
        .innerJoin('collections as c', (join) =>
          join
            .onRef('c.website_id', '=', 'p.website_id')
            .onRef('c.collection_id', '=', 'p.collection_id'),
        )
        .leftJoinLateral(firstImageOfProduct, (join) => join.onTrue())
        .select([
          'e.website_id',
          'e.entry_id',
          'e.product_id',
          'e.variant_id',
          'e.quantity',
          'e.additional_fields',
          'p.title',
          'p.product_type',
          'p.url_id',
          'c.url_id as collection_url_id',
          'v.sku',
          'v.option_values',
          'v.price_cents',
          'v.sale_price_cents',
          'v.is_on_sale',
          'img.media_id as image_media_id',
          'img.variant_widths as image_widths',
        ])
        .where('e.website_id', '=', websiteId)
        .where('e.cart_id', '=', cartId)
        .orderBy('e.created_at')
        .orderBy('e.entry_id')
        .execute();
    },
  };
}
