import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';

export type PageScheduleRepo = ReturnType<typeof createPageScheduleRepo>;

/**
 * Scheduled pages still waiting to go live. A scheduled page is public from its publish_at
 * on (read-time, content.repo), so nothing is written when it goes live; the page cache
 * only learns the time from whoever scheduled it. A process that starts later reads the
 * times here so its cache expires at each one (app.ts, on startup).
 */
export function createPageScheduleRepo(db: Kysely<DB>) {
  return {
    /** Every website's pending go-live times; one read at startup, so across websites. */
    async pendingPublishes(): Promise<{ websiteId: string; publishAt: Date }[]> {
      const rows = await db
        .selectFrom('pages')
        .select(['website_id', 'publish_at'])
        .where('status', '=', 'scheduled')
        .where('publish_at', '>', sql<Date>`now()`)
        .execute();
      return rows.flatMap((row) =>
        row.publish_at ? [{ websiteId: row.website_id, publishAt: new Date(row.publish_at) }] : [],
      );
    },
  };
}
