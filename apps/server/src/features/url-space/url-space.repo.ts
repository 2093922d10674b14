import type { Kysely } from 'kysely';
import type { DB } from '../../db/db-types.ts';

export type UrlSpaceRepo = ReturnType<typeof createUrlSpaceRepo>;

/** What holds a first path segment; the one being renamed does not count against itself. */
export type UrlHolder =
  | { kind: 'page'; pageId: string }
  | { kind: 'collection'; collectionId: string };

/**
 * The segments pages and collections of a website hold. Both tables are read because the
 * storefront answers /{segment} with a collection first and then a page, so a clash would
 * hide one of them.
 */
export function createUrlSpaceRepo(db: Kysely<DB>) {
  return {
    async isTaken(websiteId: string, segment: string, except?: UrlHolder): Promise<boolean> {
      let pages = db
        .selectFrom('pages')
        .select('page_id')
        .where('website_id', '=', websiteId)
        .where('url_slug', '=', segment);
      if (except?.kind === 'page') pages = pages.where('page_id', '!=', except.pageId);
      let collections = db
        .selectFrom('collections')
        .select('collection_id')
        .where('website_id', '=', websiteId)
        .where('url_id', '=', segment);
      if (except?.kind === 'collection') {
        collections = collections.where('collection_id', '!=', except.collectionId);
      }
      const [page, collection] = await Promise.all([
        pages.executeTakeFirst(),
        collections.executeTakeFirst(),
      ]);
      return page !== undefined || collection !== undefined;
    },

    /** Segments starting with `prefix`: what a generated one (prefix, prefix-1, …) may clash with. */
    async listTakenStartingWith(websiteId: string, prefix: string): Promise<string[]> {
      const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
      const [pages, collections] = await Promise.all([
        db
          .selectFrom('pages')
          .select('url_slug as segment')
          .where('website_id', '=', websiteId)
          .where('url_slug', 'like', pattern)
          .execute(),
        db
          .selectFrom('collections')
          .select('url_id as segment')
          .where('website_id', '=', websiteId)
          .where('url_id', 'like', pattern)
          .execute(),
      ]);
      return [...pages, ...collections].map((row) => row.segment);
    },
  };
}
