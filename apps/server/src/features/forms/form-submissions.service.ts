import { createHash, randomBytes } from 'node:crypto';
import type { CaptchaScope, FormDefinition, SaveFormSubmissionBody } from '@atelier/contract';
import { answerShapeErrors, formMessages } from '@atelier/core';
import { AppError, fail } from '../../http/errors.ts';
import type { CaptchaSpend } from '../captcha/captcha.service.ts';
import { sanitizeRichText } from '../editor/rich-text-sanitize.ts';
import type { OutgoingMail } from '../mail/mail.repo.ts';
import { type NewsletterService, signUpOf } from '../newsletter/newsletter.service.ts';
import type { FormSubmissionsRepo } from './form-submissions.repo.ts';
import type { FormsRepo } from './forms.repo.ts';
import { type FormsService, toDefinition } from './forms.service.ts';

// A visitor's submission of a site form (SPEC §4, §7): a single-use key first, then the
// answers, checked with core's rules (the browser ran the same ones), the captcha when the
// form has one, and the submission stored with its notification email.

/**
 * Checks a captcha solution without spending it; the captcha feature provides it (app.ts
 * wires in `captcha.check`). The submission's statement spends it (the repo).
 */
export type VerifyCaptcha = (input: {
  websiteId: string;
  scope: CaptchaScope;
  payload: string;
}) => Promise<{ ok: true; spend: CaptchaSpend } | { ok: false; reason: string }>;

/** How long a key may wait between fetching and submitting: a long form takes a while. */
export const SUBMISSION_KEY_TTL_MS = 60 * 60 * 1000;

export type FormSubmissionsService = ReturnType<typeof createFormSubmissionsService>;

/**
 * Keys are bound to a hash of the visitor's address with the website, never the address
 * itself: a stored key says nothing about who fetched it.
 */
export const visitorHashOf = (websiteId: string, address: string): string =>
  createHash('sha256').update(`${websiteId}|${address}`).digest('base64url');

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Visitor text in an email is escaped: a mail client or viewer that renders it as HTML shows it inert. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

/** The owner's notification: every answered field by its label, values escaped. */
export function formSubmissionMail(input: {
  to: string;
  form: FormDefinition;
  values: SaveFormSubmissionBody['form'];
  pagePath: string | null;
}): OutgoingMail {
  const lines = input.form.fields
    .filter((field) => field.kind !== 'section' && field.id in input.values)
    .map((field) => {
      const value = input.values[field.id];
      const text =
        typeof value === 'string'
          ? value
          : Array.isArray(value)
            ? value.filter((part) => part !== '').join(', ')
            : Object.entries(value ?? {})
                .map(([question, answer]) => `${question}: ${answer}`)
                .join('; ');
      return `${escapeHtml(field.label)}: ${escapeHtml(text)}`;
    });
  return {
    kind: 'form-submission',
    to: input.to,
    subject: oneLine(`New submission: ${input.form.name}`).slice(0, 250),
    bodyText: [
      `A visitor sent the form "${escapeHtml(input.form.name)}".`,
      '',
      ...lines,
      ...(input.pagePath ? ['', `Sent from the page ${escapeHtml(input.pagePath)}`] : []),
    ].join('\n'),
  };
}

export function createFormSubmissionsService(deps: {
  repo: FormSubmissionsRepo;
  formsRepo: FormsRepo;
  forms: FormsService;
  verifyCaptcha: VerifyCaptcha;
  /** The newsletter's pending sign-up for a newsletter block's list (issue 21). */
  pendingSignUp?: NewsletterService['pendingSignUp'];
}) {
  const { repo, formsRepo, forms, verifyCaptcha } = deps;

  return {
    /** POST /api/form/FormSubmissionKey: a fresh single-use key for this visitor. */
    async issueKey(websiteId: string, visitorAddress: string): Promise<string> {
      const key = randomBytes(24).toString('base64url');
      await repo.insertKey({
        websiteId,
        key,
        visitorHash: visitorHashOf(websiteId, visitorAddress),
        expiresAt: new Date(Date.now() + SUBMISSION_KEY_TTL_MS),
      });
      return key;
    },

    /**
     * POST /api/form/SaveFormSubmission. The form and the answers are checked before the
     * key is spent, so a visitor who fixes a field can send again; the captcha after the
     * fields, as the browser does (core's validateForm).
     */
    async save(input: {
      websiteId: string;
      visitorAddress: string;
      body: SaveFormSubmissionBody;
      scope: CaptchaScope;
    }): Promise<void> {
      const { websiteId, body } = input;
      const row = await formsRepo.findForm(websiteId, body.formId);
      if (!row) throw fail('FORM_NOT_FOUND', formMessages.notConfigured);
      const form = toDefinition(row);
      const shapeErrors = answerShapeErrors({ definitions: form.fields, values: body.form });
      if (Object.keys(shapeErrors).length > 0) {
        throw fail('FORM_INVALID', formMessages.someFieldsInvalid, shapeErrors);
      }
      forms.checkAnswers(form, body.form);
      let captcha: CaptchaSpend | null = null;
      if (form.captchaSettings.isEnabled) {
        if (!body.captchaKey) throw fail('FORM_CAPTCHA_REQUIRED', formMessages.completeCaptcha);
        const verdict = await verifyCaptcha({
          websiteId,
          scope: input.scope,
          payload: body.captchaKey,
        });
        if (!verdict.ok) throw fail('FORM_CAPTCHA_FAILED', formMessages.completeCaptcha);
        captcha = verdict.spend;
      }
      const to = row.is_storage_only
        ? undefined
        : (row.notification_email ?? (await repo.storeNotificationEmail(websiteId)));
      const pagePath = body.pagePath ?? null;
      const person = body.mailingListId ? signUpOf(form, body.form) : null;
      const signUp =
        person && body.mailingListId && deps.pendingSignUp
          ? await deps.pendingSignUp({
              websiteId,
              listId: body.mailingListId,
              ...person,
              source: 'newsletter',
            })
          : null;
      const saved = await repo.saveWithKey(
        {
          websiteId,
          formId: form.id,
          key: body.key,
          visitorHash: visitorHashOf(websiteId, input.visitorAddress),
          values: body.form,
          pageTitle: body.pageTitle ?? null,
          pageId: body.pageId ?? null,
          pagePath,
          contentSource: body.contentSource ?? null,
        },
        to ? formSubmissionMail({ to, form, values: body.form, pagePath }) : null,
        captcha,
        signUp,
      );
      if (saved === 'captcha-replayed') {
        throw fail('FORM_CAPTCHA_FAILED', formMessages.completeCaptcha);
      }
      if (saved === 'key-refused') {
        throw fail('FORM_KEY_REFUSED', formMessages.submissionKeyFailed);
      }
    },

    /** The forms a page's blocks show, by id; a deleted form is simply absent. */
    async definitionsOf(
      websiteId: string,
      formIds: readonly string[],
    ): Promise<Record<string, FormDefinition>> {
      const found = await Promise.all(
        [...new Set(formIds)].map(async (id) => {
          try {
            const form = await forms.getForm(websiteId, id);
            // Sanitized when saved; again here, as it goes into every visitor's page.
            return form.postSubmitHtml
              ? { ...form, postSubmitHtml: sanitizeRichText(form.postSubmitHtml) }
              : form;
          } catch (error) {
            if (error instanceof AppError && error.code === 'FORM_NOT_FOUND') return null;
            throw error;
          }
        }),
      );
      return Object.fromEntries(found.flatMap((form) => (form ? [[form.id, form] as const] : [])));
    },
  };
}
