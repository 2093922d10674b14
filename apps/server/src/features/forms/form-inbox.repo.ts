import type { FormAnswers, FormInboxStatus } from '@atelier/contract';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB, FormSubmissionRow } from '../../db/db-types.ts';
import { createFormsRepo } from './forms.repo.ts';

// The owner's inbox of a form (issue 20): its submissions, read newest first through the
// index form_submissions_by_form (migration 0024). Every query names the website and the
// form, so an id of another form or website is simply not found.

export type FormInboxRepo = ReturnType<typeof createFormInboxRepo>;

/** Characters LIKE treats as wildcards, escaped so a search means what was typed. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type SubmissionFilter = { q?: string | undefined; status: FormInboxStatus };

type SubmissionQuery = SelectQueryBuilder<DB, 'form_submissions', object>;

function filtered(query: SubmissionQuery, filter: SubmissionFilter): SubmissionQuery {
  let next = query;
  if (filter.status !== 'all') next = next.where('is_read', '=', filter.status === 'read');
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    // Every string in the answers, however deep (parts of an address, likert answers),
    // besides the page it was sent from.
    next = next.where(
      ({ or, eb }) =>
        or([
          eb('page_path', 'ilike', pattern),
          eb('page_title', 'ilike', pattern),
          sql<boolean>`exists (
            select 1 from jsonb_path_query(field_values, 'strict $.**') as v(item)
            where jsonb_typeof(v.item) = 'string' and (v.item #>> '{}') ilike ${pattern}
          )`,
        ]) as never,
    );
  }
  return next;
}

export function createFormInboxRepo(db: Kysely<DB>) {
  const ofForm = (websiteId: string, formId: string) =>
    db
      .selectFrom('form_submissions')
      .where('website_id', '=', websiteId)
      .where('form_id', '=', formId);

  return {
    findForm: createFormsRepo(db).findForm,

    async list(args: {
      websiteId: string;
      formId: string;
      filter: SubmissionFilter;
      limit: number;
      offset: number;
    }): Promise<{ rows: FormSubmissionRow[]; total: number; unread: number }> {
      const base = ofForm(args.websiteId, args.formId);
      const [rows, count, unread] = await Promise.all([
        filtered(base, args.filter)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('submission_id', 'desc')
          .limit(args.limit)
          .offset(args.offset)
          .execute(),
        filtered(base, args.filter)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirst(),
        base
          .where('is_read', '=', false)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0), unread: Number(unread?.n ?? 0) };
    },

    find(websiteId: string, formId: string, submissionId: string) {
      return ofForm(websiteId, formId)
        .where('submission_id', '=', submissionId)
        .selectAll()
        .executeTakeFirst();
    },

    /** Marks the named submissions of the form; returns how many there were. */
    async mark(websiteId: string, formId: string, ids: readonly string[], isRead: boolean) {
      const result = await db
        .updateTable('form_submissions')
        .set({ is_read: isRead })
        .where('website_id', '=', websiteId)
        .where('form_id', '=', formId)
        .where('submission_id', 'in', [...ids])
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async remove(websiteId: string, formId: string, ids: readonly string[]) {
      const result = await db
        .deleteFrom('form_submissions')
        .where('website_id', '=', websiteId)
        .where('form_id', '=', formId)
        .where('submission_id', 'in', [...ids])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Every field id any submission of the form answered, for the export's columns. */
    async answeredFieldIds(websiteId: string, formId: string): Promise<string[]> {
      const result = await sql<{ id: string }>`
        select distinct k.id from form_submissions s, jsonb_object_keys(s.field_values) as k(id)
        where s.website_id = ${websiteId} and s.form_id = ${formId}
        order by k.id`.execute(db);
      return result.rows.map((row) => row.id);
    },

    /**
     * Every submission of the form in pages of `size`, oldest first, for the CSV export: a
     * submission arriving meanwhile lands after the pages already read, never inside them.
     */
    async *listAll(websiteId: string, formId: string, size = 500) {
      for (let offset = 0; ; offset += size) {
        const rows = await ofForm(websiteId, formId)
          .selectAll()
          .orderBy('created_at', 'asc')
          .orderBy('submission_id', 'asc')
          .limit(size)
          .offset(offset)
          .execute();
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
      }
    },

    /** For tests and the visitor flow's fixtures: one stored submission. */
    insert(row: {
      websiteId: string;
      formId: string;
      values: FormAnswers;
      pageTitle?: string | null;
      pagePath?: string | null;
      submissionKey: string;
      createdAt?: Date;
      isRead?: boolean;
    }): Promise<FormSubmissionRow> {
      return db
        .insertInto('form_submissions')
        .values({
          website_id: row.websiteId,
          form_id: row.formId,
          field_values: JSON.stringify(row.values),
          page_title: row.pageTitle ?? null,
          page_path: row.pagePath ?? null,
          submission_key: row.submissionKey,
          ...(row.createdAt && { created_at: row.createdAt }),
          ...(row.isRead !== undefined && { is_read: row.isRead }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
