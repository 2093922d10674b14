/**
 * A site form's submission as data (SPEC §4, §8): idle → submitting ('Submitting…') →
 * succeeded or failed. A failure unlocks the button, except under a captcha, where the
 * button stays disabled until the reset captcha is solved again.
 */
import { buttonLabels, formMessages } from '../messages';

export type FormSubmissionStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';

export type FormSubmissionEvent =
  | { type: 'submit' }
  | { type: 'succeeded' }
  | { type: 'failed'; message: string; fieldErrors?: Record<string, string> }
  | { type: 'captcha-solved' };

export interface FormSubmissionState {
  status: FormSubmissionStatus;
  hasCaptcha: boolean;
  isButtonDisabled: boolean;
  buttonText: string;
  /** The button's resting label. */
  label: string;
  message: string | null;
  fieldErrors: Record<string, string>;
}

export const FORM_SUBMISSION_TRANSITIONS: Readonly<
  Record<FormSubmissionStatus, Partial<Record<FormSubmissionEvent['type'], FormSubmissionStatus>>>
> = {
  idle: { submit: 'submitting' },
  submitting: { succeeded: 'succeeded', failed: 'failed' },
  succeeded: {},
  failed: { submit: 'submitting', 'captcha-solved': 'failed' },
};

export const canSubmissionTransition = (
  status: FormSubmissionStatus,
  event: FormSubmissionEvent['type'],
): boolean => FORM_SUBMISSION_TRANSITIONS[status][event] !== undefined;

export const initialFormSubmissionState = ({
  label,
  hasCaptcha = false,
}: {
  label: string;
  hasCaptcha?: boolean;
}): FormSubmissionState => ({
  status: 'idle',
  hasCaptcha,
  isButtonDisabled: false,
  buttonText: label,
  label,
  message: null,
  fieldErrors: {},
});

export const formSubmissionReducer = (
  state: FormSubmissionState,
  event: FormSubmissionEvent,
): FormSubmissionState => {
  const next = FORM_SUBMISSION_TRANSITIONS[state.status][event.type];
  if (!next) return state;
  switch (event.type) {
    case 'submit':
      return {
        ...state,
        status: next,
        isButtonDisabled: true,
        buttonText: buttonLabels.submitting,
        message: null,
        fieldErrors: {},
      };
    case 'succeeded':
      return { ...state, status: next, buttonText: state.label };
    case 'failed':
      return {
        ...state,
        status: next,
        isButtonDisabled: state.hasCaptcha,
        buttonText: state.label,
        message: event.message,
        fieldErrors: event.fieldErrors ?? {},
      };
    case 'captcha-solved':
      return { ...state, isButtonDisabled: false };
  }
};

/** The message for a failed submission by HTTP status. */
export const submissionErrorMessage = (status: number): string => {
  switch (status) {
    case 401:
      return formMessages.unauthorized;
    case 404:
      return formMessages.notConfigured;
    case 429:
      return formMessages.rateLimited;
    case 500:
      return formMessages.serverError;
    default:
      return formMessages.unknownError;
  }
};

export type SubmissionSuccessPlan =
  | { kind: 'redirect'; url: string }
  | { kind: 'show-message'; scrollIntoView: true };

export const submissionSuccessPlan = (successRedirect?: string | null): SubmissionSuccessPlan =>
  successRedirect?.trim()
    ? { kind: 'redirect', url: successRedirect.trim() }
    : { kind: 'show-message', scrollIntoView: true };

/** Long forms repeat the notice at both ends; newsletter blocks are short enough without. */
export const formProblemNotices = (
  isNewsletter: boolean,
): { above: string; below: string } | null =>
  isNewsletter ? null : { above: formMessages.problemAbove, below: formMessages.problemBelow };

/** The inline form widget: editing → saving ('Saving…') → editing. */
export type FormWidgetStatus = 'editing' | 'saving';

export const formWidgetReducer = (
  status: FormWidgetStatus,
  event: { type: 'save' } | { type: 'saved' } | { type: 'save-failed' },
): FormWidgetStatus => {
  if (status === 'editing' && event.type === 'save') return 'saving';
  if (status === 'saving' && event.type !== 'save') return 'editing';
  return status;
};

export const formWidgetButtonText = (status: FormWidgetStatus, label: string): string =>
  status === 'saving' ? buttonLabels.saving : label;

/** Failures before the server answers: getting a key, reading the fields, or sending. */
export const submissionStepFailureMessage = (step: 'key' | 'parse' | 'submit'): string =>
  step === 'key'
    ? formMessages.submissionKeyFailed
    : step === 'parse'
      ? formMessages.parseFailed
      : formMessages.submitFailed;
