import { randomUUID } from 'node:crypto';
import type { FormAnswers, WebhookEventData } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import type { CaptchaSpend } from '../captcha/captcha.service.ts';
import { merchantEmail, type OutgoingMail } from '../mail/mail.repo.ts';
import { type PendingSignUp, pendingSignUpSql } from '../newsletter/newsletter.repo.ts';
import { newEventId } from '../webhooks/webhooks.repo.ts';

// The visitor's side of site forms: single-use submission keys, and the submission with
// its notification email and form.submitted webhook event, written in one statement with
// the key's use.

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
    /**
     * Stores a new key, and clears this website's keys that expired a while ago, in one
     * statement that commits without waiting for the WAL flush (SET LOCAL
     * synchronous_commit = off), as a session start does. A key is recoverable state: a
     * crash can lose at most the last fraction of a second of keys, whose visitors get the
     * key-failure message and fetch another; it grants nothing on its own.
     */
    async insertKey(input: {
      websiteId: string;
      key: string;
      visitorHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await sql`
        with relaxed as (
          select set_config('synchronous_commit', 'off', true)
        ), expired as (
          delete from form_submission_keys
          where website_id = ${input.websiteId}::uuid and expires_at < now() - interval '1 day'
        )
        insert into form_submission_keys (website_id, submission_key, visitor_hash, expires_at)
        select ${input.websiteId}::uuid, ${input.key}::text, ${input.visitorHash}::text,
          ${input.expiresAt}::timestamptz
        from relaxed`.execute(db);
    },

    /**
     * Spends the captcha solution (when the form has one) and the key, and stores the
     * submission and its mail: one statement, so one round trip and one flushed commit,
     * each step reading the rows the one before it returned. A solution already in
     * `captcha_spent` is a replay: nothing is written and the key stays unspent, as when
     * the captcha feature's own `verify` refuses it. A key that is unknown, another
     * visitor's, expired or used writes nothing more (the solution stays spent, as before
     * a key was checked): the conditional update takes the key's row lock, so of two
     * submissions racing with one key exactly one claims it (the other re-reads `used_at`
     * after the first commits and matches nothing); the unique (website_id,
     * submission_key) backs that up. `captcha_spent` is the captcha feature's table; it is
     * written here only so that the spend shares the submission's statement.
     */
    async saveWithKey(
      submission: NewSubmission,
      mail: OutgoingMail | null,
      captcha: CaptchaSpend | null,
      signUp: PendingSignUp | null = null,
    ): Promise<'saved' | 'key-refused' | 'captcha-replayed'> {
      // Every part reads the key as it was when the statement began (`usable`): a used or
      // foreign key is refused as such and spends no captcha solution, and a solution is
      // spent only with a key that can take it.
      const usable = sql`usable as (
          select website_id, submission_key from form_submission_keys
          where website_id = ${submission.websiteId}::uuid
            and submission_key = ${submission.key}::text
            and visitor_hash = ${submission.visitorHash}::text
            and used_at is null
            and expires_at > now()
        )`;
      const spent = captcha
        ? sql`spent as (
            insert into captcha_spent (website_id, signature, expires_at)
            select website_id, ${captcha.signature}::text, ${captcha.expiresAt}::timestamptz
            from usable
            on conflict (website_id, signature) do nothing
            returning website_id
          )`
        : sql`spent as (select website_id from usable)`;
      const mailed = mail
        ? sql`, mailed as (
            insert into mail_outbox (website_id, kind, to_email, subject, body_text)
            select website_id, ${mail.kind}::text, ${mail.to}::text, ${mail.subject}::text,
              ${mail.bodyText}::text
            from saved
          )`
        : sql``;
      // The form.submitted event (issue 21) for every endpoint subscribed to it; its id and
      // time are made here so the body, the exact bytes signed and sent, is whole.
      const submissionId = randomUUID();
      const submittedAt = new Date();
      const body = JSON.stringify({
        type: 'form.submitted',
        timestamp: submittedAt.toISOString(),
        data: {
          formId: submission.formId,
          submissionId,
          submittedAt: submittedAt.toISOString(),
          pagePath: submission.pagePath,
          pageTitle: submission.pageTitle,
          values: submission.values,
        } satisfies WebhookEventData<'form.submitted'>,
      });
      const hooked = sql`, hooked as (
          insert into webhook_deliveries (website_id, endpoint_id, event_id, event_type, body)
          select e.website_id, e.endpoint_id, ${newEventId()}::text, 'form.submitted', ${body}::text
          from saved join webhook_endpoints e using (website_id)
          where e.disabled_at is null and 'form.submitted' = any(e.events)
        )`;
      // A newsletter block's sign-up (issue 21): the pending subscriber and its
      // confirmation email, only when the submission itself was saved.
      const joined = signUp ? sql`, ${pendingSignUpSql(signUp, 'saved')}` : sql``;
      const { rows } = await sql<{
        is_usable: boolean;
        is_spent: boolean;
        submission_id: string | null;
      }>`
        with ${usable}, ${spent}, claimed as (
          update form_submission_keys set used_at = now()
          where website_id = ${submission.websiteId}::uuid
            and submission_key = ${submission.key}::text
            and visitor_hash = ${submission.visitorHash}::text
            and used_at is null
            and expires_at > now()
            and exists (select 1 from spent)
          returning website_id, submission_key
        ), saved as (
          insert into form_submissions (website_id, submission_id, form_id, field_values,
            page_title, page_id, page_path, content_source, submission_key, created_at)
          select website_id, ${submissionId}::uuid, ${submission.formId}::uuid,
            ${JSON.stringify(submission.values)}::jsonb,
            ${submission.pageTitle}::text, ${submission.pageId}::text, ${submission.pagePath}::text,
            ${submission.contentSource}::text, submission_key, ${submittedAt}::timestamptz
          from claimed
          on conflict (website_id, submission_key) do nothing
          returning website_id, submission_id
        )${mailed}${hooked}${joined}
        select exists (select 1 from usable) as is_usable,
          exists (select 1 from spent) as is_spent,
          (select submission_id from saved) as submission_id`.execute(db);
      const row = rows[0];
      if (!row?.is_usable) return 'key-refused';
      if (!row.is_spent) return 'captcha-replayed';
      return row.submission_id ? 'saved' : 'key-refused';
    },

    /** Where a form's notification goes when it names no address: the store's, else the owner's. */
    storeNotificationEmail: (websiteId: string) => merchantEmail(db, websiteId),
  };
}
