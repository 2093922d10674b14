import { type HeaderFooterSave, headerFooterSchema } from '@atelier/contract';
import { callEditorApi, toApiError } from './client.ts';

// The header & footer screen's calls (/api/site-header-footer), beside client.ts.

async function call(method: 'GET' | 'PUT', body?: HeaderFooterSave) {
  const result = await callEditorApi({
    method,
    path: '/api/site-header-footer',
    body,
    response: headerFooterSchema,
  });
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

export const headerFooterApi = {
  get: () => call('GET'),
  save: (input: HeaderFooterSave) => call('PUT', input),
};
