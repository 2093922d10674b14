import { type Kysely, sql } from 'kysely';
import type {
  CategoryRow,
  CollectionRow,
  DB,
  MediaRow,
  MerchandisingRow,
  NewProduct,
  NewVariant,
  ProductRow,
  ProductUpdate,
  VariantRow,
} from '../../db/db-types.ts';
import { productDetailQueries } from './product-details.repo.ts';

export type ProductImageRow = MediaRow & { product_id: string; display_index: number };
export type NewMerchandising = Omit<MerchandisingRow, 'website_id' | 'product_id'>;

export type CatalogRepo = ReturnType<typeof createCatalogRepo>;

/** Runs `work` in a transaction, or inside the caller's when the repo is already in one. */
function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The repo's queries bound to one transaction (see withTransaction). */
export type CatalogTransaction = ReturnType<typeof catalogQueries>;

export function createCatalogRepo(db: Kysely<DB>) {
  return {
    ...catalogQueries(db),

    /**
     * One unit of work: every call on the repo handed to `work` runs in one transaction,
     * committed when `work` resolves and rolled back when it throws. On the embedded
     * database the transaction holds the only session, so `work` must not use any other
     * repo meanwhile.
     */
    withTransaction<T>(work: (repo: CatalogTransaction) => Promise<T>): Promise<T> {
      return inTransaction(db, (trx) => work(catalogQueries(trx)));
    },
  };
}

function catalogQueries(db: Kysely<DB>) {
  return {
    ...productDetailQueries(db),
    /** Locks the collection row so concurrent product creations in it take turns. */
    lockCollection(websiteId: string, collectionId: string): Promise<CollectionRow | undefined> {
      return db
        .selectFrom('collections')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .forUpdate()
        .executeTakeFirst();
    },

    async countProductsInCollection(websiteId: string, collectionId: string): Promise<number> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The product row, locked until the transaction ends. */
    lockProduct(websiteId: string, productId: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .forUpdate()
        .executeTakeFirst();
    },

    async listTakenSkus(websiteId: string, skus: readonly string[]): Promise<string[]> {
      if (skus.length === 0) return [];
      const rows = await db
        .selectFrom('product_variants')
        .select('sku')
        .where('website_id', '=', websiteId)
        .where('sku', 'in', skus)
        .execute();
      return rows.map((row) => row.sku);
    },

    async hasForm(websiteId: string, formId: string): Promise<boolean> {
      const row = await db
        .selectFrom('forms')
        .select('form_id')
        .where('website_id', '=', websiteId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listExistingMediaIds(websiteId: string, mediaIds: readonly string[]): Promise<string[]> {
      if (mediaIds.length === 0) return [];
      const rows = await db
        .selectFrom('media')
        .select('media_id')
        .where('website_id', '=', websiteId)
        .where('media_id', 'in', mediaIds)
        // A product's pictures are images; a PDF or MP3 of the library is not one.
        .where('content_type', 'like', 'image/%')
        .execute();
      return rows.map((row) => row.media_id);
    },

    listCategories(websiteId: string, collectionId: string): Promise<CategoryRow[]> {
      return db
        .selectFrom('categories')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .orderBy('display_index')
        .orderBy('display_name')
        .orderBy('category_id')
        .execute();
    },

    listProductCategories(
      websiteId: string,
      productIds: readonly string[],
    ): Promise<{ product_id: string; category_id: string }[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_categories')
        .select(['product_id', 'category_id'])
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', productIds)
        .orderBy('category_id')
        .execute();
    },

    listMerchandising(
      websiteId: string,
      productIds: readonly string[],
    ): Promise<MerchandisingRow[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('product_merchandising')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', productIds)
        .execute();
    },

    findMerchandising(websiteId: string, productId: string): Promise<MerchandisingRow | undefined> {
      return db
        .selectFrom('product_merchandising')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
    },

    async updateProduct(
      websiteId: string,
      productId: string,
      changes: Omit<ProductUpdate, 'website_id' | 'product_id' | 'collection_id'>,
    ): Promise<void> {
      // Every merchant edit is a new version (optimistic concurrency); sales never come here.
      await db
        .updateTable('products')
        .set({ ...changes, updated_at: new Date(), version: sql<number>`version + 1` })
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .execute();
    },

    /** The product's variants, locked so a sale's stock change waits for this transaction. */
    lockVariants(websiteId: string, productId: string): Promise<VariantRow[]> {
      return db
        .selectFrom('product_variants')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .orderBy('display_index')
        .forUpdate()
        .execute();
    },

    /** Shipping weights in grams by variant id; a variant without one weighs 0. */
    async listVariantWeights(
      websiteId: string,
      variantIds: readonly string[],
    ): Promise<Map<string, number>> {
      if (variantIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('variant_shipping_weights')
        .select(['variant_id', 'weight_grams'])
        .where('website_id', '=', websiteId)
        .where('variant_id', 'in', variantIds)
        .execute();
      return new Map(rows.map((row) => [row.variant_id, row.weight_grams]));
    },

    async saveVariantWeights(
      websiteId: string,
      weights: readonly { variantId: string; grams: number }[],
    ): Promise<void> {
      if (weights.length === 0) return;
      await db
        .insertInto('variant_shipping_weights')
        .values(
          weights.map((w) => ({
            website_id: websiteId,
            variant_id: w.variantId,
            weight_grams: w.grams,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['website_id', 'variant_id'])
            .doUpdateSet((eb) => ({ weight_grams: eb.ref('excluded.weight_grams') })),
        )
        .execute();
    },

    /** Which of `skus` other products' variants use, with those products' titles. */
    listSkuOwners(
      websiteId: string,
      skus: readonly string[],
      exceptProductId: string | null,
    ): Promise<{ sku: string; title: string }[]> {
      if (skus.length === 0) return Promise.resolve([]);
      let query = db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'v.website_id')
            .onRef('p.product_id', '=', 'v.product_id'),
        )
        .select(['v.sku', 'p.title'])
        .where('v.website_id', '=', websiteId)
        .where('v.sku', 'in', skus);
      if (exceptProductId) query = query.where('v.product_id', '<>', exceptProductId);
      return query.execute();
    },

    /** Deletes variants; cart entries and stock holds go with them, order lines stay. */
    async deleteVariants(websiteId: string, variantIds: readonly string[]): Promise<void> {
      if (variantIds.length === 0) return;
      await db
        .deleteFrom('product_variants')
        .where('website_id', '=', websiteId)
        .where('variant_id', 'in', variantIds)
        .execute();
    },

    async insertVariant(
      row: Omit<NewVariant, 'variant_id'> & { product_id: string },
    ): Promise<string> {
      const inserted = await db
        .insertInto('product_variants')
        .values(row)
        .returning('variant_id')
        .executeTakeFirstOrThrow();
      return inserted.variant_id;
    },

    /** A variant keeps a picture only while it is one of the product's images. */
    async clearVariantImagesOutside(
      websiteId: string,
      productId: string,
      mediaIds: readonly string[],
    ): Promise<void> {
      let query = db
        .updateTable('product_variants')
        .set({ image_media_id: null })
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .where('image_media_id', 'is not', null);
      if (mediaIds.length > 0) query = query.where('image_media_id', 'not in', [...mediaIds]);
      await query.execute();
    },

    async updateVariant(
      websiteId: string,
      variantId: string,
      changes: {
        sku?: string;
        option_values?: string;
        display_index?: number;
        image_media_id?: string | null;
        price_cents?: number;
        sale_price_cents?: number;
        is_on_sale?: boolean;
        qty_in_stock?: number;
        is_unlimited?: boolean;
      },
    ): Promise<void> {
      await db
        .updateTable('product_variants')
        .set(changes)
        .where('website_id', '=', websiteId)
        .where('variant_id', '=', variantId)
        .execute();
    },

    async replaceProductCategories(
      websiteId: string,
      productId: string,
      categoryIds: readonly string[],
    ): Promise<void> {
      await db
        .deleteFrom('product_categories')
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .execute();
      if (categoryIds.length === 0) return;
      await db
        .insertInto('product_categories')
        .values(
          categoryIds.map((categoryId) => ({
            website_id: websiteId,
            product_id: productId,
            category_id: categoryId,
          })),
        )
        .execute();
    },

    async replaceProductImages(
      websiteId: string,
      productId: string,
      mediaIds: readonly string[],
    ): Promise<void> {
      await db
        .deleteFrom('product_images')
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .execute();
      if (mediaIds.length === 0) return;
      await db
        .insertInto('product_images')
        .values(
          mediaIds.map((mediaId, index) => ({
            website_id: websiteId,
            product_id: productId,
            media_id: mediaId,
            display_index: index,
          })),
        )
        .execute();
    },

    async saveMerchandising(row: MerchandisingRow): Promise<void> {
      await db
        .insertInto('product_merchandising')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['website_id', 'product_id']).doUpdateSet({
            is_scarcity_enabled: row.is_scarcity_enabled,
            scarcity_text: row.scarcity_text,
            scarcity_threshold: row.scarcity_threshold,
            is_restock_notification_enabled: row.is_restock_notification_enabled,
          }),
        )
        .execute();
    },

    /** Bulk actions of the product list: how many of the website's products changed. */
    async setVisibility(
      websiteId: string,
      productIds: readonly string[],
      isVisible: boolean,
    ): Promise<number> {
      const result = await db
        .updateTable('products')
        // Publishing or hiding by hand replaces a schedule.
        .set({
          is_visible: isVisible,
          publish_at: null,
          updated_at: new Date(),
          version: sql<number>`version + 1`,
        })
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', [...productIds])
        .where((eb) => eb.or([eb('is_visible', '=', !isVisible), eb('publish_at', 'is not', null)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteProducts(websiteId: string, productIds: readonly string[]): Promise<number> {
      const result = await db
        .deleteFrom('products')
        .where('website_id', '=', websiteId)
        .where('product_id', 'in', [...productIds])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteProduct(websiteId: string, productId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('products')
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async countCategories(websiteId: string, collectionId: string): Promise<number> {
      const row = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('website_id', '=', websiteId)
        .where('collection_id', '=', collectionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insertCategory(row: {
      website_id: string;
      collection_id: string;
      parent_category_id: string | null;
      display_name: string;
      slug: string;
      display_index: number;
    }): Promise<CategoryRow> {
      return db.insertInto('categories').values(row).returningAll().executeTakeFirstOrThrow();
    },

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

    /** A visible product by url id with its collection's url id: one round trip. */
    async findProductWithCollectionUrl(
      websiteId: string,
      urlId: string,
    ): Promise<{ row: ProductRow; collectionUrlId: string } | undefined> {
      const found = await db
        .selectFrom('products')
        .innerJoin('collections', (join) =>
          join
            .onRef('collections.website_id', '=', 'products.website_id')
            .onRef('collections.collection_id', '=', 'products.collection_id'),
        )
        .selectAll('products')
        .select('collections.url_id as collection_url_id')
        .where('products.website_id', '=', websiteId)
        .where('products.url_id', '=', urlId)
        .where('products.is_visible', '=', true)
        .executeTakeFirst();
      if (!found) return undefined;
      const { collection_url_id, ...row } = found;
      return { row, collectionUrlId: collection_url_id };
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
      variants: (Omit<NewVariant, 'website_id' | 'product_id'> & { weight_grams?: number })[];
      mediaIds: string[];
      categoryIds?: string[];
      merchandising?: NewMerchandising;
    }): Promise<ProductRow> {
      return inTransaction(db, async (trx) => {
        const product = await trx
          .insertInto('products')
          .values(input.product)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (input.variants.length > 0) {
          const inserted = await trx
            .insertInto('product_variants')
            .values(
              input.variants.map(({ weight_grams: _, ...variant }, index) => ({
                ...variant,
                website_id: product.website_id,
                product_id: product.product_id,
                display_index: variant.display_index ?? index,
              })),
            )
            .returning(['variant_id', 'sku'])
            .execute();
          const weights = new Map(input.variants.map((v) => [v.sku, v.weight_grams]));
          const weighed = inserted.filter((v) => (weights.get(v.sku) ?? 0) > 0);
          if (weighed.length > 0) {
            await trx
              .insertInto('variant_shipping_weights')
              .values(
                weighed.map((v) => ({
                  website_id: product.website_id,
                  variant_id: v.variant_id,
                  weight_grams: weights.get(v.sku) ?? 0,
                })),
              )
              .execute();
          }
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
        if (input.categoryIds && input.categoryIds.length > 0) {
          await trx
            .insertInto('product_categories')
            .values(
              input.categoryIds.map((categoryId) => ({
                website_id: product.website_id,
                product_id: product.product_id,
                category_id: categoryId,
              })),
            )
            .execute();
        }
        if (input.merchandising) {
          await trx
            .insertInto('product_merchandising')
            .values({
              ...input.merchandising,
              website_id: product.website_id,
              product_id: product.product_id,
            })
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
      is_enabled?: boolean;
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
