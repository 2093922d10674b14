import { type FormInput, formAdminListSchema, formAdminSchema } from '@atelier/contract';
import { noContent } from '../../ui/api-client.ts';
import { currentWebsiteId, editorCall } from './client.ts';

// The form builder's calls (issue 20): the staff forms API integrations use, with this
// session.

const base = () =>
  `/api/content-service/forms/1.1/websites/${encodeURIComponent(currentWebsiteId())}/forms`;
const formPath = (formId: string) => `${base()}/${encodeURIComponent(formId)}`;

export const formsAdminApi = {
  list: async () =>
    (await editorCall({ method: 'GET', path: base(), response: formAdminListSchema })).forms,
  get: (formId: string) =>
    editorCall({ method: 'GET', path: formPath(formId), response: formAdminSchema }),
  create: (input: FormInput) =>
    editorCall({ method: 'POST', path: base(), body: input, response: formAdminSchema }),
  update: (formId: string, input: FormInput) =>
    editorCall({ method: 'PUT', path: formPath(formId), body: input, response: formAdminSchema }),
  duplicate: (formId: string) =>
    editorCall({
      method: 'POST',
      path: `${formPath(formId)}/duplicate`,
      response: formAdminSchema,
    }),
  remove: (formId: string) =>
    editorCall({ method: 'DELETE', path: formPath(formId), response: noContent }),
};
