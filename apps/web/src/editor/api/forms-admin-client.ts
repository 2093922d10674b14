import { type FormInput, formAdminListSchema, formAdminSchema } from '@atelier/contract';
import { type ApiRequest, noContent } from '../../ui/api-client.ts';
import { callEditorApi, currentWebsiteId, toApiError } from './client.ts';

// The form builder's calls (issue 20): the staff forms API integrations use, with this
// session.

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const base = () =>
  `/api/content-service/forms/1.1/websites/${encodeURIComponent(currentWebsiteId())}/forms`;
const formPath = (formId: string) => `${base()}/${encodeURIComponent(formId)}`;

export const formsAdminApi = {
  list: async () =>
    (await call({ method: 'GET', path: base(), response: formAdminListSchema })).forms,
  get: (formId: string) =>
    call({ method: 'GET', path: formPath(formId), response: formAdminSchema }),
  create: (input: FormInput) =>
    call({ method: 'POST', path: base(), body: input, response: formAdminSchema }),
  update: (formId: string, input: FormInput) =>
    call({ method: 'PUT', path: formPath(formId), body: input, response: formAdminSchema }),
  duplicate: (formId: string) =>
    call({ method: 'POST', path: `${formPath(formId)}/duplicate`, response: formAdminSchema }),
  remove: (formId: string) =>
    call({ method: 'DELETE', path: formPath(formId), response: noContent }),
};
