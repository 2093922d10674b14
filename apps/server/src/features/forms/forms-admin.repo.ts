import type { FormFieldDefinitionDto } from '@atelier/contract';
import { type Kysely, sql } from 'kysely';
import type { DB, FormRow } from '../../db/db-types.ts';

// The form builder's reads and writes (issue 20). Submission counts come from
// form_submissions; the visitor flow and the inbox write there, never this file.

export type FormAdminRow = FormRow & { submission_count: number; unread_count: number };

/** What the builder stores for a form: every column the owner edits. */
export type FormColumns = {
  name: string;
  fields: FormFieldDefinitionDto[];
  submit_label: string;
  submission_message: string;
  post_submit_html: string | null;
  success_redirect: string | null;
  disclaimer: string | null;
  notification_email: string | null;
  is_storage_only: boolean;
  is_captcha_enabled: boolean;
};

export type FormsAdminRepo = ReturnType<typeof createFormsAdminRepo>;

export function createFormsAdminRepo(db: Kysely<DB>) {
  const withCounts = (websiteId: string) =>
    db
      .selectFrom('forms as f')
      .selectAll('f')
      .select((eb) => [
        eb
          .selectFrom('form_submissions as s')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.website_id', '=', 'f.website_id')
          .whereRef('s.form_id', '=', 'f.form_id')
          .as('submission_count'),
        eb
          .selectFrom('form_submissions as s')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.website_id', '=', 'f.website_id')
          .whereRef('s.form_id', '=', 'f.form_id')
          .where('s.is_read', '=', false)
          .as('unread_count'),
      ])
      .where('f.website_id', '=', websiteId);

  const counted = (
    row: FormRow & { submission_count: number | null; unread_count: number | null },
  ) =>
    ({
      ...row,
      submission_count: row.submission_count ?? 0,
      unread_count: row.unread_count ?? 0,
    }) satisfies FormAdminRow;

  return {
    async list(websiteId: string): Promise<FormAdminRow[]> {
      const rows = await withCounts(websiteId).orderBy('f.name').orderBy('f.created_at').execute();
      return rows.map(counted);
    },

    async find(websiteId: string, formId: string): Promise<FormAdminRow | undefined> {
      const row = await withCounts(websiteId).where('f.form_id', '=', formId).executeTakeFirst();
      return row && counted(row);
    },

    async insert(websiteId: string, form: FormColumns): Promise<string> {
      const row = await db
        .insertInto('forms')
        .values({ website_id: websiteId, ...form, fields: JSON.stringify(form.fields) })
        .returning('form_id')
        .executeTakeFirstOrThrow();
      return row.form_id;
    },

    async update(websiteId: string, formId: string, form: FormColumns): Promise<boolean> {
      const result = await db
        .updateTable('forms')
        .set({ ...form, fields: JSON.stringify(form.fields), updated_at: new Date() })
        .where('website_id', '=', websiteId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Products that asked for this form lose the reference (the foreign key sets null). */
    async remove(websiteId: string, formId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('forms')
        .where('website_id', '=', websiteId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
