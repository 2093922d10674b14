import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/database.ts';
import type { CartRow, DB } from '../../db/db-types.ts';

export type CartQueries = ReturnType<typeof cartQueries>;

/**
 * A cart line's picture: the product's first image, joined laterally on `p` (products).
 * Raw so the first add's statement, which skips the query builder, shares it.
 */
const firstImageOfProduct = sql<{ media_id: string; variant_widths: number[] }>`(
  select m.media_id, m.variant_widths
  from product_images pi
  join media m on m.website_id = pi.website_id and m.media_id = pi.media_id
  where pi.website_id = p.website_id and pi.product_id = p.product_id
  order by pi.display_index
  limit 1
)`;

/** What a cart line shows, from its variant `v`, product `p`, collection `c` and image. */
const LINE_SHOWN = [
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
  'p.is_subscribable',
] as const;

export type CartRepo = CartQueries & {
  /** Runs `work` in one cart-only transaction with queries bound to it. */
  transaction<T>(work: (queries: CartQueries) => Promise<T>): Promise<T>;
  /** Visitors' first adds in one statement, each where the database alone can judge it. */
  addToNewCarts(
    rules: NewCartRules,
    adds: readonly NewCartAdd[],
  ): Promise<(NewCartLine | undefined)[]>;
  /** A visitor's first add, on its own (see the commit rule below createCartRepo). */
  createCartWithEntry(entry: {
    website_id: string;
    product_id: string;
    variant_id: string;
    quantity: number;
    additional_fields: string | null;
    /** 'subscription': a subscription checkout's own cart (issue 22). */
    kind?: CartRow['kind'];
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
  /** Only a subscription checkout's cart holds one (issue 22). */
  is_subscribable: boolean;
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
  /** Sold only through a subscription checkout (issue 22), never in the shared cart. */
  is_subscribable: boolean;
};

/** What a cart line shows of its variant. */
type VariantShown = Omit<
  PricedEntryRow,
  'website_id' | 'entry_id' | 'quantity' | 'additional_fields'
>;

/** A variant as an add needs it, with what its cart line will show. */
export type VariantToAdd = VariantForCart & VariantShown;

/**
 * A first add the database can judge alone: no form answers to check, so what decides
 * it is the variant, the product's visibility and the stock, all read by the statement
 * that inserts. The rules come from core as values so they are not restated in SQL.
 */
export type NewCartAdd = {
  websiteId: string;
  productId: string;
  /** The variant asked for; null asks for the product's only variant. */
  sku: string | null;
  quantity: number;
};

export type NewCartRules = {
  /** Product types whose stock is never counted (core's `hasUnlimitedStockByType`). */
  unlimitedStockTypes: readonly number[];
  /** Product types that must name their variant (a gift card's denomination). */
  skuRequiredTypes: readonly number[];
};

/** The new cart and its one line, as a read of the cart would give it. */
export type NewCartLine = { cart: CartRow; line: PricedEntryRow };

export function createCartRepo(db: Kysely<DB>): CartRepo {
  return {
    ...cartQueries(db),
    /**
     * Visitors' first adds, any number in one round trip: each add's variant is chosen,
     * checked (visible, no form to answer, enough stock by the same rule as `assertStock`
     * with nothing in the cart yet) and inserted with its own new cart by one statement,
     * which answers with what each line shows. An add with no row in the answer needs
     * judging with messages: the caller then takes the reading path, which finds the
     * reason (or, after a race with a restock, adds). Stock is read, not locked, exactly
     * as on that path: adding holds nothing, checkout reserves.
     */
    async addToNewCarts(
      rules: NewCartRules,
      adds: readonly NewCartAdd[],
    ): Promise<(NewCartLine | undefined)[]> {
      // set_config(…, true) is SET LOCAL: it ends with this statement's own transaction.
      // `chosen` is materialized so the ids it draws are the ones both inserts and the
      // answer use. Rows go in key order: their foreign-key checks lock the referenced
      // websites and variants (KEY SHARE) in that order, the order checkout locks variants
      // in, so a batch cannot deadlock with a checkout. Only what the answer shows
      // comes back: each column costs parsing.
      const result = await sql<
        { n: number; entry_id: string } & Pick<CartRow, 'cart_id' | 'created_at'> & VariantShown
      >`${prepared}
        with relaxed as (
          select set_config('synchronous_commit', 'off', true)
        ), asked as (
          select * from unnest(
            ${adds.map((a) => a.websiteId)}::uuid[], ${adds.map((a) => a.productId)}::uuid[],
            ${adds.map((a) => a.sku)}::text[], ${adds.map((a) => a.quantity)}::int[]
          ) with ordinality as a(website_id, product_id, sku, quantity, n)
        ), chosen as materialized (
          select a.n::int as n, a.quantity, gen_random_uuid() as cart_id,
            gen_random_uuid() as entry_id, v.website_id, v.variant_id, v.product_id, v.sku,
            p.product_type, p.title, p.url_id, c.url_id as collection_url_id,
            v.option_values, v.price_cents, v.sale_price_cents, v.is_on_sale,
            img.media_id as image_media_id, img.variant_widths as image_widths,
            p.is_subscribable
          from asked a
          join product_variants v on v.website_id = a.website_id and v.product_id = a.product_id
          join products p on p.website_id = v.website_id and p.product_id = v.product_id
          join collections c on c.website_id = p.website_id and c.collection_id = p.collection_id
          left join lateral ${firstImageOfProduct} img on true
          where p.is_visible and p.additional_fields_form_id is null and not p.is_subscribable
            and (case when a.sku is null
              then p.product_type <> all(${rules.skuRequiredTypes}::int[])
                and not exists (
                  select from product_variants o
                  where o.website_id = v.website_id and o.product_id = v.product_id
                    and o.variant_id <> v.variant_id)
              else v.sku = a.sku end)
            and (v.is_unlimited or p.product_type = any(${rules.unlimitedStockTypes}::int[])
              or v.qty_in_stock >= a.quantity)
        ), cart as (
          insert into carts (website_id, cart_id)
          select website_id, cart_id from chosen order by website_id
        ), entry as (
          insert into cart_entries (website_id, cart_id, entry_id, product_id, variant_id, quantity)
          select website_id, cart_id, entry_id, product_id, variant_id, quantity from chosen
          order by website_id, variant_id
        )
        -- A new cart's created_at defaults to now(), the statement's transaction time.
        select chosen.n, chosen.cart_id, chosen.entry_id, now() as created_at,
          chosen.product_id, chosen.variant_id, chosen.sku, chosen.product_type, chosen.title,
          chosen.url_id, chosen.collection_url_id, chosen.option_values, chosen.price_cents,
          chosen.sale_price_cents, chosen.is_on_sale, chosen.image_media_id,
          chosen.image_widths, chosen.is_subscribable
        from relaxed, chosen`.execute(db);
      const lines: (NewCartLine | undefined)[] = adds.map(() => undefined);
      for (const { n, cart_id, entry_id, created_at, ...shown } of result.rows) {
        const add = adds[n - 1];
        if (!add) throw new Error(`first adds: an answer for add ${n} of ${adds.length}`);
        const cart: CartRow = {
          website_id: add.websiteId,
          cart_id,
          is_purchased: false,
          kind: 'standard',
          order_id: null,
          created_at,
          // Both default to now().
          updated_at: created_at,
        };
        const line: PricedEntryRow = {
          ...shown,
          website_id: add.websiteId,
          entry_id,
          quantity: add.quantity,
          additional_fields: null,
        };
        lines[n - 1] = { cart, line };
      }
      return lines;
    },
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
      kind?: CartRow['kind'];
    }): Promise<{ cart: CartRow; entryId: string }> {
      // set_config(…, true) is SET LOCAL: it ends with this statement's own transaction.
      const result = await sql<CartRow & { entry_id: string }>`
        with relaxed as (
          select set_config('synchronous_commit', 'off', true)
        ), cart as (
          insert into carts (website_id, kind)
          values (${entry.website_id}, ${entry.kind ?? 'standard'}) returning *
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
        .leftJoinLateral(firstImageOfProduct.as('img'), (join) => join.onTrue())
        .select([
          'v.variant_id',
          'v.product_id',
          'v.qty_in_stock',
          'v.is_unlimited',
          'p.is_visible',
          'p.additional_fields_form_id',
          ...LINE_SHOWN,
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
          'p.is_subscribable',
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
        .leftJoinLateral(firstImageOfProduct.as('img'), (join) => join.onTrue())
        .select([
          'e.website_id',
          'e.entry_id',
          'e.product_id',
          'e.variant_id',
          'e.quantity',
          'e.additional_fields',
          ...LINE_SHOWN,
        ])
        .where('e.website_id', '=', websiteId)
        .where('e.cart_id', '=', cartId)
        .orderBy('e.created_at')
        .orderBy('e.entry_id')
        .execute();
    },
  };
}
