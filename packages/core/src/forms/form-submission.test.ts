import { describe, expect, it } from 'vitest';
import {
  canSubmissionTransition,
  type FormSubmissionState,
  formProblemNotices,
  formSubmissionReducer,
  formWidgetButtonText,
  formWidgetReducer,
  initialFormSubmissionState,
  submissionErrorMessage,
  submissionStepFailureMessage,
  submissionSuccessPlan,
} from './form-submission';

const start = (hasCaptcha = false) => initialFormSubmissionState({ label: 'Send', hasCaptcha });

describe('form submission', () => {
  it("locks the button reading 'Submitting…'", () => {
    expect(formSubmissionReducer(start(), { type: 'submit' })).toMatchObject({
      status: 'submitting',
      isButtonDisabled: true,
      buttonText: 'Submitting…',
    });
  });

  it('ends in success', () => {
    const submitting = formSubmissionReducer(start(), { type: 'submit' });
    const done = formSubmissionReducer(submitting, { type: 'succeeded' });
    expect(done.status).toBe('succeeded');
    expect(formSubmissionReducer(done, { type: 'submit' })).toBe(done);
  });

  it('unlocks the button and shows errors on failure', () => {
    const submitting = formSubmissionReducer(start(), { type: 'submit' });
    const failed = formSubmissionReducer(submitting, {
      type: 'failed',
      message: 'Unknown error, please try again later.',
      fieldErrors: { email: 'Required' },
    });
    expect(failed).toMatchObject({
      status: 'failed',
      isButtonDisabled: false,
      buttonText: 'Send',
      message: 'Unknown error, please try again later.',
      fieldErrors: { email: 'Required' },
    });
    const again = formSubmissionReducer(failed, { type: 'submit' });
    expect(again).toMatchObject({ status: 'submitting', message: null, fieldErrors: {} });
  });

  it('keeps the button disabled under a captcha until it is solved again', () => {
    let state: FormSubmissionState = formSubmissionReducer(start(true), { type: 'submit' });
    state = formSubmissionReducer(state, { type: 'failed', message: 'x' });
    expect(state.isButtonDisabled).toBe(true);
    expect(state.fieldErrors).toEqual({});
    state = formSubmissionReducer(state, { type: 'captcha-solved' });
    expect(state.isButtonDisabled).toBe(false);
    expect(canSubmissionTransition('idle', 'succeeded')).toBe(false);
  });

  it('words each failure status exactly', () => {
    expect(submissionErrorMessage(401)).toBe('Unable to submit form. Please try again later.');
    expect(submissionErrorMessage(404)).toBe('This form has not been configured yet.');
    expect(submissionErrorMessage(429)).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect(submissionErrorMessage(500)).toBe('Unable to send form. Please try again later.');
    expect(submissionErrorMessage(418)).toBe('Unknown error, please try again later.');
  });

  it('words each failed step exactly', () => {
    expect(submissionStepFailureMessage('key')).toBe(
      'Could not get a form submission key, please try again later.',
    );
    expect(submissionStepFailureMessage('parse')).toBe(
      'Could not parse the form fields, please check your entries.',
    );
    expect(submissionStepFailureMessage('submit')).toBe(
      'Error processing form submission. Please reload and try again.',
    );
  });

  it('redirects to the success URL if set, else shows the message in view', () => {
    expect(submissionSuccessPlan(' /thanks ')).toEqual({ kind: 'redirect', url: '/thanks' });
    expect(submissionSuccessPlan('')).toEqual({ kind: 'show-message', scrollIntoView: true });
    expect(submissionSuccessPlan(null)).toEqual({ kind: 'show-message', scrollIntoView: true });
  });

  it('adds the problem notices above and below non-newsletter forms', () => {
    expect(formProblemNotices(false)).toEqual({
      above: 'Your form has encountered a problem. Please scroll down to review.',
      below: 'Your form has encountered a problem. Please scroll up to review.',
    });
    expect(formProblemNotices(true)).toBeNull();
  });
});

describe('form widget', () => {
  it("goes editing → saving ('Saving…') → editing", () => {
    const saving = formWidgetReducer('editing', { type: 'save' });
    expect(saving).toBe('saving');
    expect(formWidgetButtonText(saving, 'Save')).toBe('Saving…');
    expect(formWidgetReducer(saving, { type: 'saved' })).toBe('editing');
    expect(formWidgetReducer(saving, { type: 'save-failed' })).toBe('editing');
    expect(formWidgetReducer(saving, { type: 'save' })).toBe('saving');
    expect(formWidgetReducer('editing', { type: 'saved' })).toBe('editing');
    expect(formWidgetButtonText('editing', 'Save')).toBe('Save');
  });
});
