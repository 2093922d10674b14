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

    /**
     * Where a folder with behaviour index leads: its first public page or enabled
     * collection in menu order, or undefined when it has none.
     */
    async firstChildSlug(websiteId: string, folderId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('pages')
        .select(['url_slug as slug', 'navigation_index as index', 'title'])
        .where('website_id', '=', websiteId)
        .where('parent_page_id', '=', folderId)
        .where('kind', '=', 'page')
        .where(isPublicPage)
        .unionAll(
          db
            .selectFrom('collections')
            .select(['url_id as slug', 'navigation_index as index', 'title'])
            .where('website_id', '=', websiteId)
            .where('parent_page_id', '=', folderId)
            .where('is_enabled', '=', true),
        )
        .orderBy('index')
        .orderBy('title')
        .limit(1)
        .executeTakeFirst();
      return row?.slug;
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
