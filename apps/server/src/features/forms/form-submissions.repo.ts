import type { FormAnswers, WebhookEventData } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { mailQueries, type OutgoingMail } from '../mail/mail.repo.ts';
import { webhookQueries } from '../webhooks/webhooks.repo.ts';

// The visitor's side of site forms: single-use submission keys, and the submission with
// its notification email and form.submitted webhook event, written in one transaction
// with the key's use.

export type FormSubmissionsRepo = ReturnType<typeof createFormSubmissionsRepo>;

export type NewSubmission = {
  websiteId: string;
  formId: string;
  key: string;
  visitorHash: string;
  values: FormAnswers;
  pageTitle: string | null;
  pageId: string | null;
  pagePath: string | null;
  contentSource: string | null;
};

export function createFormSubmissionsRepo(db: Kysely<DB>) {
  return {
    /** Stores a new key, and clears this website's keys that expired a while ago. */
    async insertKey(input: {
      websiteId: string;
      key: string;
      visitorHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .deleteFrom('form_submission_keys')
        .where('website_id', '=', input.websiteId)
        .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
      await db
        .insertInto('form_submission_keys')
        .values({
          website_id: input.websiteId,
          submission_key: input.key,
          visitor_hash: input.visitorHash,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /**
     * Spends the key and stores the submission and its mail, all or nothing. False (and
     * nothing written) when the key is unknown, another visitor's, expired or used: the
     * conditional update takes the key's row lock, so of two submissions racing with one
     * key exactly one claims it; the unique (website_id, submission_key) backs that up.
     */
    async saveWithKey(submission: NewSubmission, mail: OutgoingMail | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('form_submission_keys')
          .set({ used_at: sql<Date>`now()` })
          .where('website_id', '=', submission.websiteId)
          .where('submission_key', '=', submission.key)
          .where('visitor_hash', '=', submission.visitorHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .returning('submission_key')
          .executeTakeFirst();
        if (!claimed) return false;
        const inserted = await trx
          .insertInto('form_submissions')
          .values({
            website_id: submission.websiteId,
            form_id: submission.formId,
            field_values: JSON.stringify(submission.values),
            page_title: submission.pageTitle,
            page_id: submission.pageId,
            page_path: submission.pagePath,
            content_source: submission.contentSource,
            submission_key: submission.key,
          })
          .onConflict((oc) => oc.columns(['website_id', 'submission_key']).doNothing())
          .returning(['submission_id', 'created_at'])
          .executeTakeFirst();
        if (!inserted) return false;
        if (mail) await mailQueries(trx).enqueue(submission.websiteId, [mail]);
        await webhookQueries(trx).emit(submission.websiteId, {
          type: 'form.submitted',
          orderingKey: null,
          data: {
            formId: submission.formId,
            submissionId: inserted.submission_id,
            submittedAt: new Date(inserted.created_at).toISOString(),
            pagePath: submission.pagePath,
            pageTitle: submission.pageTitle,
            values: submission.values,
          } satisfies WebhookEventData<'form.submitted'>,
        });
        return true;
      });
    },

    /** Where a form's notification goes when it names no address: the store's, else the owner's. */
    async storeNotificationEmail(websiteId: string): Promise<string | undefined> {
      const store = await db
        .selectFrom('websites')
        .select(['notification_email'])
        .where('website_id', '=', websiteId)
        .executeTakeFirst();
      if (store?.notification_email) return store.notification_email;
      const owner = await db
        .selectFrom('website_members')
        .select('email')
        .where('website_id', '=', websiteId)
        .where('role', '=', 1)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      return owner?.email;
    },
  };
}
