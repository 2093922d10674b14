import { type Kysely, sql } from 'kysely';
import type {
  CollectionRow,
  DB,
  MediaRow,
  NewProduct,
  NewVariant,
  ProductRow,
  VariantRow,
} from '../../db/db-types.ts';

export type ProductImageRow = MediaRow & { product_id: string; display_index: number };

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;

export function createCatalogRepo(db: Kysely<DB>) {
  return {
    findCollectionByUrlId(websiteId: string, urlId: string): Promise<CollectionRow | undefined> {
      return db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('url_id', '=', urlId)
        .executeTakeFirst();
    },

    findCollectionById(
      websiteId: string,
      collectionId: string,
    ): Promise<CollectionRow | undefined> {
      return db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .executeTakeFirst();
    },

    listProductsInCollection(websiteId: string, collectionId: string): Promise<ProductRow[]> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .where('is_visible', '=', true)
        .orderBy('display_index')
        .orderBy('created_at')
        .execute();
    },

    findProductByUrlId(websiteId: string, urlId: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('url_id', '=', urlId)
        .where('is_visible', '=', true)
        .executeTakeFirst();
    },

    findProductById(websiteId: string, productId: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    /** Ranked full-text match over titles (weight A) and descriptions (weight B). */
    searchProducts(websiteId: string, query: string, limit: number): Promise<ProductRow[]> {
      const tsquery = sql`websearch_to_tsquery('english', ${query})`;
      return db
        .selectFrom('products')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('is_visible', '=', true)
        .where(sql<boolean>`search_document @@ ${tsquery}`)
        .orderBy(sql`ts_rank(search_document, ${tsquery})`, 'desc')
        .orderBy('title')
        .limit(limit)
        .execute();
    },

    listVariants(websiteId: string, productIds: readonly string[]): Promise<VariantRow[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_variants')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', productIds)
        .orderBy('product_id')
        .orderBy('display_index')
        .execute();
    },

    listImages(websiteId: string, productIds: readonly string[]): Promise<ProductImageRow[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_images')
        .innerJoin('media', (join) =>
          join
            .onRef('media.website_id', '=', 'product_images.website_id')
            .onRef('media.media_id', '=', 'product_images.media_id'),
        )
        .selectAll('media')
        .select(['product_images.product_id', 'product_images.display_index'])
        .where('product_images.website_id', '=', websiteId)
        .where('product_images.product_id', 'in', productIds)
        .orderBy('product_images.display_index')
        .execute();
    },

    async listTakenUrlIds(websiteId: string, prefix: string): Promise<string[]> {
      const rows = await db
        .selectFrom('products')
        .select('url_id')
        .where('website_id', '=', websiteId)
        .where('url_id', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
        .execute();
      return rows.map((row) => row.url_id);
    },

    async insertProduct(input: {
      product: NewProduct;
      variants: Omit<NewVariant, 'website_id' | 'product_id'>[];
      mediaIds: string[];
    }): Promise<ProductRow> {
      return db.transaction().execute(async (trx) => {
        const product = await trx
          .insertInto('products')
          .values(input.product)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (input.variants.length > 0) {
          await trx
            .insertInto('product_variants')
            .values(
              input.variants.map((variant, index) => ({
                ...variant,
                website_id: product.website_id,
                product_id: product.product_id,
                display_index: variant.display_index ?? index,
              })),
            )
            .execute();
        }
        if (input.mediaIds.length > 0) {
          await trx
            .insertInto('product_images')
            .values(
              input.mediaIds.map((mediaId, index) => ({
                website_id: product.website_id,
                product_id: product.product_id,
                media_id: mediaId,
                display_index: index,
              })),
            )
            .execute();
        }
        return product;
      });
    },

    insertCollection(collection: {
      website_id: string;
      collection_type: string;
      url_id: string;
      title: string;
      navigation_title: string;
      description?: string;
      navigation_index?: number;
    }): Promise<CollectionRow> {
      return db
        .insertInto('collections')
        .values(collection)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
