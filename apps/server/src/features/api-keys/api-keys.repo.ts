import { type Kysely, sql } from 'kysely';
import type { ApiKeyRow, DB } from '../../db/db-types.ts';

export type ApiKeyRepo = ReturnType<typeof createApiKeyRepo>;

export function createApiKeyRepo(db: Kysely<DB>) {
  return {
    insert(row: {
      website_id: string;
      name: string;
      role: number;
      prefix: string;
      secret_sha256: string;
      /** JSON of ApiKeyScopes, or null for the role's full access. */
      scopes: string | null;
    }): Promise<ApiKeyRow> {
      return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** The unrevoked key of this website whose secret hashes to `secretSha256`. */
    findActive(websiteId: string, secretSha256: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('secret_sha256', '=', secretSha256)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Records use at most once a minute per key, so a busy integration does not turn
     * every read into a write.
     */
    async touch(websiteId: string, keyId: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: sql<Date>`now()` })
        .where('website_id', '=', websiteId)
        .where('key_id', '=', keyId)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
          ]),
        )
        .execute();
    },

    list(websiteId: string): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('created_at')
        .orderBy('key_id')
        .execute();
    },

    async revoke(websiteId: string, keyId: string): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: sql<Date>`now()` })
        .where('website_id', '=', websiteId)
        .where('key_id', '=', keyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
