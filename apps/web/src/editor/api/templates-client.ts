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
import { callEditorApi, editorCall, toApiError } from './client.ts';

// Developer mode's calls. A save refused for template errors is an answer, not a failure:
// it comes back with each error's line and column for the panel to show.

export type SaveOutcome =
  | { isSaved: true; template: Template; warnings: TemplateWarning[] }
  | { isSaved: false; message: string; diagnostics: TemplateDiagnostic[] };

const pathOf = (slot: TemplateSlot) => `/api/config/templates/${encodeURIComponent(slot)}`;

export const templatesApi = {
  list: async () =>
    (
      await editorCall({
        method: 'GET',
        path: '/api/config/templates',
        response: templateListSchema,
      })
    ).templates,

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
    editorCall({ method: 'DELETE', path: pathOf(slot), response: templateSchema }),
};
