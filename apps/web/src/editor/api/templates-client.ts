import {
  type Template,
  type TemplateDiagnostic,
  type TemplateSlot,
  type TemplateWarning,
  templateInvalidSchema,
  templateListSchema,
  templateSavedSchema,
  templateSchema,
} from '@atelier/contract';
import type { ApiRequest } from '../../ui/api-client.ts';
import { callEditorApi, toApiError } from './client.ts';

// Developer mode's calls. A save refused for template errors is an answer, not a failure:
// it comes back with each error's line and column for the panel to show.

export type SaveOutcome =
  | { isSaved: true; template: Template; warnings: TemplateWarning[] }
  | { isSaved: false; message: string; diagnostics: TemplateDiagnostic[] };

async function call<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

const pathOf = (slot: TemplateSlot) => `/api/config/templates/${encodeURIComponent(slot)}`;

export const templatesApi = {
  list: async () =>
    (await call({ method: 'GET', path: '/api/config/templates', response: templateListSchema }))
      .templates,

  async save(slot: TemplateSlot, source: string): Promise<SaveOutcome> {
    const result = await callEditorApi({
      method: 'PUT',
      path: pathOf(slot),
      body: { source },
      response: templateSavedSchema,
    });
    if (result.ok) {
      const { warnings = [], ...template } = result.value;
      return { isSaved: true, template, warnings };
    }
    const invalid =
      result.failure.status === 400 ? templateInvalidSchema.safeParse(result.failure.body) : null;
    if (invalid?.success) {
      return {
        isSaved: false,
        message: invalid.data.error,
        diagnostics: invalid.data.templateErrors,
      };
    }
    throw toApiError(result.failure);
  },

  remove: (slot: TemplateSlot) =>
    call({ method: 'DELETE', path: pathOf(slot), response: templateSchema }),
};
