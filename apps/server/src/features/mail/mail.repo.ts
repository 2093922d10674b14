import { Role } from '@atelier/core';
import { type Kysely, sql } from 'kysely';
import type { DB, MailOutboxRow } from '../../db/db-types.ts';

// The outbox: an email is a row written in the same transaction as the change that
// causes it, so an order without its confirmation (or the reverse) cannot exist. A
// sender (SMTP_URL, later) marks rows sent; until then the admin can read them.

export type MailQueries = ReturnType<typeof mailQueries>;

export type OutgoingMail = {
  /** Chosen by the caller when it must record the message's id in the same transaction. */
  messageId?: string;
  kind: string;
  to: string;
  subject: string;
  bodyText: string;
  /** Not before this time (a gift card's chosen send date). */
  sendAfter?: Date;
  /** An HTML alternative to the text (campaigns). */
  bodyHtml?: string;
  /** Extra headers, such as List-Unsubscribe (campaigns). */
  headers?: Record<string, string>;
  /**
   * Never send twice, even if that means never (campaigns): a crash between the mail
   * server taking the message and the outbox marking it sent fails it instead.
   */
  isAtMostOnce?: boolean;
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
/** The last_error of an at-most-once message whose attempt was cut short. */
export const INTERRUPTED_ERROR = 'interrupted: may not have been sent';

export function mailQueries(db: Kysely<DB>) {
  return {
    async enqueue(websiteId: string, mails: readonly OutgoingMail[]): Promise<void> {
      if (mails.length === 0) return;
      await db
        .insertInto('mail_outbox')
        .values(
          mails.map((m) => ({
            ...(m.messageId && { message_id: m.messageId }),
            website_id: websiteId,
            kind: m.kind,
            to_email: m.to,
            subject: m.subject,
            body_text: m.bodyText,
            ...(m.sendAfter && { send_after: m.sendAfter }),
            ...(m.bodyHtml !== undefined && { body_html: m.bodyHtml }),
            ...(m.headers && { headers: JSON.stringify(m.headers) }),
            ...(m.isAtMostOnce && { is_at_most_once: true }),
          })),
        )
        .execute();
    },

    /**
     * Claims due mail across all websites for one sender: rows not sent, due, and not
     * leased by another sender. The lease lets the send happen outside any transaction.
     * An at-most-once row whose last attempt started and never ended (its sender died
     * while the mail server had it) is failed here rather than claimed again.
     */
    async claimDue(options: { limit: number; leaseMs: number }): Promise<MailOutboxRow[]> {
      const leaseUntil = new Date(Date.now() + options.leaseMs);
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('mail_outbox')
          .select(['website_id', 'message_id', 'is_at_most_once', 'attempt_started_at'])
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          // The database's clock, as `send_after` defaults to it: the process's Date has
          // only milliseconds, so mail enqueued in the same millisecond as the claim (its
          // microseconds later) would not yet count as due.
          .where('send_after', '<=', sql<Date>`now()`)
          .where((eb) =>
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]),
          )
          // Receipts and other transactional mail first: a campaign's thousands queued
          // ahead must not hold up an order confirmation.
          .orderBy('is_at_most_once')
          .orderBy('send_after')
          .limit(options.limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        const claimed: MailOutboxRow[] = [];
        for (const row of due) {
          if (row.is_at_most_once && row.attempt_started_at !== null) {
            await trx
              .updateTable('mail_outbox')
              .set({
                failed_at: sql<Date>`now()`,
                lease_until: null,
                last_error: INTERRUPTED_ERROR,
              })
              .where('website_id', '=', row.website_id)
              .where('message_id', '=', row.message_id)
              .execute();
            continue;
          }
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

    /**
     * Records, before an at-most-once message goes to the mail server, that an attempt
     * started; false when this sender's lease was lost (another sender claimed the row),
     * and then it must not send. Committed on its own, before the send.
     */
    async startAttempt(mail: Pick<MailOutboxRow, 'website_id' | 'message_id' | 'lease_until'>) {
      if (!mail.lease_until) return false;
      const started = await db
        .updateTable('mail_outbox')
        .set({ attempt_started_at: sql<Date>`now()` })
        .where('website_id', '=', mail.website_id)
        .where('message_id', '=', mail.message_id)
        .where('lease_until', '=', mail.lease_until)
        .where('attempt_started_at', 'is', null)
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirst();
      return Number(started.numUpdatedRows) === 1;
    },

    async markSent(websiteId: string, messageId: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date(), lease_until: null, last_error: null })
        .where('website_id', '=', websiteId)
        .where('message_id', '=', messageId)
        .execute();
    },

    /**
     * A failed send waits longer each time: the lease doubles as the retry time. Without
     * `retryAt` the failure is final (an at-most-once message that may have gone out, or
     * one that failed too often).
     */
    async markFailed(input: {
      websiteId: string;
      messageId: string;
      error: string;
      retryAt: Date | null;
    }): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: input.error.slice(0, 1000),
          lease_until: input.retryAt,
          // The attempt ended with an answer: a retry may start another.
          attempt_started_at: null,
          ...(input.retryAt === null && { failed_at: sql<Date>`now()` }),
        }))
        .where('website_id', '=', input.websiteId)
        .where('message_id', '=', input.messageId)
        .execute();
    },

    /**
     * A list email's address was refused for good (a hard bounce): it is marked bounced on
     * every list of the website it was still on, so no later campaign is sent to it.
     */
    async markBounced(websiteId: string, email: string): Promise<void> {
      await db
        .updateTable('mailing_list_subscribers')
        .set({ status: 'bounced', updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('email_key', '=', email.toLowerCase())
        .where('status', 'in', ['pending', 'subscribed'])
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
