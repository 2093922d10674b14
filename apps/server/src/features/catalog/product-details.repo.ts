import type { Kysely } from 'kysely';
import type { DB, MediaRow } from '../../db/db-types.ts';
import { PUBLISH_PRODUCT_JOB } from '../jobs/job-kinds.ts';

// Queries for the product details of product-details.ts, mixed into the catalog repo's
// queries so they run inside its transactions.

export function productDetailQueries(db: Kysely<DB>) {
  return {
    /** The website's media among `mediaIds`, images and files alike, by id. */
    async findMedia(
      websiteId: string,
      mediaIds: readonly string[],
    ): Promise<Map<string, MediaRow>> {
      if (mediaIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('media')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('media_id', 'in', [...new Set(mediaIds)])
        .execute();
      return new Map(rows.map((row) => [row.media_id, row]));
    },

    /**
     * The product's url id changed from `oldUrlId`: links to the old address redirect to
     * it. A redirect from the new address, left by an earlier rename, goes: a product now
     * lives there.
     */
    async rememberFormerUrlId(input: {
      websiteId: string;
      productId: string;
      oldUrlId: string;
      newUrlId: string;
    }): Promise<void> {
      await db
        .deleteFrom('product_url_redirects')
        .where('website_id', '=', input.websiteId)
        .where('old_url_id', '=', input.newUrlId)
        .execute();
      await db
        .insertInto('product_url_redirects')
        .values({
          website_id: input.websiteId,
          old_url_id: input.oldUrlId,
          product_id: input.productId,
        })
        .onConflict((oc) =>
          oc.columns(['website_id', 'old_url_id']).doUpdateSet({ product_id: input.productId }),
        )
        .execute();
    },

    /** A product created at a url id a renamed product once had takes it over. */
    async forgetFormerUrlId(websiteId: string, urlId: string): Promise<void> {
      await db
        .deleteFrom('product_url_redirects')
        .where('website_id', '=', websiteId)
        .where('old_url_id', '=', urlId)
        .execute();
    },

    async listFormerUrlIds(websiteId: string, productId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('product_url_redirects')
        .select('old_url_id')
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.old_url_id);
    },

    /** The job that publishes a scheduled product at its time (see publishDue). */
    async schedulePublish(websiteId: string, productId: string, at: Date): Promise<void> {
      await db
        .insertInto('jobs')
        .values({
          website_id: websiteId,
          kind: PUBLISH_PRODUCT_JOB,
          payload: JSON.stringify({ productId }),
          run_at: at,
        })
        .execute();
    },

    /**
     * Publishes the product if its schedule is due; a schedule changed or cancelled since
     * the job was queued leaves it alone (a later job carries the new time). Whether it
     * published, so the caller knows public pages changed.
     */
    async publishDue(websiteId: string, productId: string): Promise<boolean> {
      const result = await db
        .updateTable('products')
        .set({ is_visible: true, publish_at: null, updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('product_id', '=', productId)
        .where('publish_at', '<=', new Date())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The website's forms by name: what a product's additional-fields form is chosen from. */
    listForms(websiteId: string): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('forms')
        .select(['form_id as id', 'name'])
        .where('website_id', '=', websiteId)
        .orderBy('name')
        .execute();
    },

    /** Where an old product address now leads, for the storefront's redirect. */
    findProductRedirect(
      websiteId: string,
      oldUrlId: string,
    ): Promise<{ urlId: string; collectionUrlId: string } | undefined> {
      return db
        .selectFrom('product_url_redirects as r')
        .innerJoin('products as p', (join) =>
          join
            .onRef('p.website_id', '=', 'r.website_id')
            .onRef('p.product_id', '=', 'r.product_id'),
        )
        .innerJoin('collections as c', (join) =>
          join
            .onRef('c.website_id', '=', 'p.website_id')
            .onRef('c.collection_id', '=', 'p.collection_id'),
        )
        .select(['p.url_id as urlId', 'c.url_id as collectionUrlId'])
        .where('r.website_id', '=', websiteId)
        .where('r.old_url_id', '=', oldUrlId)
        .where('p.is_visible', '=', true)
        .executeTakeFirst();
    },
  };
}
