import { ProductType } from '@atelier/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { isPublicPage } from '../content/content.repo.ts';

export type SeoRepo = ReturnType<typeof createSeoRepo>;

export type SitemapRow = { path: string; updatedAt: Date };

export function createSeoRepo(db: Kysely<DB>) {
  return {
    /** Every public address of a website with when it last changed. */
    async listPublicPaths(websiteId: string): Promise<SitemapRow[]> {
      const [pages, collections, products] = await Promise.all([
        db
          .selectFrom('pages')
          .select(['url_slug', 'updated_at'])
          .where('website_id', '=', websiteId)
          .where(isPublicPage)
          // A paywalled page is not indexed (issue 22): not listed either.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('paywall_pages as w')
                  .select('w.page_id')
                  .whereRef('w.website_id', '=', 'pages.website_id')
                  .whereRef('w.page_id', '=', 'pages.page_id'),
              ),
            ),
          )
          // Member-area and password pages (issue 23) are not for the public: not listed.
          .where('pages.member_area_id', 'is', null)
          .where('pages.password_hash', 'is', null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('pages as f')
                  .select('f.page_id')
                  .whereRef('f.website_id', '=', 'pages.website_id')
                  .whereRef('f.page_id', '=', 'pages.parent_page_id')
                  .where('f.member_area_id', 'is not', null),
              ),
            ),
          )
          .orderBy('navigation_index')
          .execute(),
        db
          .selectFrom('collections')
          .select(['url_id', 'updated_at'])
          .where('website_id', '=', websiteId)
          .where('is_enabled', '=', true)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('paywall_collections as w')
                  .select('w.collection_id')
                  .whereRef('w.website_id', '=', 'collections.website_id')
                  .whereRef('w.collection_id', '=', 'collections.collection_id'),
              ),
            ),
          )
          // A collection in a member-area folder (issue 23) is the members': not listed.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('pages as f')
                  .select('f.page_id')
                  .whereRef('f.website_id', '=', 'collections.website_id')
                  .whereRef('f.page_id', '=', 'collections.parent_page_id')
                  .where('f.member_area_id', 'is not', null),
              ),
            ),
          )
          .orderBy('navigation_index')
          .execute(),
        db
          .selectFrom('products as p')
          .innerJoin('collections as c', (join) =>
            join
              .onRef('c.website_id', '=', 'p.website_id')
              .onRef('c.collection_id', '=', 'p.collection_id'),
          )
          .select(['c.url_id as collection_url_id', 'p.url_id', 'p.updated_at'])
          .where('p.website_id', '=', websiteId)
          .where('p.is_visible', '=', true)
          .where('c.is_enabled', '=', true)
          // A paywalled collection's items are locked with it, except the products that
          // open it (their pages are where access is bought).
          .where(({ or, eb, not, exists, selectFrom }) =>
            or([
              eb('p.product_type', '=', ProductType.paywall),
              not(
                exists(
                  selectFrom('paywall_collections as w')
                    .select('w.collection_id')
                    .whereRef('w.website_id', '=', 'c.website_id')
                    .whereRef('w.collection_id', '=', 'c.collection_id'),
                ),
              ),
            ]),
          )
          // …and its items are the members' with it, whatever their type.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('pages as f')
                  .select('f.page_id')
                  .whereRef('f.website_id', '=', 'c.website_id')
                  .whereRef('f.page_id', '=', 'c.parent_page_id')
                  .where('f.member_area_id', 'is not', null),
              ),
            ),
          )
          .orderBy('p.display_index')
          .execute(),
      ]);
      return [
        ...pages.map((p) => ({
          path: p.url_slug === '' ? '/' : `/${p.url_slug}`,
          updatedAt: new Date(p.updated_at),
        })),
        ...collections.map((c) => ({ path: `/${c.url_id}`, updatedAt: new Date(c.updated_at) })),
        ...products.map((p) => ({
          path: `/${p.collection_url_id}/p/${p.url_id}`,
          updatedAt: new Date(p.updated_at),
        })),
      ];
    },
  };
}
