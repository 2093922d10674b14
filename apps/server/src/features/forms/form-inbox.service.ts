import type {
  FormInboxForm,
  FormSubmission,
  FormSubmissionList,
  FormSubmissionListQuery,
} from '@atelier/contract';
import { submissionValueText, toCsvLine } from '@atelier/core';
import type { FormRow, FormSubmissionRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { FormInboxRepo } from './form-inbox.repo.ts';

// The owner's inbox of a form (issue 20). Answers were sanitized when they were stored;
// here they are only ever returned as JSON text or CSV cells, never as markup, so a
// `<script>` a visitor typed stays the characters they typed (the screen renders text).

export type FormInboxService = ReturnType<typeof createFormInboxService>;

export const FORM_NOT_FOUND_MESSAGE = 'This form has not been configured yet.';
export const SUBMISSION_NOT_FOUND_MESSAGE = 'This submission was deleted or never existed.';

/** The fields that carry answers, in the form's order: sections are headings only. */
function inboxForm(row: FormRow): FormInboxForm {
  return {
    id: row.form_id,
    name: row.name,
    fields: row.fields
      .filter((field) => field.kind !== 'section')
      .map((field) => ({ id: field.id, label: field.label, kind: field.kind })),
  };
}

const toSubmission = (row: FormSubmissionRow): FormSubmission => ({
  id: row.submission_id,
  formId: row.form_id,
  values: row.field_values,
  pageTitle: row.page_title,
  pagePath: row.page_path,
  isRead: row.is_read,
  createdAt: new Date(row.created_at).toISOString(),
});

export function createFormInboxService({ formInboxRepo }: { formInboxRepo: FormInboxRepo }) {
  async function formOf(websiteId: string, formId: string): Promise<FormRow> {
    const form = await formInboxRepo.findForm(websiteId, formId);
    if (!form) throw fail('FORM_NOT_FOUND', FORM_NOT_FOUND_MESSAGE);
    return form;
  }

  return {
    async list(
      websiteId: string,
      formId: string,
      query: FormSubmissionListQuery,
    ): Promise<FormSubmissionList> {
      const form = await formOf(websiteId, formId);
      const { rows, total, unread } = await formInboxRepo.list({
        websiteId,
        formId,
        filter: { q: query.q, status: query.status },
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        form: inboxForm(form),
        submissions: rows.map(toSubmission),
        total,
        unreadCount: unread,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(websiteId: string, formId: string, submissionId: string) {
      const form = await formOf(websiteId, formId);
      const row = await formInboxRepo.find(websiteId, formId, submissionId);
      if (!row) throw fail('FORM_SUBMISSION_NOT_FOUND', SUBMISSION_NOT_FOUND_MESSAGE);
      return { form: inboxForm(form), submission: toSubmission(row) };
    },

    async mark(websiteId: string, formId: string, ids: readonly string[], isRead: boolean) {
      await formOf(websiteId, formId);
      return { count: await formInboxRepo.mark(websiteId, formId, ids, isRead) };
    },

    async remove(websiteId: string, formId: string, ids: readonly string[]) {
      await formOf(websiteId, formId);
      return { count: await formInboxRepo.remove(websiteId, formId, ids) };
    },

    async removeOne(websiteId: string, formId: string, submissionId: string) {
      await formOf(websiteId, formId);
      const count = await formInboxRepo.remove(websiteId, formId, [submissionId]);
      if (count === 0) throw fail('FORM_SUBMISSION_NOT_FOUND', SUBMISSION_NOT_FOUND_MESSAGE);
    },

    /** Checked before the export streams, so an unknown form is a 404, not a broken file. */
    async exportCsv(websiteId: string, formId: string) {
      const form = await formOf(websiteId, formId);
      const fields = inboxForm(form).fields;
      const known = new Set(fields.map((field) => field.id));
      // Answers to fields since removed keep a column, after the form's own, by id.
      const removed = (await formInboxRepo.answeredFieldIds(websiteId, formId)).filter(
        (id) => !known.has(id),
      );
      const header = [
        'Submitted at',
        'Page',
        ...fields.map((field) => field.label),
        ...removed.map((id) => `${id} (removed field)`),
      ];
      return {
        name: form.name,
        /** BOM first (spreadsheets then read UTF-8); every cell guarded by core's toCsvLine. */
        async *lines(): AsyncGenerator<string> {
          yield `\uFEFF${toCsvLine(header)}`;
          for await (const rows of formInboxRepo.listAll(websiteId, formId)) {
            let text = '';
            for (const row of rows) {
              const values = row.field_values;
              text += toCsvLine([
                new Date(row.created_at).toISOString(),
                row.page_path ?? '',
                ...fields.map((field) => submissionValueText(field.kind, values[field.id])),
                ...removed.map((id) => submissionValueText(undefined, values[id])),
              ]);
            }
            if (text) yield text;
          }
        },
      };
    },
  };
}
