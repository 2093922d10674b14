import type { Kysely } from 'kysely';
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
