import {
  type AnalyticsPreferences,
  type ApiKeyCreate,
  analyticsPreferencesSchema,
  apiKeyListSchema,
  type CatalogProduct,
  type CategoryUpdate,
  type CollectionUpdate,
  type CouponInput,
  catalogProductSchema,
  categoryChangeSchema,
  categoryListSchema,
  categorySchema,
  categoryTreeItemSchema,
  collectionListSchema,
  collectionSchema,
  collectionSummarySchema,
  couponListSchema,
  couponSchema,
  createdApiKeySchema,
  demoContentPreviewSchema,
  demoContentRemovalSchema,
  type EditorBlock,
  editorPageSchema,
  type FolderBehavior,
  type InventoryPreferences,
  inventoryPreferencesSchema,
  invitationPreviewSchema,
  invitationSchema,
  MEMBER_CHALLENGE_PATH,
  type MediaKind,
  mailingListChoicesSchema,
  mediaFileSchema,
  mediaListSchema,
  memberListSchema,
  memberSchema,
  type NavigationItemInput,
  type NavigationName,
  type PageSettings,
  type PaywallTargets,
  type ProductAdminListQuery,
  type ProductBulk,
  type ProductCreate,
  type ProductUpdate,
  pageListSchema,
  paywallAccessSchema,
  preferencesResponseSchema,
  productAdminListSchema,
  productBulkResultSchema,
  productFormChoicesSchema,
  productListSchema,
  type SessionState,
  type SiteSettings,
  type StockUpdate,
  sessionStateSchema,
  siteFrameSchema,
  siteLayoutSchema,
  siteSettingsSchema,
  tagChangeSchema,
  tagListSchema,
} from '@atelier/contract';
import { CSRF_FAILED_CODE, CSRF_HEADER } from '@atelier/contract/cart-http';
import { cartMessages, editorMessages } from '@atelier/core';
import {
  type ApiFailure,
  type ApiRequest,
  type ApiResult,
  type ApiSurface,
  callApi,
  noContent,
  type ResponseParser,
} from '../../ui/api-client.ts';

// The SPA's one door to /api/config: JSON in and out, the xsrfToken echoed on every write,
// every answer parsed with its route's contract schema, and failures turned into an
// ApiError carrying the server's message for people and its machine code.

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly code: string | undefined;
  constructor(status: number, message: string, fields: Record<string, string> = {}, code?: string) {
    super(message);
    this.status = status;
    this.fields = fields;
    this.code = code;
  }
}

/** What to tell the user about a failed call: the server's words, else a general line. */
export const errorText = (error: unknown): string =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;

/**
 * A product save refused because someone saved the product meanwhile (409
 * PRODUCT_CHANGED): `current` is the product as it is now, for the editor's comparison.
 */
export class ProductChangedError extends ApiError {
  readonly current: CatalogProduct;
  constructor(message: string, current: CatalogProduct) {
    super(409, message, {}, 'PRODUCT_CHANGED');
    this.current = current;
  }
}

let xsrfToken = '';
/** The signed-in website: the staff API (catalog, media) names it in its addresses. */
let websiteId = '';
/** The staff catalog API of the signed-in member's website. */
export const catalogBase = () =>
  `/api/content-service/product/1.1/websites/${encodeURIComponent(websiteId)}`;

/** Products as CSV: the export is a download link, the import an XHR with progress. */
export const productCsvUrls = {
  export: () => `${catalogBase()}/products/export.csv`,
  import: (mode: 'preview' | 'apply', skipRefused = false) =>
    `${catalogBase()}/products/import?mode=${mode}${skipRefused ? '&skipRefused=true' : ''}`,
};

/** The signed-in website, for API modules beside this one (orders). */
export const currentWebsiteId = () => websiteId;

/** The crumb to echo on writes, for API modules beside this one (developer mode). */
export const currentXsrfToken = () => xsrfToken;

const editorSurface: ApiSurface = {
  csrfHeader: CSRF_HEADER,
  csrfToken: () => xsrfToken,
  messageFor: (_status, body) =>
    body?.code === CSRF_FAILED_CODE
      ? cartMessages.sessionExpired
      : (body?.error ?? editorMessages.somethingWentWrong),
  noAnswerMessage: () => editorMessages.unableToConnect,
};

/** One editor call as a value; for answers that are not failures (template errors). */
export const callEditorApi = <T>(request: ApiRequest<T>): Promise<ApiResult<T>> =>
  callApi(editorSurface, request);

export const toApiError = ({ status, message, fields, code }: ApiFailure): ApiError =>
  new ApiError(status, message, fields, code);

/** One editor call whose failure is thrown as an ApiError (the screens' feature clients). */
export async function editorCall<T>(request: ApiRequest<T>): Promise<T> {
  const result = await callEditorApi(request);
  if (!result.ok) throw toApiError(result.failure);
  return result.value;
}

async function request<T>(
  method: ApiRequest<T>['method'],
  path: string,
  response: ResponseParser<T>,
  body?: unknown,
): Promise<T> {
  return editorCall({ method, path, body, response });
}

function remember(state: SessionState): SessionState {
  xsrfToken = state.xsrfToken;
  websiteId = state.websiteId;
  return state;
}

/** Only the values set go in the address; the server's defaults fill the rest. */
function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The staff API's products (the same routes integrations call with a key). */
const productPath = (id?: string) =>
  `/api/content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products${
    id === undefined ? '' : `/${encodeURIComponent(id)}`
  }`;

export const api = {
  session: async () => remember(await request('GET', '/api/config/session', sessionStateSchema)),
  createOwner: async (input: { email: string; password: string }) =>
    remember(await request('POST', '/api/config/owner', sessionStateSchema, input)),
  signIn: async (input: { email: string; password: string; rememberMe: boolean }) =>
    remember(await request('POST', '/api/config/session', sessionStateSchema, input)),
  /** The second step of a sign-in with two-step verification on (a code or recovery code). */
  completeSignIn: async (code: string) =>
    remember(await request('POST', MEMBER_CHALLENGE_PATH, sessionStateSchema, { code })),
  signOut: () => request('DELETE', '/api/config/session', noContent),
  members: () => request('GET', '/api/config/members', memberListSchema),
  inviteMember: (input: { email: string; role: number }) =>
    request('POST', '/api/config/members/invitations', invitationSchema, input),
  withdrawInvitation: (id: string) =>
    request('DELETE', `/api/config/members/invitations/${encodeURIComponent(id)}`, noContent),
  changeMemberRole: (id: string, role: number) =>
    request('PATCH', `/api/config/members/${encodeURIComponent(id)}`, memberSchema, { role }),
  removeMember: (id: string) =>
    request('DELETE', `/api/config/members/${encodeURIComponent(id)}`, noContent),
  /** The accept page: what the link offers, then accepting it (which signs in). */
  invitation: (token: string) =>
    request('POST', '/api/config/invitation', invitationPreviewSchema, { token }),
  acceptInvitation: async (input: { token: string; password: string }) =>
    remember(await request('POST', '/api/config/invitation/accept', sessionStateSchema, input)),
  pages: () => request('GET', '/api/config/pages', pageListSchema),
  /** The website's site forms, for the form and newsletter blocks to pick one. */
  formChoices: () => request('GET', '/api/config/form-choices', productFormChoicesSchema),
  mailingListChoices: () =>
    request('GET', '/api/config/mailing-list-choices', mailingListChoicesSchema),
  page: (id: string) => request('GET', `/api/config/pages/${id}`, editorPageSchema),
  addPage: (title: string) => request('POST', '/api/config/pages', editorPageSchema, { title }),
  updatePage: (id: string, settings: PageSettings) =>
    request('PATCH', `/api/config/pages/${id}`, editorPageSchema, settings),
  deletePage: (id: string) => request('DELETE', `/api/config/pages/${id}`, noContent),
  addFolder: (title: string, folderBehavior: FolderBehavior) =>
    request('POST', '/api/config/pages', editorPageSchema, {
      title,
      kind: 'folder',
      folderBehavior,
    }),
  /** The merchant's product list (the staff API, with this session instead of a key). */
  products: (query: Partial<ProductAdminListQuery>) =>
    request(
      'GET',
      `/api/content-service/product/1.1/websites/${encodeURIComponent(websiteId)}/products${queryString(query)}`,
      productAdminListSchema,
    ),
  /** What a paywall product unlocks, and the pages and collections it could (issue 22). */
  paywallAccess: (id: string) => request('GET', `${productPath(id)}/paywall`, paywallAccessSchema),
  setPaywallAccess: (id: string, targets: PaywallTargets) =>
    request('PUT', `${productPath(id)}/paywall`, paywallAccessSchema, targets),
  /** One product as the catalog admin sees it, hidden or not. */
  product: (id: string) => request('GET', productPath(id), catalogProductSchema),
  createProduct: (input: ProductCreate) =>
    request('POST', productPath(), catalogProductSchema, input),
  updateProduct: async (id: string, change: ProductUpdate) => {
    const result = await callEditorApi({
      method: 'PATCH',
      path: productPath(id),
      body: change,
      response: catalogProductSchema,
    });
    if (result.ok) return result.value;
    const { failure } = result;
    if (failure.code === 'PRODUCT_CHANGED') {
      const current = catalogProductSchema.safeParse(
        (failure.body as { current?: unknown } | undefined)?.current,
      );
      if (current.success) throw new ProductChangedError(failure.message, current.data);
    }
    throw toApiError(failure);
  },
  deleteProduct: (id: string) => request('DELETE', productPath(id), noContent),
  /** The product list's bulk actions: publish, hide or delete the selected products. */
  bulkProducts: (action: Exclude<ProductBulk['action'], 'addToCategory'>, productIds: string[]) =>
    request('POST', `${productPath()}/bulk`, productBulkResultSchema, { action, productIds }),
  /** The inventory's stock edits: set (with the stock seen) or add a received quantity. */
  updateStock: (productId: string, variantId: string, change: StockUpdate) =>
    request(
      'PUT',
      `${productPath(productId)}/variants/${encodeURIComponent(variantId)}/stock`,
      catalogProductSchema,
      change,
    ),
  /** API keys (SPEC §2, issue 19): admins only; a secret is in the create answer only. */
  apiKeys: () => request('GET', '/api/api-keys', apiKeyListSchema),
  createApiKey: (input: ApiKeyCreate) =>
    request('POST', '/api/api-keys', createdApiKeySchema, input),
  deleteApiKey: (id: string) => request('DELETE', `/api/api-keys/${id}`, noContent),
  demoContent: () => request('GET', '/api/demo-content', demoContentPreviewSchema),
  removeDemoContent: () =>
    request('POST', '/api/demo-content/remove', demoContentRemovalSchema, {}),
  /** Discounts (issue 19): the website's coupons with their use counts. */
  coupons: () => request('GET', `${catalogBase()}/coupons`, couponListSchema),
  createCoupon: (input: CouponInput) =>
    request('POST', `${catalogBase()}/coupons`, couponSchema, input),
  updateCoupon: (id: string, input: CouponInput) =>
    request('PUT', `${catalogBase()}/coupons/${id}`, couponSchema, input),
  deleteCoupon: (id: string) => request('DELETE', `${catalogBase()}/coupons/${id}`, noContent),
  /** The tag manager (SPEC §2): the website's product tags and their product counts. */
  productTags: () => request('GET', `${catalogBase()}/tags`, tagListSchema),
  renameProductTag: (from: string, to: string) =>
    request('PATCH', `${catalogBase()}/tags`, tagChangeSchema, { from, to }),
  mergeProductTags: (tags: string[], into: string) =>
    request('POST', `${catalogBase()}/tags/merge`, tagChangeSchema, { tags, into }),
  deleteProductTags: (tags: string[]) =>
    request('POST', `${catalogBase()}/tags/delete`, tagChangeSchema, { tags }),
  /** The forms a product can require before it goes into the cart. */
  productFormChoices: () => request('GET', `${catalogBase()}/forms`, productFormChoicesSchema),
  /** The inventory panel's settings: where scarcity messages show, and the threshold. */
  inventorySettings: () =>
    request('GET', '/api/v1/commerce-preferences/inventory', preferencesResponseSchema).then(
      (answer) => inventoryPreferencesSchema.parse(answer.preferences),
    ),
  updateInventorySettings: (settings: InventoryPreferences) =>
    request('PUT', '/api/v1/commerce-preferences/inventory', preferencesResponseSchema, settings),
  /** The bulk "Add to category" of the product list. */
  addProductsToCategory: (productIds: string[], categoryId: string) =>
    request('POST', `${productPath()}/bulk`, productBulkResultSchema, {
      action: 'addToCategory',
      productIds,
      categoryId,
    }),
  /** The store pages (product collections) and their category trees (SPEC §2 manager). */
  collections: () => request('GET', `${catalogBase()}/collections`, collectionListSchema),
  createCollection: (title: string) =>
    request('POST', `${catalogBase()}/collections`, collectionSchema, { title }),
  updateCollection: (id: string, change: CollectionUpdate) =>
    request(
      'PATCH',
      `${catalogBase()}/collections/${encodeURIComponent(id)}`,
      collectionSummarySchema,
      change,
    ),
  deleteCollection: (id: string) =>
    request('DELETE', `${catalogBase()}/collections/${encodeURIComponent(id)}`, noContent),
  categories: (collectionId: string) =>
    request('GET', `${productPath(collectionId)}/categories`, categoryListSchema),
  createCategory: (
    collectionId: string,
    input: { displayName: string; parentCategoryId: string | null; displayIndex: number },
  ) => request('POST', `${productPath(collectionId)}/categories`, categorySchema, input),
  updateCategory: (id: string, change: CategoryUpdate) =>
    request(
      'PATCH',
      `${catalogBase()}/categories/${encodeURIComponent(id)}`,
      categoryTreeItemSchema,
      change,
    ),
  deleteCategory: (id: string) =>
    request(
      'DELETE',
      `${catalogBase()}/categories/${encodeURIComponent(id)}`,
      categoryChangeSchema,
    ),
  mergeCategories: (categoryIds: string[], into: string) =>
    request('POST', `${catalogBase()}/categories/merge`, categoryChangeSchema, {
      categoryIds,
      into,
    }),
  siteLayout: () => request('GET', '/api/commondata/GetSiteLayout', siteLayoutSchema),
  /** A store collection's products as visitors see them (the public catalog API). */
  collectionProducts: (collectionUrlId: string) =>
    request(
      'GET',
      `/api/catalog/collections/${encodeURIComponent(collectionUrlId)}/products`,
      productListSchema,
    ),
  updateNavigation: (fieldName: NavigationName, items: NavigationItemInput[]) =>
    request('POST', '/api/widget/UpdateNavigation', siteLayoutSchema, {
      fieldName,
      templateId: 'atelier',
      navigation: { items },
    }),
  mediaPage: (offset: number, kind?: MediaKind) =>
    request(
      'GET',
      `/api/config/media?offset=${offset}${kind ? `&kind=${encodeURIComponent(kind)}` : ''}`,
      mediaListSchema,
    ),
  uploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request('POST', '/api/config/media', mediaFileSchema, form);
  },
  renameMedia: (id: string, filename: string) =>
    request('PATCH', `/api/config/media/${id}`, mediaFileSchema, { filename }),
  /** An image's alt text, wherever the image is shown. */
  setMediaAltText: (id: string, altText: string) =>
    request('PATCH', `/api/config/media/${id}`, mediaFileSchema, { altText }),
  deleteMedia: (id: string) => request('DELETE', `/api/config/media/${id}`, noContent),
  siteFrame: () => request('GET', '/api/config/site-frame', siteFrameSchema),
  siteSettings: () => request('GET', '/api/config/settings', siteSettingsSchema),
  analyticsSettings: () =>
    request('GET', '/api/config/settings/analytics', analyticsPreferencesSchema),
  updateAnalyticsSettings: (change: Partial<AnalyticsPreferences>) =>
    request('PATCH', '/api/config/settings/analytics', analyticsPreferencesSchema, change),
  updateSiteSettings: (settings: Partial<SiteSettings>) =>
    request('PATCH', '/api/config/settings', siteSettingsSchema, settings),
  saveDraft: (id: string, blocks: EditorBlock[], baseRevision: number) =>
    request('PUT', `/api/config/pages/${id}/draft`, editorPageSchema, { blocks, baseRevision }),
  publish: (id: string, baseRevision: number, at?: string) =>
    request('POST', `/api/config/pages/${id}/publish`, editorPageSchema, {
      baseRevision,
      ...(at && { at }),
    }),
};
