import {
  type FormSubmissionListQuery,
  formSubmissionChangeResultSchema,
  formSubmissionListSchema,
  formSubmissionResponseSchema,
} from '@atelier/contract';
import type { ApiRequest } from '../../ui/api-client.ts';
import { callEditorApi, currentWebsiteId, toApiError } from '../api/client.ts';

// The form inbox's calls (issue 20): the staff API integrations use, with this session.

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const base = (formId: string) =>
  `/api/content-service/forms/1.1/websites/${encodeURIComponent(currentWebsiteId())}/forms/${encodeURIComponent(formId)}/submissions`;

export const formInboxApi = {
  /** A page of submissions, with the form's name and fields to label them. */
  list: (formId: string, query: Partial<FormSubmissionListQuery>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '' && value !== 'all') params.set(name, String(value));
    }
    const text = params.toString();
    return call({
      method: 'GET',
      path: `${base(formId)}${text ? `?${text}` : ''}`,
      response: formSubmissionListSchema,
    });
  },
  get: (formId: string, submissionId: string) =>
    call({
      method: 'GET',
      path: `${base(formId)}/${encodeURIComponent(submissionId)}`,
      response: formSubmissionResponseSchema,
    }),
  mark: (formId: string, ids: readonly string[], isRead: boolean) =>
    call({
      method: 'PATCH',
      path: base(formId),
      body: { ids: [...ids], isRead },
      response: formSubmissionChangeResultSchema,
    }),
  remove: (formId: string, ids: readonly string[]) =>
    call({
      method: 'POST',
      path: `${base(formId)}/delete`,
      body: { ids: [...ids] },
      response: formSubmissionChangeResultSchema,
    }),
  /** A download link: the session cookie goes with it. */
  exportUrl: (formId: string) => `${base(formId)}/export.csv`,
};
