import type { Kysely } from 'kysely';
import type { DB, FolderBehavior, PageKind, PageStatus } from '../../db/db-types.ts';

export type NavigationRepo = ReturnType<typeof createNavigationRepo>;

export type NavigationPageRow = {
  id: string;
  kind: PageKind;
  folderBehavior: FolderBehavior | null;
  parentId: string | null;
  title: string;
  navigationTitle: string | null;
  urlSlug: string;
  status: PageStatus;
  publishAt: Date | null;
  isInNavigation: boolean;
  index: number;
  /** The member area the page or folder is in (issue 23), or null. */
  memberAreaId: string | null;
};
export type NavigationCollectionRow = {
  id: string;
  parentId: string | null;
  title: string;
  navigationTitle: string;
  urlSlug: string;
  isEnabled: boolean;
  isInNavigation: boolean;
  index: number;
};
export type NavigationLinkRow = {
  id: string;
  navigation: 'main' | '_hidden';
  parentId: string | null;
  title: string;
  url: string;
  index: number;
};

/** Where one page or collection goes: which navigation, under which folder, at what place. */
export type Placement = {
  id: string;
  isInNavigation: boolean;
  parentId: string | null;
  index: number;
  /** Set: the menu text; undefined: unchanged. */
  navigationTitle?: string | undefined;
};

export type NavigationPlan = {
  pages: Placement[];
  collections: Placement[];
  /** The navigation whose links are replaced by `links`. */
  linkNavigation: 'main' | '_hidden';
  links: { title: string; url: string; parentId: string | null; index: number }[];
  /** Pages and folders entering (an area's id) or leaving (null) a member area. */
  memberAreas: { pageId: string; memberAreaId: string | null }[];
};

/** Reads and writes of the site's navigations: pages, collections and external links. */
export function createNavigationRepo(db: Kysely<DB>) {
  return {
    async load(websiteId: string) {
      const [pages, collections, links, areas] = await Promise.all([
        db
          .selectFrom('pages')
          .select([
            'page_id as id',
            'kind',
            'folder_behavior as folderBehavior',
            'parent_page_id as parentId',
            'title',
            'navigation_title as navigationTitle',
            'url_slug as urlSlug',
            'status',
            'publish_at as publishAt',
            'is_in_navigation as isInNavigation',
            'navigation_index as index',
            'member_area_id as memberAreaId',
          ])
          .where('website_id', '=', websiteId)
          // The not-found page (type 100) is the site's, not a place in a menu.
          .where('page_type', '!=', 100)
          .orderBy('navigation_index')
          .orderBy('title')
          .execute(),
        db
          .selectFrom('collections')
          .select([
            'collection_id as id',
            'parent_page_id as parentId',
            'title',
            'navigation_title as navigationTitle',
            'url_id as urlSlug',
            'is_enabled as isEnabled',
            'is_in_navigation as isInNavigation',
            'navigation_index as index',
          ])
          .where('website_id', '=', websiteId)
          .orderBy('navigation_index')
          .orderBy('title')
          .execute(),
        db
          .selectFrom('navigation_links')
          .select([
            'link_id as id',
            'navigation',
            'parent_page_id as parentId',
            'title',
            'url',
            'navigation_index as index',
          ])
          .where('website_id', '=', websiteId)
          .orderBy('navigation_index')
          .execute(),
        db
          .selectFrom('member_areas')
          .select('member_area_id')
          .where('website_id', '=', websiteId)
          .execute(),
      ]);
      return {
        pages: pages as NavigationPageRow[],
        collections: collections as NavigationCollectionRow[],
        links: links as NavigationLinkRow[],
        memberAreaIds: new Set(areas.map((a) => a.member_area_id)),
      };
    },

    /**
     * Applies a whole navigation at once: every placement and the links, in one
     * transaction, so a visitor never sees a menu half moved. Parents are set after every
     * row has its navigation, so the order of the updates does not matter.
     */
    async apply(websiteId: string, plan: NavigationPlan): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const page of plan.pages) {
          await trx
            .updateTable('pages')
            .set({
              is_in_navigation: page.isInNavigation,
              parent_page_id: page.parentId,
              navigation_index: page.index,
              ...(page.navigationTitle !== undefined && {
                navigation_title: page.navigationTitle || null,
              }),
            })
            .where('website_id', '=', websiteId)
            .where('page_id', '=', page.id)
            .execute();
        }
        for (const collection of plan.collections) {
          await trx
            .updateTable('collections')
            .set({
              is_in_navigation: collection.isInNavigation,
              parent_page_id: collection.parentId,
              navigation_index: collection.index,
              ...(collection.navigationTitle && {
                navigation_title: collection.navigationTitle,
              }),
            })
            .where('website_id', '=', websiteId)
            .where('collection_id', '=', collection.id)
            .execute();
        }
        await trx
          .deleteFrom('navigation_links')
          .where('website_id', '=', websiteId)
          .where('navigation', '=', plan.linkNavigation)
          .execute();
        for (const change of plan.memberAreas) {
          await trx
            .updateTable('pages')
            .set({ member_area_id: change.memberAreaId })
            .where('website_id', '=', websiteId)
            .where('page_id', '=', change.pageId)
            .execute();
        }
        if (plan.links.length > 0) {
          await trx
            .insertInto('navigation_links')
            .values(
              plan.links.map((link) => ({
                website_id: websiteId,
                navigation: plan.linkNavigation,
                parent_page_id: link.parentId,
                title: link.title,
                url: link.url,
                navigation_index: link.index,
              })),
            )
            .execute();
        }
      });
    },
  };
}
