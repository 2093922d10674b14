import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/db-types.ts';

// Test helpers: a mailing list with subscribers written straight into the 0028 tables
// (the newsletter feature owns how they get there; campaigns only read them).

export async function seedList(
  db: Kysely<DB>,
  input: {
    websiteId: string;
    name: string;
    subscribed: readonly string[];
    others?: readonly { email: string; status: 'pending' | 'unsubscribed' | 'bounced' }[];
  },
): Promise<{ listId: string; subscriberIds: Map<string, string> }> {
  const list = await db
    .insertInto('mailing_lists')
    .values({ website_id: input.websiteId, name: input.name })
    .returning('list_id')
    .executeTakeFirstOrThrow();
  const rows = [
    ...input.subscribed.map((email) => ({ email, status: 'subscribed' as const })),
    ...(input.others ?? []),
  ];
  const subscriberIds = new Map<string, string>();
  if (rows.length > 0) {
    const inserted = await db
      .insertInto('mailing_list_subscribers')
      .values(
        rows.map((row) => ({
          website_id: input.websiteId,
          list_id: list.list_id,
          email: row.email,
          email_key: row.email.toLowerCase(),
          status: row.status,
          source: 'import' as const,
          unsubscribe_token: randomBytes(18).toString('base64url'),
          ...(row.status === 'subscribed' && { subscribed_at: new Date() }),
        })),
      )
      .returning(['subscriber_id', 'email'])
      .execute();
    for (const row of inserted) subscriberIds.set(row.email, row.subscriber_id);
  }
  return { listId: list.list_id, subscriberIds };
}

/** Someone unsubscribes, as the one-click link would do it. */
export async function unsubscribe(db: Kysely<DB>, websiteId: string, email: string) {
  await db
    .updateTable('mailing_list_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: new Date() })
    .where('website_id', '=', websiteId)
    .where('email_key', '=', email.toLowerCase())
    .execute();
}
