import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';

export type HeaderFooterRepo = ReturnType<typeof createHeaderFooterRepo>;

export type HeaderFooterRow = {
  header_blocks: unknown[];
  footer_blocks: unknown[];
  revision: number;
  logo_media_id: string | null;
  copyright: string | null;
};

const COLUMNS = [
  'header_blocks',
  'footer_blocks',
  'revision',
  'logo_media_id',
  'copyright',
] as const;

/** One row per website; a website that never saved one has none (empty lists). */
export function createHeaderFooterRepo(db: Kysely<DB>) {
  return {
    find(websiteId: string): Promise<HeaderFooterRow | undefined> {
      return db
        .selectFrom('site_header_footer')
        .select(COLUMNS)
        .where('website_id', '=', websiteId)
        .executeTakeFirst();
    },

    /**
     * Writes both lists if the stored revision is still `baseRevision` (no row counts as
     * revision 0); undefined when another save came first.
     */
    async save(input: {
      websiteId: string;
      header: unknown[];
      footer: unknown[];
      baseRevision: number;
      /** Undefined leaves the stored value (an older client that does not send it). */
      logoMediaId?: string | null | undefined;
      copyright?: string | undefined;
    }): Promise<HeaderFooterRow | undefined> {
      const header = JSON.stringify(input.header);
      const footer = JSON.stringify(input.footer);
      const identity = {
        ...(input.logoMediaId !== undefined && { logo_media_id: input.logoMediaId }),
        ...(input.copyright !== undefined && { copyright: input.copyright || null }),
      };
      return db
        .insertInto('site_header_footer')
        .values({
          website_id: input.websiteId,
          header_blocks: header,
          footer_blocks: footer,
          revision: 1,
          ...identity,
        })
        .onConflict((oc) =>
          oc
            .column('website_id')
            .doUpdateSet({
              header_blocks: header,
              footer_blocks: footer,
              ...identity,
              revision: sql<number>`site_header_footer.revision + 1`,
              updated_at: sql<Date>`now()`,
            })
            // A row exists: only a save based on its current revision may replace it.
            .where('site_header_footer.revision', '=', input.baseRevision),
        )
        .returning(COLUMNS)
        .executeTakeFirst();
    },
  };
}
