import type { Kysely } from 'kysely';
import type { DB } from '../../db/db-types.ts';

export type PaywallQueries = ReturnType<typeof paywallQueries>;

/** What a page or collection a paywall guards is reached by, and the products that open it. */
export type PaywallLock = { kind: 'page' | 'collection'; address: string; productId: string };

export function paywallQueries(db: Kysely<DB>) {
  return {
    async targetsOf(websiteId: string, productId: string) {
      const [pages, collections] = await Promise.all([
        db
          .selectFrom('paywall_pages')
          .select('page_id')
          .where('website_id', '=', websiteId)
          .where('product_id', '=', productId)
          .orderBy('page_id')
          .execute(),
        db
          .selectFrom('paywall_collections')
          .select('collection_id')
          .where('website_id', '=', websiteId)
          .where('product_id', '=', productId)
          .orderBy('collection_id')
          .execute(),
      ]);
      return {
        pageIds: pages.map((p) => p.page_id),
        collectionIds: collections.map((c) => c.collection_id),
      };
    },

    /** Replaces what the product unlocks, in one transaction. */
    async setTargets(
      websiteId: string,
      productId: string,
      targets: { pageIds: readonly string[]; collectionIds: readonly string[] },
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('paywall_pages')
          .where('website_id', '=', websiteId)
          .where('product_id', '=', productId)
          .execute();
        await trx
          .deleteFrom('paywall_collections')
          .where('website_id', '=', websiteId)
          .where('product_id', '=', productId)
          .execute();
        if (targets.pageIds.length > 0) {
          await trx
            .insertInto('paywall_pages')
            .values(
              targets.pageIds.map((page_id) => ({
                website_id: websiteId,
                product_id: productId,
                page_id,
              })),
            )
            .execute();
        }
        if (targets.collectionIds.length > 0) {
          await trx
            .insertInto('paywall_collections')
            .values(
              targets.collectionIds.map((collection_id) => ({
                website_id: websiteId,
                product_id: productId,
                collection_id,
              })),
            )
            .execute();
        }
      });
    },

    /** Pages (not folders) and collections a paywall may lock, for the merchant's picker. */
    async choices(websiteId: string) {
      const [pages, collections] = await Promise.all([
        db
          .selectFrom('pages')
          .select(['page_id', 'title', 'url_slug'])
          .where('website_id', '=', websiteId)
          .where('kind', '=', 'page')
          .orderBy('title')
          .execute(),
        db
          .selectFrom('collections')
          .select(['collection_id', 'title', 'url_id'])
          .where('website_id', '=', websiteId)
          .orderBy('title')
          .execute(),
      ]);
      return { pages, collections };
    },

    productTypeOf(websiteId: string, productId: string) {
      return db
        .selectFrom('products')
        .select(['product_type'])
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    /** Every lock of the website, by the address a visitor asks for (slug or url id). */
    async locksOf(websiteId: string): Promise<PaywallLock[]> {
      const [pages, collections] = await Promise.all([
        db
          .selectFrom('paywall_pages as w')
          .innerJoin('pages as p', (join) =>
            join.onRef('p.website_id', '=', 'w.website_id').onRef('p.page_id', '=', 'w.page_id'),
          )
          .select(['p.url_slug as address', 'w.product_id'])
          .where('w.website_id', '=', websiteId)
          .execute(),
        db
          .selectFrom('paywall_collections as w')
          .innerJoin('collections as c', (join) =>
            join
              .onRef('c.website_id', '=', 'w.website_id')
              .onRef('c.collection_id', '=', 'w.collection_id'),
          )
          .select(['c.url_id as address', 'w.product_id'])
          .where('w.website_id', '=', websiteId)
          .execute(),
      ]);
      return [
        ...pages.map((p) => ({
          kind: 'page' as const,
          address: p.address,
          productId: p.product_id,
        })),
        ...collections.map((c) => ({
          kind: 'collection' as const,
          address: c.address,
          productId: c.product_id,
        })),
      ];
    },

    /** The url id of each product (to offer it on a lock screen). */
    async productUrlIds(websiteId: string, productIds: readonly string[]) {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('products')
        .select(['product_id', 'url_id'])
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', productIds)
        .execute();
    },

    async insertGrants(
      rows: readonly {
        website_id: string;
        order_id: string;
        line_number: number;
        product_id: string;
        token_hash: string;
      }[],
    ) {
      if (rows.length === 0) return;
      await db.insertInto('paywall_grants').values(rows).execute();
    },

    /**
     * The grants these token hashes name that still stand: the order neither cancelled
     * nor refunded in full, and the line not refunded in full.
     */
    async standingGrants(websiteId: string, tokenHashes: readonly string[]) {
      if (tokenHashes.length === 0) return [];
      return db
        .selectFrom('paywall_grants as g')
        .innerJoin('orders as o', (join) =>
          join.onRef('o.website_id', '=', 'g.website_id').onRef('o.order_id', '=', 'g.order_id'),
        )
        .innerJoin('order_items as i', (join) =>
          join
            .onRef('i.website_id', '=', 'g.website_id')
            .onRef('i.order_id', '=', 'g.order_id')
            .onRef('i.line_number', '=', 'g.line_number'),
        )
        .select(['g.product_id', 'g.token_hash'])
        .where('g.website_id', '=', websiteId)
        .where('g.token_hash', 'in', tokenHashes)
        .where('o.status', 'not in', ['cancelled', 'refunded'])
        .whereRef('i.refunded_quantity', '<', 'i.quantity')
        .execute();
    },

    /** Whether the hash names a grant at all (standing or not). */
    async hasGrant(websiteId: string, tokenHash: string) {
      const row = await db
        .selectFrom('paywall_grants')
        .select('order_id')
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
