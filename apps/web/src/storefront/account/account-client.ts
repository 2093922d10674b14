import type {
  AccountAddressBody,
  accountAddressesSchema,
  accountNewsletterSchema,
  siteUserMessageSchema,
  siteUserSchema,
  siteUserSignedInSchema,
  siteUserSignInAnswerSchema,
  siteUserStateSchema,
} from '@atelier/contract';
// Subpath imports keep zod and unrelated rules out of the island.
import { CSRF_COOKIE, CSRF_FAILED_CODE, CSRF_HEADER } from '@atelier/contract/cart-http';
import { cartMessages } from '@atelier/core/messages';
import {
  type ApiFailure,
  type ApiResult,
  type ApiSurface,
  callApi,
  contractType,
  noContent,
} from '../../ui/api-client.ts';
import { readCookie } from '../cart/cart-signals.ts';

// The browser side of a customer account (issue 23): SPEC §7's /api/site-users/account
// calls. Every write echoes the crumb; the crumb comes with the account state when the
// page has none yet.

const ACCOUNT = '/api/site-users/account';

async function loadCrumb(): Promise<string> {
  await callApi(readSurface, {
    method: 'GET',
    path: ACCOUNT,
    response: contractType<typeof siteUserStateSchema>(),
  });
  return readCookie(CSRF_COOKIE) ?? '';
}

const readSurface: ApiSurface = {
  csrfHeader: CSRF_HEADER,
  csrfToken: () => readCookie(CSRF_COOKIE) ?? '',
  messageFor: (status, body) =>
    body?.code === CSRF_FAILED_CODE
      ? cartMessages.sessionExpired
      : status === 429
        ? (body?.error ?? cartMessages.tooManyRequests)
        : (body?.error ?? cartMessages.pleaseTryAgain),
  noAnswerMessage: () => cartMessages.checkConnection,
};

/** Writes fetch the crumb first when the page has none (also for two-factor-client.ts). */
export const surface: ApiSurface = {
  ...readSurface,
  csrfToken: () => readCookie(CSRF_COOKIE) ?? loadCrumb(),
};

type Method = 'POST' | 'PUT' | 'DELETE';

const message = contractType<typeof siteUserMessageSchema>();

export type AccountFailure = ApiFailure;

export const accountApi = {
  signIn: (body: { email: string; password: string; rememberMe: boolean }) =>
    callApi(surface, {
      method: 'POST',
      path: `${ACCOUNT}/session`,
      body,
      // Signed in, or (two-step verification on) waiting for the code.
      response: contractType<typeof siteUserSignInAnswerSchema>(),
    }),
  signUp: (body: { email: string; password: string; language?: string }) =>
    callApi(surface, { method: 'POST', path: ACCOUNT, body, response: message }),
  requestReset: (body: { email: string }) =>
    callApi(surface, {
      method: 'POST',
      path: `${ACCOUNT}/password-reset`,
      body,
      response: message,
    }),
  completeReset: (body: { token: string; password: string }) =>
    callApi(surface, {
      method: 'POST',
      path: `${ACCOUNT}/password-reset/complete`,
      body,
      response: message,
    }),
  verifyEmail: (body: { token: string }) =>
    callApi(surface, {
      method: 'POST',
      path: `${ACCOUNT}/email-verification`,
      body,
      response: contractType<typeof siteUserSchema>(),
    }),
  resendVerification: () =>
    callApi(surface, {
      method: 'POST',
      path: `${ACCOUNT}/email-verification/resend`,
      response: message,
    }),
  changeEmail: (body: { email: string; currentPassword: string }) =>
    write('PUT', `${ACCOUNT}/email`, body, message),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    write('PUT', `${ACCOUNT}/password`, body, contractType<typeof siteUserSignedInSchema>()),
  deleteAccount: (body: { currentPassword: string }) => write('DELETE', ACCOUNT, body, noContent),

  /**
   * SPEC §7: sign out, retrying once when the answer is a failed crumb check (the crumb
   * may have changed in another tab since this page loaded).
   */
  async signOut(cloneCart: boolean): Promise<ApiResult<void>> {
    const send = () =>
      callApi(surface, {
        method: 'DELETE',
        path: `${ACCOUNT}/session?cloneCart=${cloneCart}`,
        response: noContent,
      });
    const first = await send();
    if (first.ok || first.failure.code !== CSRF_FAILED_CODE) return first;
    await loadCrumb();
    return send();
  },
};

function write<T>(
  method: Method,
  path: string,
  body: unknown,
  response: { parse(data: unknown): T },
): Promise<ApiResult<T>> {
  return callApi(surface, { method, path, body, response });
}

const addresses = contractType<typeof accountAddressesSchema>();
const addressPath = (id: string) => `${ACCOUNT}/addresses/${encodeURIComponent(id)}`;

/** The account page's address book and newsletter choices; each answer is the whole set. */
export const accountSectionsApi = {
  addAddress: (body: AccountAddressBody) => write('POST', `${ACCOUNT}/addresses`, body, addresses),
  updateAddress: (id: string, body: AccountAddressBody) =>
    write('PUT', addressPath(id), body, addresses),
  makeDefault: (id: string) => write('PUT', `${addressPath(id)}/default`, undefined, addresses),
  deleteAddress: (id: string) => write('DELETE', addressPath(id), undefined, addresses),
  setNewsletter: (listId: string, isSubscribed: boolean) =>
    write(
      'PUT',
      `${ACCOUNT}/newsletters/${encodeURIComponent(listId)}`,
      { isSubscribed },
      contractType<typeof accountNewsletterSchema>(),
    ),
};
