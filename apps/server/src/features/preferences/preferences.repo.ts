import type { Kysely } from 'kysely';
import type { DB } from '../../db/db-types.ts';

export type PreferencesRepo = ReturnType<typeof createPreferencesRepo>;

export function createPreferencesRepo(db: Kysely<DB>) {
  return {
    async find(websiteId: string, namespace: string): Promise<Record<string, unknown> | undefined> {
      const row = await db
        .selectFrom('commerce_preferences')
        .select('preferences')
        .where('website_id', '=', websiteId)
        .where('namespace', '=', namespace)
        .executeTakeFirst();
      return row?.preferences;
    },

    async save(
      websiteId: string,
      namespace: string,
      preferences: Record<string, unknown>,
    ): Promise<void> {
      const json = JSON.stringify(preferences);
      await db
        .insertInto('commerce_preferences')
        .values({ website_id: websiteId, namespace, preferences: json })
        .onConflict((oc) =>
          oc
            .columns(['website_id', 'namespace'])
            .doUpdateSet({ preferences: json, updated_at: new Date() }),
        )
        .execute();
    },
  };
}
