import type { MediaKind } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { DB, MediaRow } from '../../db/db-types.ts';

export type MediaRepo = ReturnType<typeof createMediaRepo>;

export function createMediaRepo(db: Kysely<DB>) {
  return {
    /** Images only: every caller shows them as images, and a PDF's id must not become one. */
    findMany(websiteId: string, mediaIds: readonly string[]): Promise<MediaRow[]> {
      if (mediaIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('media')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('media_id', 'in', mediaIds)
        .where('content_type', 'like', 'image/%')
        .execute();
    },

    /** Newest first; one more than asked for, so the caller knows whether more follow. */
    listPage(
      websiteId: string,
      page: { offset: number; limit: number; kind?: MediaKind | undefined },
    ): Promise<MediaRow[]> {
      // The kind is the stored type's family; see mediaKindOf in media-urls.ts.
      const { kind } = page;
      return db
        .selectFrom('media')
        .selectAll()
        .where('website_id', '=', websiteId)
        .$if(kind === 'image', (q) => q.where('content_type', 'like', 'image/%'))
        .$if(kind === 'audio', (q) => q.where('content_type', 'like', 'audio/%'))
        .$if(kind === 'document', (q) =>
          q
            .where('content_type', 'not like', 'image/%')
            .where('content_type', 'not like', 'audio/%'),
        )
        .orderBy('created_at', 'desc')
        .orderBy('media_id')
        .offset(page.offset)
        .limit(page.limit + 1)
        .execute();
    },

    rename(
      websiteId: string,
      mediaId: string,
      change: { filename?: string; alt_text?: string },
    ): Promise<MediaRow | undefined> {
      if (change.filename === undefined && change.alt_text === undefined) {
        return db
          .selectFrom('media')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('media_id', '=', mediaId)
          .executeTakeFirst();
      }
      return db
        .updateTable('media')
        .set(change)
        .where('website_id', '=', websiteId)
        .where('media_id', '=', mediaId)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(websiteId: string, mediaId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('media')
        .where('website_id', '=', websiteId)
        .where('media_id', '=', mediaId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    insert(row: {
      website_id: string;
      media_id: string;
      filename: string;
      content_type: string;
      byte_size: number;
      width: number;
      height: number;
      alt_text: string;
      focal_x?: number;
      focal_y?: number;
      color_data: string;
      variant_widths: number[];
    }): Promise<MediaRow> {
      return db.insertInto('media').values(row).returningAll().executeTakeFirstOrThrow();
    },
  };
}
