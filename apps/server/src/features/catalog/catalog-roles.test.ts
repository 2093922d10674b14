import { Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';

// Issue 18: the catalog is the store managers' and administrators', never the editors'.
// Rather than a list that could fall behind the routes, every staff catalog route the
// OpenAPI document lists is called, with a session of each role: an editor is refused
// (403) on every one of them (store settings, shipping and tax included), a store manager
// is let through (whatever the handler then says about the made-up ids and bodies, it is
// not 401 or 403). Issue 19 adds orders, gift cards and the mail log, the discounts (under
// the catalog prefix) and the API keys, which are the admin's alone: a store manager is
// refused there.

const CATALOG_PREFIX = '/api/content-service/product/1.1/websites/{websiteId}';
const PREFERENCES_PREFIX = '/api/v1/commerce-preferences/';
/** Orders and the mail log (issue 19): the same roles as the catalog. */
const COMMERCE_PREFIX = '/api/content-service/commerce/1.1/websites/{websiteId}';
/** A form's inbox (issue 20): visitors' personal data, the same roles as orders. */
const FORM_INBOX_PREFIX =
  '/api/content-service/forms/1.1/websites/{websiteId}/forms/{formId}/submissions';
/** Who besides admins may call the routes under each prefix. */
const PREFIXES: readonly { prefix: string; managerAllowed: boolean }[] = [
  { prefix: CATALOG_PREFIX, managerAllowed: true },
  { prefix: PREFERENCES_PREFIX, managerAllowed: true },
  { prefix: COMMERCE_PREFIX, managerAllowed: true },
  { prefix: FORM_INBOX_PREFIX, managerAllowed: true },
  { prefix: '/api/api-keys', managerAllowed: false },
  // Removing the demo store deletes products and pages at once: admins only (issue 19).
  { prefix: '/api/demo-content', managerAllowed: false },
  // Webhooks carry store data out of the store: admins only (issue 21).
  { prefix: '/api/webhooks', managerAllowed: false },
  // Mailing lists hold visitors' addresses: the same roles as orders (issue 21).
  { prefix: '/api/newsletter', managerAllowed: true },
  { prefix: '/api/campaigns', managerAllowed: true },
];
const ID = '00000000-0000-4000-8000-000000000000';

type Route = { method: string; path: string; managerAllowed: boolean };

describe(`catalog routes by role (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;
  let routes: Route[];
  const members: Partial<Record<'editor' | 'manager', EditorClient>> = {};

  async function member(email: string, role: Role): Promise<EditorClient> {
    const client = await editorClient(t);
    const signedIn = await client.call('POST', '/api/config/session', {
      email,
      password: 'member password 1',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().member.role).toBe(role);
    return client;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await ownerClient(t);
    websiteId = (await owner.call('GET', '/api/config/session')).json().websiteId;
    for (const [email, role] of [
      ['editor@example.com', Role.editor],
      ['manager@example.com', Role.storeManager],
    ] as const) {
      const added = await owner.call('POST', '/api/config/members', {
        email,
        password: 'member password 1',
        role,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    members.editor = await member('editor@example.com', Role.editor);
    members.manager = await member('manager@example.com', Role.storeManager);

    const paths: Record<string, Record<string, unknown>> = (
      await t.app.inject('/api/openapi.json')
    ).json().paths;
    routes = Object.entries(paths).flatMap(([path, methods]) => {
      const area = PREFIXES.find(({ prefix }) => path.startsWith(prefix));
      return area
        ? Object.keys(methods).map((method) => ({
            method: method.toUpperCase(),
            path,
            managerAllowed: area.managerAllowed,
          }))
        : [];
    });
  });
  afterAll(() => t.close());

  const urlOf = (route: Route) =>
    route.path
      .replace('{websiteId}', websiteId)
      .replace('{namespace}', 'inventory')
      .replace(/\{[^}]+\}/g, ID);

  it('finds the catalog routes to check', () => {
    const names = routes.map((r) => `${r.method} ${r.path.replace(CATALOG_PREFIX, '')}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /products',
        'POST /products',
        'PATCH /products/{productId}',
        'DELETE /products/{productId}',
        'PUT /products/{productId}/variants/{variantId}/stock',
        'POST /products/bulk',
        'GET /tags',
        'POST /tags/merge',
        'GET /forms',
        'POST /collections',
        'POST /products/{collectionId}/categories',
        'PUT /store-settings',
        'PUT /shipping-options/order',
        'DELETE /shipping-options/{optionId}',
        'POST /tax-rules',
        'GET /coupons',
        'POST /coupons',
        'PUT /coupons/{couponId}',
        'DELETE /coupons/{couponId}',
        'GET /api/api-keys',
        'POST /api/api-keys',
        'DELETE /api/api-keys/{keyId}',
        'GET /api/demo-content',
        'POST /api/demo-content/remove',
        'GET /api/webhooks/1.0/endpoints',
        'POST /api/webhooks/1.0/endpoints',
        'POST /api/webhooks/1.0/subscriptions',
        'DELETE /api/webhooks/1.0/subscriptions/{subscriptionId}',
        'GET /api/newsletter/1.0/lists',
        'POST /api/newsletter/1.0/lists/{listId}/import',
        'GET /api/newsletter/1.0/lists/{listId}/subscribers/export.csv',
        'DELETE /api/newsletter/1.0/lists/{listId}/subscribers/{subscriberId}',
        'POST /api/campaigns/1.0/campaigns',
      ]),
    );
    expect(routes.map((r) => `${r.method} ${r.path.replace(COMMERCE_PREFIX, '')}`)).toEqual(
      expect.arrayContaining([
        'GET /orders',
        'GET /orders/{orderId}',
        'POST /orders/{orderId}/fulfillments',
        'POST /orders/{orderId}/cancel',
        'POST /orders/{orderId}/refunds',
        'GET /mail',
        'GET /customers',
        'GET /customers/export.csv',
        'GET /customers/{email}',
        'PUT /customers/{email}/note',
        'GET /gift-cards',
        'POST /gift-cards',
        'GET /gift-cards/{giftCardId}',
        'POST /gift-cards/{giftCardId}/void',
      ]),
    );
    expect(routes.map((r) => `${r.method} ${r.path.replace(FORM_INBOX_PREFIX, '')}`)).toEqual(
      expect.arrayContaining([
        'GET ',
        'PATCH ',
        'GET /export.csv',
        'GET /{submissionId}',
        'POST /delete',
        'DELETE /{submissionId}',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('refuses an editor on every catalog route, reads and writes alike', async () => {
    for (const route of routes) {
      const response = await members.editor!.call(
        route.method as 'GET',
        urlOf(route),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it('refuses a store manager on the API key routes', async () => {
    const adminOnly = routes.filter((route) => !route.managerAllowed);
    expect(adminOnly.length).toBeGreaterThanOrEqual(3);
    for (const route of adminOnly) {
      const response = await members.manager!.call(
        route.method as 'GET',
        urlOf(route),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it('lets a store manager through on every catalog and discounts route', async () => {
    for (const route of routes.filter((r) => r.managerAllowed)) {
      const response = await members.manager!.call(
        route.method as 'GET',
        urlOf(route),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      expect([401, 403], `${route.method} ${route.path}: ${response.body}`).not.toContain(
        response.statusCode,
      );
      expect(response.statusCode, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });
});
