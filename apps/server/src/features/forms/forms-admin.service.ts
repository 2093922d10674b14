import type { FormAdmin, FormInput } from '@atelier/contract';
import { formMessages } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import type { FormAdminRow, FormColumns, FormsAdminRepo } from './forms-admin.repo.ts';
import { sanitizePostSubmitHtml } from './post-submit-html.ts';

// The owner's form builder (issue 20): list, read, create, change, duplicate, delete.
// The contract already checked the input (unique field ids, hidden ids, choices, the
// redirect address); here the post-submit HTML is cleaned before it is stored.
// Published pages draw forms (form and newsletter blocks, a product's additional fields),
// so a change or a delete tells the page cache (`onPublicChange`) once it is stored.

export type FormsAdminService = ReturnType<typeof createFormsAdminService>;

const NAME_MAX = 200;

export function createFormsAdminService({
  repo,
  onPublicChange = () => {},
}: {
  repo: FormsAdminRepo;
  onPublicChange?: (websiteId: string) => void;
}) {
  async function get(websiteId: string, formId: string): Promise<FormAdmin> {
    const row = await repo.find(websiteId, formId);
    if (!row) throw fail('FORM_NOT_FOUND', formMessages.notConfigured);
    return toAdmin(row);
  }

  return {
    get,

    async list(websiteId: string): Promise<FormAdmin[]> {
      return (await repo.list(websiteId)).map(toAdmin);
    },

    async create(websiteId: string, input: FormInput): Promise<FormAdmin> {
      const formId = await repo.insert(websiteId, columnsOf(input));
      return get(websiteId, formId);
    },

    async update(websiteId: string, formId: string, input: FormInput): Promise<FormAdmin> {
      const found = await repo.update(websiteId, formId, columnsOf(input));
      if (!found) throw fail('FORM_NOT_FOUND', formMessages.notConfigured);
      onPublicChange(websiteId);
      return get(websiteId, formId);
    },

    /** A copy with every setting and field; its submissions start empty. */
    async duplicate(websiteId: string, formId: string): Promise<FormAdmin> {
      const source = await repo.find(websiteId, formId);
      if (!source) throw fail('FORM_NOT_FOUND', formMessages.notConfigured);
      const suffix = ' (copy)';
      const copyId = await repo.insert(websiteId, {
        ...columnsOfRow(source),
        name: `${source.name.slice(0, NAME_MAX - suffix.length)}${suffix}`,
      });
      return get(websiteId, copyId);
    },

    async remove(websiteId: string, formId: string): Promise<void> {
      if (!(await repo.remove(websiteId, formId))) {
        throw fail('FORM_NOT_FOUND', formMessages.notConfigured);
      }
      onPublicChange(websiteId);
    },
  };
}

function columnsOf(input: FormInput): FormColumns {
  return {
    name: input.name,
    fields: input.fields,
    submit_label: input.submitLabel,
    submission_message: input.submissionMessage,
    post_submit_html: sanitizePostSubmitHtml(input.postSubmitHtml),
    success_redirect: input.successRedirect || null,
    disclaimer: input.disclaimer || null,
    notification_email: input.notificationEmail || null,
    is_storage_only: input.isStorageOnly,
    is_captcha_enabled: input.captchaSettings.isEnabled,
  };
}

function columnsOfRow(row: FormAdminRow): FormColumns {
  return {
    name: row.name,
    fields: row.fields,
    submit_label: row.submit_label,
    submission_message: row.submission_message,
    post_submit_html: row.post_submit_html,
    success_redirect: row.success_redirect,
    disclaimer: row.disclaimer,
    notification_email: row.notification_email,
    is_storage_only: row.is_storage_only,
    is_captcha_enabled: row.is_captcha_enabled,
  };
}

function toAdmin(row: FormAdminRow): FormAdmin {
  return {
    id: row.form_id,
    name: row.name,
    fields: row.fields,
    submitLabel: row.submit_label,
    submissionMessage: row.submission_message,
    postSubmitHtml: row.post_submit_html,
    successRedirect: row.success_redirect,
    disclaimer: row.disclaimer,
    captchaSettings: { isEnabled: row.is_captcha_enabled },
    notificationEmail: row.notification_email,
    isStorageOnly: row.is_storage_only,
    submissionCount: row.submission_count,
    unreadCount: row.unread_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
