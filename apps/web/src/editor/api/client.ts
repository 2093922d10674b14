import type {
  EditorBlock,
  EditorPage,
  FolderBehavior,
  MediaFile,
  MediaKind,
  MediaList,
  Member,
  NavigationItemInput,
  NavigationName,
  PageSettings,
  PageSummary,
  ProductList,
  SessionState,
  SiteLayout,
  SiteSettings,
} from '@atelier/contract';
import { cartMessages, editorMessages } from '@atelier/core';

// The SPA's one door to /api/config: JSON in and out, the xsrfToken echoed on every write,
// and failures turned into an ApiError carrying the server's message for people.

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

let xsrfToken = '';

/** The crumb to echo on writes, for API modules beside this one (developer mode). */
export const currentXsrfToken = () => xsrfToken;

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  // A file upload goes as multipart: the browser writes its content type and boundary.
  const isForm = body instanceof FormData;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && !isForm && { 'content-type': 'application/json' }),
        ...(method !== 'GET' && { 'x-csrf-token': xsrfToken }),
      },
      ...(body !== undefined && { body: isForm ? body : JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, editorMessages.unableToConnect);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const { error, errors, code } = data as {
      error?: string;
      errors?: Record<string, string>;
      code?: string;
    };
    const message =
      code === 'CSRF_FAILED'
        ? cartMessages.sessionExpired
        : (error ?? editorMessages.somethingWentWrong);
    throw new ApiError(response.status, message, errors ?? {});
  }
  return data as T;
}

function remember(state: SessionState): SessionState {
  xsrfToken = state.xsrfToken;
  return state;
}

export const api = {
  session: async () => remember(await request<SessionState>('GET', '/api/config/session')),
  createOwner: async (input: { email: string; password: string }) =>
    remember(await request<SessionState>('POST', '/api/config/owner', input)),
  signIn: async (input: { email: string; password: string; rememberMe: boolean }) =>
    remember(await request<SessionState>('POST', '/api/config/session', input)),
  signOut: () => request<void>('DELETE', '/api/config/session'),
  members: () => request<{ members: Member[] }>('GET', '/api/config/members'),
  addMember: (input: { email: string; password: string; role: 1 | 4 }) =>
    request<Member>('POST', '/api/config/members', input),
  pages: () => request<{ pages: PageSummary[] }>('GET', '/api/config/pages'),
  page: (id: string) => request<EditorPage>('GET', `/api/config/pages/${id}`),
  addPage: (title: string) => request<EditorPage>('POST', '/api/config/pages', { title }),
  updatePage: (id: string, settings: PageSettings) =>
    request<EditorPage>('PATCH', `/api/config/pages/${id}`, settings),
  deletePage: (id: string) => request<void>('DELETE', `/api/config/pages/${id}`),
  addFolder: (title: string, folderBehavior: FolderBehavior) =>
    request<EditorPage>('POST', '/api/config/pages', { title, kind: 'folder', folderBehavior }),
  siteLayout: () => request<SiteLayout>('GET', '/api/commondata/GetSiteLayout'),
  /** A store collection's products as visitors see them (the public catalog API). */
  collectionProducts: (collectionUrlId: string) =>
    request<ProductList>(
      'GET',
      `/api/catalog/collections/${encodeURIComponent(collectionUrlId)}/products`,
    ),
  updateNavigation: (fieldName: NavigationName, items: NavigationItemInput[]) =>
    request<SiteLayout>('POST', '/api/widget/UpdateNavigation', {
      fieldName,
      templateId: 'atelier',
      navigation: { items },
    }),
  mediaPage: (offset: number, kind?: MediaKind) =>
    request<MediaList>(
      'GET',
      `/api/config/media?offset=${offset}${kind ? `&kind=${encodeURIComponent(kind)}` : ''}`,
    ),
  uploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<MediaFile>('POST', '/api/config/media', form);
  },
  renameMedia: (id: string, filename: string) =>
    request<MediaFile>('PATCH', `/api/config/media/${id}`, { filename }),
  deleteMedia: (id: string) => request<void>('DELETE', `/api/config/media/${id}`),
  siteSettings: () => request<SiteSettings>('GET', '/api/config/settings'),
  updateSiteSettings: (settings: Partial<SiteSettings>) =>
    request<SiteSettings>('PATCH', '/api/config/settings', settings),
  saveDraft: (id: string, blocks: EditorBlock[], baseRevision: number) =>
    request<EditorPage>('PUT', `/api/config/pages/${id}/draft`, { blocks, baseRevision }),
  publish: (id: string, baseRevision: number, at?: string) =>
    request<EditorPage>('POST', `/api/config/pages/${id}/publish`, {
      baseRevision,
      ...(at && { at }),
    }),
};
