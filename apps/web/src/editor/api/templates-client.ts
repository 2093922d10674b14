import type {
  Template,
  TemplateDiagnostic,
  TemplateSaved,
  TemplateSlot,
  TemplateWarning,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { ApiError, currentXsrfToken } from './client.ts';

// Developer mode's calls. A save refused for template errors is an answer, not a failure:
// it comes back with each error's line and column for the panel to show.

export type SaveOutcome =
  | { isSaved: true; template: Template; warnings: TemplateWarning[] }
  | { isSaved: false; message: string; diagnostics: TemplateDiagnostic[] };

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  try {
    return await fetch(path, {
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
}

async function read<T>(response: Response): Promise<T> {
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const { error } = data as { error?: string };
    throw new ApiError(response.status, error ?? editorMessages.somethingWentWrong);
  }
  return data as T;
}

const pathOf = (slot: TemplateSlot) => `/api/config/templates/${encodeURIComponent(slot)}`;

export const templatesApi = {
  list: async () =>
    (await read<{ templates: Template[] }>(await call('GET', '/api/config/templates'))).templates,

  async save(slot: TemplateSlot, source: string): Promise<SaveOutcome> {
    const response = await call('PUT', pathOf(slot), { source });
    if (response.status === 400) {
      const data = (await response
        .clone()
        .json()
        .catch(() => ({}))) as {
        error?: string;
        templateErrors?: TemplateDiagnostic[];
      };
      if (data.templateErrors) {
        return {
          isSaved: false,
          message: data.error ?? editorMessages.somethingWentWrong,
          diagnostics: data.templateErrors,
        };
      }
    }
    const { warnings = [], ...template } = await read<TemplateSaved>(response);
    return { isSaved: true, template, warnings };
  },

  remove: async (slot: TemplateSlot) => read<Template>(await call('DELETE', pathOf(slot))),
};
