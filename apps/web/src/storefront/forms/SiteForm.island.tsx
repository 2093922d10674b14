// Types only: zod stays out of the island (its answers are checked by hand below).
import type {
  FormDefinition,
  FormSubmissionKeyResponse,
  SaveFormSubmissionBody,
} from '@atelier/contract';
import {
  collectFieldValue,
  type FieldValue,
  type FormErrors,
  formMessages,
  formProblemNotices,
  formSubmissionReducer,
  initialFormSubmissionState,
  submissionErrorMessage,
  submissionStepFailureMessage,
  submissionSuccessPlan,
  toFormField,
  validateForm,
} from '@atelier/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useIslandId } from '../../islands/island-id.ts';
import { CaptchaWidget } from '../captcha/CaptchaWidget.tsx';
import { type Answers, FormFields } from './FormFields.tsx';

// A site form on a page (issue 20; SPEC §4, §7, §8): the form and newsletter blocks. The
// server renders it from the page's data, so it shows without JavaScript; hydrated, it
// checks the answers with core's rules, fetches a single-use key, sends the answers and
// walks core's submission states: 'Submitting…', then the submission message (or the
// success redirect), or the errors with the button unlocked.

export type SiteFormProps = {
  form: FormDefinition;
  variant: 'form' | 'newsletter';
  title?: string | undefined;
  description?: string | undefined;
  /** The newsletter block's own button label, over the form's. */
  buttonLabel?: string | undefined;
  /** The newsletter block's mailing list: the email answer joins it (double opt-in). */
  mailingListId?: string | undefined;
};

type ErrorBody = { error?: unknown; code?: unknown; errors?: unknown };

const isTextMap = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** A redirect the form may follow: a page of this site, or an http(s) address. */
const isSafeRedirect = (url: string): boolean =>
  url.startsWith('/') ? !url.startsWith('//') : /^https?:\/\//i.test(url);

/** What a refused submission tells the visitor, by status and error code (SPEC §8). */
export function failureOf(
  status: number,
  body: ErrorBody | null,
): { message: string; fieldErrors?: Record<string, string> } {
  const code = typeof body?.code === 'string' ? body.code : '';
  const errors = isTextMap(body?.errors) ? body.errors : undefined;
  if (status === 403 && code === 'FORM_KEY_REFUSED') {
    return { message: submissionStepFailureMessage('key') };
  }
  if (status === 400 && code === 'FORM_INVALID') {
    return {
      message: typeof body?.error === 'string' ? body.error : formMessages.someFieldsInvalid,
      ...(errors && { fieldErrors: errors }),
    };
  }
  if (status === 400 && (code === 'FORM_CAPTCHA_REQUIRED' || code === 'FORM_CAPTCHA_FAILED')) {
    return { message: formMessages.completeCaptcha };
  }
  // The server could not read the fields as sent: the body's shape, or its size.
  if (status === 400 || status === 413) {
    const fieldErrors = errors
      ? Object.fromEntries(
          Object.entries(errors).flatMap(([path, message]) =>
            path.startsWith('form.') ? [[path.slice('form.'.length), message]] : [],
          ),
        )
      : undefined;
    return {
      message: submissionStepFailureMessage('parse'),
      ...(fieldErrors && { fieldErrors }),
    };
  }
  return { message: submissionErrorMessage(status) };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export function SiteForm({
  form,
  variant,
  title,
  description,
  buttonLabel,
  mailingListId,
}: SiteFormProps) {
  const isNewsletter = variant === 'newsletter';
  const hasCaptcha = form.captchaSettings.isEnabled;
  const label = buttonLabel?.trim() || form.submitLabel;
  const [state, dispatch] = useReducer(
    formSubmissionReducer,
    initialFormSubmissionState({ label, hasCaptcha }),
  );
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries(
      form.fields.flatMap((field): [string, FieldValue][] =>
        field.defaultValue !== undefined && field.kind !== 'section'
          ? [[field.id, field.defaultValue]]
          : [],
      ),
    ),
  );
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [captchaResets, setCaptchaResets] = useState(0);
  // SPEC §4: the captcha badge shows while a field of the form has focus.
  const [hasFocusWithin, setHasFocusWithin] = useState(false);
  // Submitting needs the script: until it runs, the button stays disabled.
  const [isHydrated, setIsHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const idPrefix = useIslandId('form');
  const scope = isNewsletter
    ? ('NEWSLETTER_BLOCK_SUBMISSION' as const)
    : ('FORM_BLOCK_SUBMISSION' as const);

  useEffect(() => setIsHydrated(true), []);

  const errors: FormErrors | null =
    clientErrors ??
    (state.status === 'failed' && state.message
      ? { message: state.message, fieldErrors: state.fieldErrors }
      : null);

  // After a failure, the first field in error takes the focus (its message is above it).
  useEffect(() => {
    if (!errors || Object.keys(errors.fieldErrors).length === 0) return;
    const first = formRef.current?.querySelector('.form-field__error');
    const control = first
      ?.closest('.form-field')
      ?.querySelector<HTMLElement>('input, select, textarea');
    control?.focus();
  }, [errors]);

  useEffect(() => {
    if (state.status !== 'succeeded') return;
    doneRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    doneRef.current?.focus();
  }, [state.status]);

  /** Every field's value as sent: hidden ones from the query parameter of their name. */
  function collectAnswers(): SaveFormSubmissionBody['form'] {
    const values: SaveFormSubmissionBody['form'] = {};
    for (const field of form.fields) {
      if (field.kind === 'section') continue;
      values[field.id] =
        field.kind === 'hidden'
          ? collectFieldValue(toFormField(field, undefined), window.location.search)
          : (answers[field.id] ?? '');
    }
    return values;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (state.isButtonDisabled) return;
    const values = collectAnswers();
    const checked = validateForm({
      fields: form.fields.map((field) => toFormField(field, values[field.id])),
      isCaptchaRequired: hasCaptcha,
      isCaptchaSolved: captchaPayload !== null,
      isTextareaLimitEnforced: true,
    });
    if (!checked.ok) {
      setClientErrors(checked.error);
      return;
    }
    setClientErrors(null);
    dispatch({ type: 'submit' });
    const failed = (failure: { message: string; fieldErrors?: Record<string, string> }) => {
      dispatch({ type: 'failed', ...failure });
      if (hasCaptcha) {
        setCaptchaPayload(null);
        setCaptchaResets((count) => count + 1);
      }
    };

    let key: string;
    try {
      const response = await fetch('/api/form/FormSubmissionKey', {
        method: 'POST',
        credentials: 'same-origin',
      });
      const answer = (await readJson(response)) as Partial<FormSubmissionKeyResponse> | null;
      if (!response.ok || typeof answer?.key !== 'string' || answer.key === '') {
        failed({
          message:
            response.status === 429
              ? formMessages.rateLimited
              : submissionStepFailureMessage('key'),
        });
        return;
      }
      key = answer.key;
    } catch {
      failed({ message: submissionStepFailureMessage('key') });
      return;
    }

    const body: SaveFormSubmissionBody = {
      formId: form.id,
      form: values,
      key,
      ...(captchaPayload !== null && { captchaKey: captchaPayload }),
      pageTitle: document.title.slice(0, 500),
      pagePath: window.location.pathname.slice(0, 2048),
      captchaScope: scope,
      ...(isNewsletter && mailingListId && { mailingListId }),
    };
    let response: Response;
    try {
      response = await fetch('/api/form/SaveFormSubmission', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      failed({ message: submissionStepFailureMessage('submit') });
      return;
    }
    if (!response.ok) {
      failed(failureOf(response.status, (await readJson(response)) as ErrorBody | null));
      return;
    }
    const plan = submissionSuccessPlan(form.successRedirect);
    if (plan.kind === 'redirect' && isSafeRedirect(plan.url)) {
      window.location.assign(plan.url);
      return;
    }
    dispatch({ type: 'succeeded' });
  }

  const heading = title?.trim() ? <h2 className="site-form__title">{title}</h2> : null;
  const intro = description?.trim() ? (
    <p className="site-form__description">{description}</p>
  ) : null;

  if (state.status === 'succeeded') {
    return (
      <div className={`site-form site-form--${variant}`}>
        {heading}
        <div ref={doneRef} className="site-form__done" role="status" tabIndex={-1}>
          <p className="site-form__message">{form.submissionMessage || 'Thank you!'}</p>
          {form.postSubmitHtml ? (
            <div
              className="site-form__post-submit"
              // Sanitized when the owner saved the form, and again when the page was rendered.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side.
              dangerouslySetInnerHTML={{ __html: form.postSubmitHtml }}
            />
          ) : null}
        </div>
      </div>
    );
  }

  const notices = errors ? formProblemNotices(isNewsletter) : null;
  const isDisabled = !isHydrated || state.isButtonDisabled;
  return (
    <div className={`site-form site-form--${variant}`} data-form-id={form.id}>
      {heading}
      {intro}
      <form
        ref={formRef}
        className="site-form__form"
        noValidate
        onSubmit={submit}
        onFocus={() => setHasFocusWithin(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
            setHasFocusWithin(false);
          }
        }}
        aria-busy={state.status === 'submitting'}
        aria-label={title?.trim() || form.name}
      >
        {notices ? <p className="site-form__notice">{notices.above}</p> : null}
        <div className="site-form__fields">
          <FormFields
            idPrefix={idPrefix}
            fields={form.fields}
            answers={answers}
            errors={errors?.fieldErrors ?? {}}
            onChange={(fieldId, value) => {
              setAnswers((current) => ({ ...current, [fieldId]: value }));
            }}
          />
        </div>
        {form.disclaimer ? <p className="site-form__disclaimer">{form.disclaimer}</p> : null}
        {hasCaptcha ? (
          <CaptchaWidget
            scope={scope}
            resetKey={captchaResets}
            isBadgeVisible={hasFocusWithin}
            onSolved={(payload) => {
              setCaptchaPayload(payload);
              dispatch({ type: 'captcha-solved' });
            }}
            onReset={() => setCaptchaPayload(null)}
          />
        ) : null}
        <div className="site-form__actions">
          <button type="submit" className="button" disabled={isDisabled}>
            {state.buttonText}
          </button>
        </div>
        <div className="site-form__status" aria-live="polite">
          {errors ? <p className="site-form__error">{errors.message}</p> : null}
        </div>
        {notices ? <p className="site-form__notice">{notices.below}</p> : null}
      </form>
    </div>
  );
}

export default SiteForm;
