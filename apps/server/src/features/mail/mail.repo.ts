import { Role } from '@atelier/core';
import { type Kysely, sql } from 'kysely';
import type { DB, MailOutboxRow } from '../../db/db-types.ts';

// The outbox: an email is a row written in the same transaction as the change that
// causes it, so an order without its confirmation (or the reverse) cannot exist. A
// sender (SMTP_URL, later) marks rows sent; until then the admin can read them.

export type MailQueries = ReturnType<typeof mailQueries>;

export type OutgoingMail = {
  kind: string;
  to: string;
  subject: string;
  bodyText: string;
  /** Not before this time (a gift card's chosen send date). */
  sendAfter?: Date;
};

/**
 * Where mail for the merchant goes (new orders, form submissions without an address of
 * their own): the store's notification email, else the owner's (the first administrator).
 */
export async function merchantEmail(
  db: Kysely<DB>,
  websiteId: string,
): Promise<string | undefined> {
  const store = await db
    .selectFrom('websites')
    .select('notification_email')
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
  if (store?.notification_email) return store.notification_email;
  const owner = await db
    .selectFrom('website_members')
    .select('email')
    .where('website_id', '=', websiteId)
    .where('role', '=', Role.admin)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return owner?.email;
}

export function mailQueries(db: Kysely<DB>) {
  return {
    async enqueue(websiteId: string, mails: readonly OutgoingMail[]): Promise<void> {
      if (mails.length === 0) return;
      await db
        .insertInto('mail_outbox')
        .values(
          mails.map((m) => ({
            website_id: websiteId,
            kind: m.kind,
            to_email: m.to,
            subject: m.subject,
            body_text: m.bodyText,
            ...(m.sendAfter && { send_after: m.sendAfter }),
          })),
        )
        .execute();
    },

    /**
     * Claims due mail across all websites for one sender: rows not sent, due, and not
     * leased by another sender. The lease lets the send happen outside any transaction.
     */
    async claimDue(options: { limit: number; leaseMs: number }): Promise<MailOutboxRow[]> {
      const leaseUntil = new Date(Date.now() + options.leaseMs);
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('mail_outbox')
          .select(['website_id', 'message_id'])
          .where('sent_at', 'is', null)
          // The database's clock, as `send_after` defaults to it: the process's Date has
          // only milliseconds, so mail enqueued in the same millisecond as the claim (its
          // microseconds later) would not yet count as due.
          .where('send_after', '<=', sql<Date>`now()`)
          .where((eb) =>
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]),
          )
          .orderBy('send_after')
          .limit(options.limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        const claimed: MailOutboxRow[] = [];
        for (const row of due) {
          const updated = await trx
            .updateTable('mail_outbox')
            .set({ lease_until: leaseUntil })
            .where('website_id', '=', row.website_id)
            .where('message_id', '=', row.message_id)
            .returningAll()
            .executeTakeFirst();
          if (updated) claimed.push(updated);
        }
        return claimed;
      });
    },

    async markSent(websiteId: string, messageId: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), lease_until: null, last_error: null })
        .where('website_id', '=', websiteId)
        .where('message_id', '=', messageId)
        .execute();
    },

    /** A failed send waits longer each time: the lease doubles as the retry time. */
    async markFailed(input: {
      websiteId: string;
      messageId: string;
      error: string;
      retryAt: Date;
    }): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: input.error.slice(0, 1000),
          lease_until: input.retryAt,
        }))
        .where('website_id', '=', input.websiteId)
        .where('message_id', '=', input.messageId)
        .execute();
    },

    listOutbox(websiteId: string, options: { limit?: number } = {}): Promise<MailOutboxRow[]> {
      return db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('created_at', 'desc')
        .orderBy('message_id')
        .limit(options.limit ?? 100)
        .execute();
    },
  };
}
