import type { HeaderFooter, HeaderFooterSave } from '@atelier/contract';
import { cartMessages, editorMessages } from '@atelier/core';
import { ApiError, currentXsrfToken } from './client.ts';

// The header & footer screen's calls (/api/site-header-footer), beside client.ts.

async function call<T>(method: 'GET' | 'PUT', body?: HeaderFooterSave): Promise<T> {
  let response: Response;
  try {
    response = await fetch('/api/site-header-footer', {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(method !== 'GET' && { 'x-csrf-token': currentXsrfToken() }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, editorMessages.unableToConnect);
  }
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const { error, errors, code } = data as {
      error?: string;
      errors?: Record<string, string>;
      code?: string;
    };
    throw new ApiError(
      response.status,
      code === 'CSRF_FAILED'
        ? cartMessages.sessionExpired
        : (error ?? editorMessages.somethingWentWrong),
      errors ?? {},
    );
  }
  return data as T;
}

export const headerFooterApi = {
  get: () => call<HeaderFooter>('GET'),
  save: (input: HeaderFooterSave) => call<HeaderFooter>('PUT', input),
};
