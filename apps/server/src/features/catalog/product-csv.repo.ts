import { type Kysely, sql } from 'kysely';
import type { CategoryRow, CollectionRow, DB, ProductRow, VariantRow } from '../../db/db-types.ts';

// The reads of the product CSV export and import (issue 18). The export pages through the
// products by (created_at, product_id), so a file of any size never sits in memory; the
// import reads only the products its file names, in chunks of at most IN_CHUNK ids.

export type ProductCsvRepo = ReturnType<typeof createProductCsvRepo>;

/** Keeps each `in (…)` list well inside what either database accepts in one statement. */
const IN_CHUNK = 1000;

async function chunked<T, R>(
  items: readonly T[],
  read: (chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < items.length; at += IN_CHUNK) {
    out.push(...(await read(items.slice(at, at + IN_CHUNK))));
  }
  return out;
}

/** Where an export page ends: the last product's creation time (as text) and id. */
export type ProductPageCursor = { at: string; productId: string };

export function createProductCsvRepo(db: Kysely<DB>) {
  return {
    /**
     * The next `limit` products after `after`, oldest first. The cursor's time travels as
     * the database's own text: a JS Date keeps milliseconds, PostgreSQL microseconds, and a
     * rounded cursor would hand the same product back forever.
     */
    productPage(
      websiteId: string,
      after: ProductPageCursor | null,
      limit: number,
    ): Promise<(ProductRow & { cursor_at: string })[]> {
      let query = db
        .selectFrom('products')
        .selectAll()
        .select(sql<string>`created_at::text`.as('cursor_at'))
        .where('website_id', '=', websiteId);
      if (after !== null) {
        query = query.where(
          sql<boolean>`(created_at, product_id) > (${after.at}::timestamptz, ${after.productId}::uuid)`,
        );
      }
      return query.orderBy('created_at').orderBy('product_id').limit(limit).execute();
    },

    /** How many option columns the export needs: the most options any product has. */
    async maxOptionCount(websiteId: string): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select(sql<number>`coalesce(max(cardinality(variant_option_ordering)), 0)::int`.as('n'))
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    productCollections(websiteId: string): Promise<CollectionRow[]> {
      return db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('collection_type', '=', 'products')
        .orderBy('navigation_index')
        .orderBy('title')
        .execute();
    },

    websiteCategories(websiteId: string): Promise<CategoryRow[]> {
      return db
        .selectFrom('categories')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('display_index')
        .orderBy('display_name')
        .execute();
    },

    async productCountsByCollection(websiteId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('products')
        .select(['collection_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('website_id', '=', websiteId)
        .groupBy('collection_id')
        .execute();
      return new Map(rows.map((row) => [row.collection_id, Number(row.count)]));
    },

    variantsBySku(websiteId: string, skus: readonly string[]): Promise<VariantRow[]> {
      return chunked(skus, (chunk) =>
        db
          .selectFrom('product_variants')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('sku', 'in', chunk)
          .execute(),
      );
    },

    /** Products by id; ids that are not uuids name no product and are left out first. */
    productsById(websiteId: string, productIds: readonly string[]): Promise<ProductRow[]> {
      return chunked(productIds, (chunk) =>
        db
          .selectFrom('products')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('product_id', 'in', chunk)
          .execute(),
      );
    },

    variantsOf(websiteId: string, productIds: readonly string[]): Promise<VariantRow[]> {
      return chunked(productIds, (chunk) =>
        db
          .selectFrom('product_variants')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('product_id', 'in', chunk)
          .orderBy('product_id')
          .orderBy('display_index')
          .execute(),
      );
    },

    categoryLinksOf(
      websiteId: string,
      productIds: readonly string[],
    ): Promise<{ product_id: string; category_id: string }[]> {
      return chunked(productIds, (chunk) =>
        db
          .selectFrom('product_categories')
          .select(['product_id', 'category_id'])
          .where('website_id', '=', websiteId)
          .where('product_id', 'in', chunk)
          .execute(),
      );
    },

    /** Which products hold these url ids. */
    urlOwners(
      websiteId: string,
      urlIds: readonly string[],
    ): Promise<{ url_id: string; product_id: string }[]> {
      return chunked(urlIds, (chunk) =>
        db
          .selectFrom('products')
          .select(['url_id', 'product_id'])
          .where('website_id', '=', websiteId)
          .where('url_id', 'in', chunk)
          .execute(),
      );
    },
  };
}
