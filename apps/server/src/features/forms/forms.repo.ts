import type { FormFieldDefinitionDto } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { DB, FormRow } from '../../db/db-types.ts';

export type FormsRepo = ReturnType<typeof createFormsRepo>;

export function createFormsRepo(db: Kysely<DB>) {
  return {
    findForm(websiteId: string, formId: string): Promise<FormRow | undefined> {
      return db
        .selectFrom('forms')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
    },

    insertForm(form: {
      website_id: string;
      name: string;
      fields: FormFieldDefinitionDto[];
      submission_message?: string;
      disclaimer?: string | null;
    }): Promise<FormRow> {
      return db
        .insertInto('forms')
        .values({ ...form, fields: JSON.stringify(form.fields) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
