import { type FormAnswers, type FormDefinition, formAnswersSchema } from '@atelier/contract';
import { formMessages, validateAnswers } from '@atelier/core';
import type { FormRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import type { FormsRepo } from './forms.repo.ts';

export type FormsService = ReturnType<typeof createFormsService>;

export function createFormsService({ formsRepo }: { formsRepo: FormsRepo }) {
  async function getForm(websiteId: string, formId: string): Promise<FormDefinition> {
    const row = await formsRepo.findForm(websiteId, formId);
    if (!row) throw fail('FORM_NOT_FOUND', formMessages.notConfigured);
    return toDefinition(row);
  }

  /** Throws 400 with field id → message when the answers do not satisfy the form. */
  function checkAnswers(form: FormDefinition, answers: FormAnswers): void {
    const result = validateAnswers({ definitions: form.fields, values: answers });
    if (!result.ok) throw fail('FORM_INVALID', result.error.message, result.error.fieldErrors);
  }

  return {
    getForm,
    checkAnswers,

    /**
     * The additional-fields answers a cart entry carries, as the JSON string the shopper's
     * browser sent. Parsed, validated against the product's form, and re-serialised so
     * only the form's own fields are stored.
     */
    async parseAdditionalFields(input: {
      websiteId: string;
      formId: string;
      json: string | null | undefined;
    }): Promise<string> {
      const form = await getForm(input.websiteId, input.formId);
      let raw: unknown;
      try {
        raw = JSON.parse(input.json ?? '{}');
      } catch {
        throw fail('FORM_INVALID', formMessages.parseFailed);
      }
      const parsed = formAnswersSchema.safeParse(raw);
      if (!parsed.success) throw fail('FORM_INVALID', formMessages.parseFailed);
      checkAnswers(form, parsed.data);
      const known = Object.fromEntries(
        form.fields.filter((f) => f.id in parsed.data).map((f) => [f.id, parsed.data[f.id]]),
      );
      return JSON.stringify(known);
    },
  };
}

export function toDefinition(row: FormRow): FormDefinition {
  return {
    id: row.form_id,
    name: row.name,
    fields: row.fields,
    submissionMessage: row.submission_message,
    successRedirect: row.success_redirect,
    disclaimer: row.disclaimer,
    captchaSettings: { isEnabled: row.is_captcha_enabled },
    submitLabel: row.submit_label,
    postSubmitHtml: row.post_submit_html,
  };
}
