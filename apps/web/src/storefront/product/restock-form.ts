// Types only: zod stays out of the island.
import type { RestockSignUpBody } from '@atelier/contract';
import { restockFailureMessage, restockSuccessText, validateRestockEmail } from '@atelier/core';

// The restock form's states (SPEC §4, §8; issue 21) as a small reducer, and its one call.
// On submit the previous error clears; a blank or invalid email shows core's message; a
// valid one waits for the captcha's solution and is sent; success replaces the fields with
// the message (the call to action stays), failure shows the server's message or SPEC's
// fallback and lets the shopper try again.

export const RESTOCK_SIGN_UP_URL = '/api/site-users/account/notifications/restock';

export const restockFormTexts = {
  callToAction: 'Get an email when this is back in stock.',
  emailLabel: 'Email',
  joinMailingList: 'Sign up for news and updates',
  submit: 'Notify me',
  submitting: 'Signing up…',
} as const;

export type RestockFormState = {
  status: 'editing' | 'waiting-for-captcha' | 'submitting' | 'done';
  error: string | null;
  /** The email as checked on submit, sent once the captcha is solved. */
  email: string | null;
  message: string | null;
};

export type RestockFormAction =
  | { type: 'submit'; email: string; isCaptchaSolved: boolean }
  | { type: 'captcha-solved' }
  | { type: 'succeeded'; message: string }
  | { type: 'failed'; message: string };

export const initialRestockFormState: RestockFormState = {
  status: 'editing',
  error: null,
  email: null,
  message: null,
};

export function restockFormReducer(
  state: RestockFormState,
  action: RestockFormAction,
): RestockFormState {
  switch (action.type) {
    case 'submit': {
      if (state.status === 'submitting' || state.status === 'done') return state;
      const checked = validateRestockEmail(action.email);
      if (!checked.ok) return { ...state, status: 'editing', error: checked.error, email: null };
      return {
        ...state,
        status: action.isCaptchaSolved ? 'submitting' : 'waiting-for-captcha',
        error: null,
        email: checked.value,
      };
    }
    case 'captcha-solved':
      return state.status === 'waiting-for-captcha' ? { ...state, status: 'submitting' } : state;
    case 'succeeded':
      return { ...state, status: 'done', error: null, message: action.message };
    case 'failed':
      return { ...state, status: 'editing', error: action.message };
  }
}

export type RestockResult =
  | { ok: true; message: string }
  | { ok: false; message: string; code: string | null; field: string | null };

/** signUpForRestockNotification (SPEC §7): the server's message on error, else the fallback. */
export async function signUpForRestockNotification(
  body: RestockSignUpBody,
  options: { successText?: string | null; fetchImpl?: typeof fetch } = {},
): Promise<RestockResult> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(RESTOCK_SIGN_UP_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: restockFailureMessage(null), code: null, field: null };
  }
  const data = (await response.json().catch(() => null)) as {
    message?: unknown;
    error?: unknown;
    code?: unknown;
    errors?: unknown;
  } | null;
  if (response.ok) {
    const fromServer = typeof data?.message === 'string' ? data.message : null;
    return { ok: true, message: restockSuccessText(fromServer ?? options.successText) };
  }
  const serverMessage =
    typeof data?.message === 'string'
      ? data.message
      : typeof data?.error === 'string'
        ? data.error
        : null;
  const errors = data?.errors;
  const field =
    typeof errors === 'object' && errors !== null && 'siteVisitorEmail' in errors
      ? 'siteVisitorEmail'
      : null;
  return {
    ok: false,
    message: restockFailureMessage(serverMessage),
    code: typeof data?.code === 'string' ? data.code : null,
    field,
  };
}

/** A refusal that spent or doubted the captcha's solution: the widget solves a new one. */
export const needsNewCaptcha = (code: string | null): boolean =>
  code === 'RESTOCK_CAPTCHA_FAILED' || code === 'RESTOCK_CAPTCHA_REQUIRED';
