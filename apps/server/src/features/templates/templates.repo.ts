import { type Kysely, sql } from 'kysely';
import type { DB, WebsiteTemplateRow } from '../../db/db-types.ts';

export type TemplatesRepo = ReturnType<typeof createTemplatesRepo>;

/** A website's developer-mode templates, one row per slot. */
export function createTemplatesRepo(db: Kysely<DB>) {
  return {
    list(websiteId: string): Promise<WebsiteTemplateRow[]> {
      return db
        .selectFrom('website_templates')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('slot')
        .execute();
    },

    /** The store's first product collection (menu order): what a save renders over. */
    async firstCollectionUrlId(websiteId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('collections')
        .select('url_id')
        .where('website_id', '=', websiteId)
        // The only kind the list and item slots render (catalog.service's findCollectionList).
        .where('collection_type', '=', 'products')
        .where('is_enabled', '=', true)
        .orderBy('navigation_index')
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      return row?.url_id;
    },

    find(websiteId: string, slot: string): Promise<WebsiteTemplateRow | undefined> {
      return db
        .selectFrom('website_templates')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('slot', '=', slot)
        .executeTakeFirst();
    },

    /** Insert or replace; updated_at moves so compiled copies keyed by it are not reused. */
    upsert(input: {
      websiteId: string;
      slot: string;
      source: string;
      memberId: string;
    }): Promise<WebsiteTemplateRow> {
      return db
        .insertInto('website_templates')
        .values({
          website_id: input.websiteId,
          slot: input.slot,
          source: input.source,
          updated_by: input.memberId,
        })
        .onConflict((oc) =>
          oc.columns(['website_id', 'slot']).doUpdateSet({
            source: input.source,
            updated_by: input.memberId,
            updated_at: sql`now()`,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Whether there was a row to delete. */
    async remove(websiteId: string, slot: string): Promise<boolean> {
      const result = await db
        .deleteFrom('website_templates')
        .where('website_id', '=', websiteId)
        .where('slot', '=', slot)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
