import type { Kysely } from 'kysely';
import type { DB, WebsiteRow } from '../../db/db-types.ts';

export type WebsiteRepo = ReturnType<typeof createWebsiteRepo>;

export function createWebsiteRepo(db: Kysely<DB>) {
  return {
    findByHost(host: string): Promise<WebsiteRow | undefined> {
      return db
        .selectFrom('website_domains')
        .innerJoin('websites', 'websites.website_id', 'website_domains.website_id')
        .selectAll('websites')
        .where('website_domains.host', '=', host)
        .executeTakeFirst();
    },

    /** The website's domains, the primary one first. */
    async listHosts(websiteId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('website_domains')
        .select('host')
        .where('website_id', '=', websiteId)
        .orderBy('is_primary', 'desc')
        .orderBy('host')
        .execute();
      return rows.map((r) => r.host);
    },

    /** At most `limit` websites, oldest first: enough to tell a single-site install. */
    listOldest(limit: number): Promise<WebsiteRow[]> {
      return db.selectFrom('websites').selectAll().orderBy('created_at').limit(limit).execute();
    },

    findById(websiteId: string): Promise<WebsiteRow | undefined> {
      return db
        .selectFrom('websites')
        .selectAll()
        .where('website_id', '=', websiteId)
        .executeTakeFirst();
    },

    async create(input: {
      title: string;
      description?: string;
      hosts: string[];
    }): Promise<WebsiteRow> {
      return db.transaction().execute(async (trx) => {
        const website = await trx
          .insertInto('websites')
          .values({ title: input.title, description: input.description ?? '' })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (input.hosts.length > 0) {
          await trx
            .insertInto('website_domains')
            .values(
              input.hosts.map((host, index) => ({
                host,
                website_id: website.website_id,
                is_primary: index === 0,
              })),
            )
            .execute();
        }
        return website;
      });
    },

    updateSettings(
      websiteId: string,
      patch: { title?: string; description?: string },
    ): Promise<WebsiteRow | undefined> {
      return db
        .updateTable('websites')
        .set({ ...patch, updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .returningAll()
        .executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('websites')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
