import type { Kysely } from 'kysely';
import type { DB } from '../../db/db-types.ts';

export type CaptchaRepo = ReturnType<typeof createCaptchaRepo>;

export function createCaptchaRepo(db: Kysely<DB>) {
  return {
    /**
     * The website's signing key, stored as `candidate` when it has none yet. Two servers
     * making one at once both read back the one that was stored first.
     */
    async secretOf(websiteId: string, candidate: string): Promise<string> {
      await db
        .insertInto('captcha_secrets')
        .values({ website_id: websiteId, hmac_key: candidate })
        .onConflict((oc) => oc.column('website_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('captcha_secrets')
        .select('hmac_key')
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      return row.hmac_key;
    },

    /** Marks a solution spent; false when it already was (a replay). */
    async spend(websiteId: string, signature: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insertInto('captcha_spent')
        .values({ website_id: websiteId, signature, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['website_id', 'signature']).doNothing())
        .returning('signature')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Forgets spent solutions that have expired (they fail on their expiry anyway). */
    async purgeSpent(before: Date): Promise<void> {
      await db.deleteFrom('captcha_spent').where('expires_at', '<', before).execute();
    },
  };
}
