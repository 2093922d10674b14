import { type Kysely, sql } from 'kysely';
import type { DB, FolderBehavior, PageRow, PageStatus } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type EditorPagesRepo = ReturnType<typeof createEditorPagesRepo>;

/** The editor's reads and writes of pages: drafts, settings and publishing. */
export function createEditorPagesRepo(db: Kysely<DB>) {
  const page = (websiteId: string, pageId: string) =>
    db
      .selectFrom('pages')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('page_id', '=', pageId);

  return {
    /** In main-navigation order, then by title for pages at the same place. */
    listPages(websiteId: string): Promise<PageRow[]> {
      return db
        .selectFrom('pages')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('navigation_index')
        .orderBy('title')
        .execute();
    },

    findPage(websiteId: string, pageId: string): Promise<PageRow | undefined> {
      return page(websiteId, pageId).executeTakeFirst();
    },

    /** A new page is a draft at the end of the main navigation; undefined if the slug is taken. */
    async insertDraftPage(input: {
      websiteId: string;
      title: string;
      urlSlug: string;
      kind?: 'folder';
      folderBehavior?: FolderBehavior;
    }): Promise<PageRow | undefined> {
      try {
        return await db
          .insertInto('pages')
          .values((eb) => ({
            website_id: input.websiteId,
            title: input.title,
            url_slug: input.urlSlug,
            // A folder shows nothing of its own until it is a redirect: it is live at once.
            status: input.kind === 'folder' ? 'published' : 'draft',
            ...(input.kind === 'folder' && {
              kind: 'folder' as const,
              folder_behavior: input.folderBehavior ?? 'index',
              published_at: new Date(),
            }),
            blocks: '[]',
            draft_blocks: '[]',
            navigation_index: eb
              .selectFrom('pages')
              .select(sql<number>`coalesce(max(navigation_index), -1) + 1`.as('next'))
              .where('website_id', '=', input.websiteId),
          }))
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** 'taken' when another page got the slug first (the unique index decides). */
    async updateSettings(
      websiteId: string,
      pageId: string,
      patch: {
        title?: string;
        url_slug?: string;
        description?: string;
        status?: PageStatus;
        seo_title?: string;
        social_image_id?: string | null;
        folder_behavior?: FolderBehavior;
      },
    ): Promise<PageRow | undefined | 'taken'> {
      try {
        return await db
          .updateTable('pages')
          .set({ ...patch, updated_at: sql<Date>`now()` })
          .where('website_id', '=', websiteId)
          .where('page_id', '=', pageId)
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /**
     * Replaces the draft if it is still the revision the editor started from; undefined
     * otherwise (someone saved in between), so a stale window cannot overwrite newer work.
     */
    saveDraft(input: {
      websiteId: string;
      pageId: string;
      blocks: unknown[];
      baseRevision: number;
    }): Promise<PageRow | undefined> {
      return db
        .updateTable('pages')
        .set((eb) => ({
          draft_blocks: JSON.stringify(input.blocks),
          draft_revision: eb('draft_revision', '+', 1),
          updated_at: sql<Date>`now()`,
        }))
        .where('website_id', '=', input.websiteId)
        .where('page_id', '=', input.pageId)
        .where('draft_revision', '=', input.baseRevision)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Makes the draft the published version, guarded by the draft revision the editor saw.
     * With `publishAt` the page waits (status scheduled) until that time.
     */
    publishDraft(input: {
      websiteId: string;
      pageId: string;
      baseRevision: number;
      status: PageStatus;
      publishAt: Date | null;
    }): Promise<PageRow | undefined> {
      return db
        .updateTable('pages')
        .set((eb) => ({
          blocks: sql<string>`draft_blocks`,
          published_revision: eb.ref('draft_revision'),
          status: input.status,
          publish_at: input.publishAt,
          published_at: input.publishAt ?? sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        }))
        .where('website_id', '=', input.websiteId)
        .where('page_id', '=', input.pageId)
        .where('draft_revision', '=', input.baseRevision)
        .returningAll()
        .executeTakeFirst();
    },

    /** A folder's pages and collections move up to the top level, in the same transaction. */
    async deletePage(websiteId: string, pageId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        for (const table of ['pages', 'collections'] as const) {
          await trx
            .updateTable(table)
            .set({ parent_page_id: null })
            .where('website_id', '=', websiteId)
            .where('parent_page_id', '=', pageId)
            .execute();
        }
        const result = await trx
          .deleteFrom('pages')
          .where('website_id', '=', websiteId)
          .where('page_id', '=', pageId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async hasMedia(websiteId: string, mediaId: string): Promise<boolean> {
      const row = await db
        .selectFrom('media')
        .select('media_id')
        .where('website_id', '=', websiteId)
        .where('media_id', '=', mediaId)
        // Only an image can be a page's social image.
        .where('content_type', 'like', 'image/%')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
