import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB, PageRow } from '../../db/db-types.ts';

export type ContentRepo = ReturnType<typeof createContentRepo>;

/**
 * Pages anyone may see: published, or scheduled and due. A scheduled page's content was
 * fixed when it was scheduled, so it goes live by the clock with no job to run first.
 */
export const isPublicPage = (eb: ExpressionBuilder<DB, 'pages'>) =>
  eb.or([
    eb('pages.status', '=', 'published'),
    eb.and([eb('pages.status', '=', 'scheduled'), eb('pages.publish_at', '<=', sql<Date>`now()`)]),
  ]);

export function createContentRepo(db: Kysely<DB>) {
  return {
    findPageBySlug(websiteId: string, urlSlug: string): Promise<PageRow | undefined> {
      return db
        .selectFrom('pages')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('url_slug', '=', urlSlug)
        .executeTakeFirst();
    },

    insertPage(page: {
      website_id: string;
      url_slug: string;
      title: string;
      navigation_title?: string;
      page_type?: number;
      description?: string;
      blocks: string;
      is_in_navigation?: boolean;
      navigation_index?: number;
    }): Promise<PageRow> {
      // Pages made outside the editor (the demo seed) are live: their draft is what is published.
      return db
        .insertInto('pages')
        .values({ ...page, draft_blocks: page.blocks, published_at: new Date() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
