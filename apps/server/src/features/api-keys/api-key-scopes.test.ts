import { Role } from '@atelier/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeyGuard, scopeRefusal } from '../../http/auth.ts';
import { registerErrorHandler } from '../../http/errors.ts';
import { createWebsiteResolver } from '../../http/website-resolver.ts';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';

// Issue 19: a key may be limited per area to reading or writing. The orders routes tag
// themselves `orders`; a stand-in route with that area shows the guard alone, and the
// real order routes are checked too.

describe(`API key scopes (${testDialect})`, () => {
  let t: TestApp;
  let orders: FastifyInstance;
  let websiteId: string;
  let productId: string;
  const host = 'localhost';
  const productsPath = () => `/api/content-service/product/1.1/websites/${websiteId}/products`;

  async function keyWith(scopes: Record<string, string> | undefined, role: Role = Role.admin) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { host, authorization: `Bearer ${adminSecret}` },
      payload: { name: 'scoped', role, ...(scopes && { scopes }) },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { host, authorization: `Bearer ${created.json().secret}` };
  }
  let adminSecret: string;

  beforeAll(async () => {
    t = await createTestApp();
    const website = await t.app.services.websites.resolveByHost(host);
    if (!website) throw new Error('no website');
    websiteId = website.id;
    adminSecret = (
      await t.app.services.apiKeys.create({ websiteId, name: 'first', role: Role.admin })
    ).secret;
    const list = await t.app.inject({
      url: productsPath(),
      headers: { host, authorization: `Bearer ${adminSecret}` },
    });
    productId = list.json().products[0].id;

    // A stand-in for the orders routes: the same guard, the area they will declare.
    const requireApiKey = createApiKeyGuard({
      apiKeys: t.app.services.apiKeys,
      websiteOf: createWebsiteResolver(t.app.services.websites),
    });
    orders = Fastify();
    registerErrorHandler(orders);
    const guard = requireApiKey({ can: 'orders.read', scope: { area: 'orders' } });
    orders.get('/orders', { preHandler: guard }, async () => ({ orders: [] }));
    orders.post('/orders/:orderId/refund', { preHandler: guard }, async () => ({ ok: true }));
    await orders.ready();
  });
  afterAll(async () => {
    await orders?.close();
    await t.close();
  });

  it('lets a read-only orders key list orders but not refund', async () => {
    const headers = await keyWith({ orders: 'read' });
    const list = await orders.inject({ url: '/orders', headers });
    expect(list.statusCode).toBe(200);
    const refund = await orders.inject({ method: 'POST', url: '/orders/1/refund', headers });
    expect(refund.statusCode).toBe(403);
    expect(refund.json()).toEqual({
      error: 'This API key may only read orders.',
      code: 'SCOPE_FORBIDDEN',
    });
  });

  it('lets a read-write orders key refund, and a products-only key not even list', async () => {
    const readWrite = await keyWith({ orders: 'write' });
    const refund = await orders.inject({
      method: 'POST',
      url: '/orders/1/refund',
      headers: readWrite,
    });
    expect(refund.statusCode).toBe(200);
    const productsOnly = await keyWith({ products: 'write' });
    const list = await orders.inject({ url: '/orders', headers: productsOnly });
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe('This API key has no access to orders.');
  });

  it('lets a read-only orders key list the real orders but not refund one', async () => {
    const ordersPath = `/api/content-service/commerce/1.1/websites/${websiteId}/orders`;
    const headers = await keyWith({ orders: 'read' });
    const list = await t.app.inject({ url: ordersPath, headers });
    expect(list.statusCode, list.body).toBe(200);
    const refund = await t.app.inject({
      method: 'POST',
      url: `${ordersPath}/00000000-0000-4000-8000-000000000000/refunds`,
      headers: { ...headers, 'idempotency-key': 'scope-test' },
      payload: { amountCents: 100 },
    });
    expect(refund.statusCode).toBe(403);
    expect(refund.json()).toEqual({
      error: 'This API key may only read orders.',
      code: 'SCOPE_FORBIDDEN',
    });
    // A products key does not even see orders.
    const other = await keyWith({ products: 'write' });
    expect((await t.app.inject({ url: ordersPath, headers: other })).statusCode).toBe(403);
  });

  it('lets a read-only products key list and read products, and refuses a PATCH', async () => {
    const headers = await keyWith({ products: 'read' });
    expect((await t.app.inject({ url: productsPath(), headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `${productsPath()}/${productId}`, headers })).statusCode,
    ).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${productsPath()}/${productId}`,
      headers,
      payload: { title: 'Renamed by a reader' },
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toEqual({
      error: 'This API key may only read products.',
      code: 'SCOPE_FORBIDDEN',
    });
    const after = await t.app.inject({ url: `${productsPath()}/${productId}`, headers });
    expect(after.json().title).not.toBe('Renamed by a reader');
  });

  it('keeps stock in the inventory area, apart from products', async () => {
    const productsWriter = await keyWith({ products: 'write' });
    const product = (
      await t.app.inject({ url: `${productsPath()}/${productId}`, headers: productsWriter })
    ).json();
    const variantId = product.variants[0].id;
    const stockUrl = `${productsPath()}/${productId}/variants/${variantId}/stock`;
    const refused = await t.app.inject({
      method: 'PUT',
      url: stockUrl,
      headers: productsWriter,
      payload: { unlimited: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('This API key has no access to inventory.');
  });

  it('never lets a scoped key manage keys, even an admin one', async () => {
    const headers = await keyWith({ products: 'write', orders: 'write' });
    const list = await t.app.inject({ url: '/api/api-keys', headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('SCOPE_FORBIDDEN');
  });

  it('keeps the role check: scopes never widen what a role may do', async () => {
    const headers = await keyWith({ products: 'write' }, Role.editor);
    const response = await t.app.inject({ url: productsPath(), headers });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ROLE_FORBIDDEN');
  });

  it('gives a key without scopes (made before them, or by the CLI) its full role', async () => {
    const headers = await keyWith(undefined);
    const list = await t.app.inject({ url: '/api/api-keys', headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json().keys;
    expect(listed.every((key: { scopes: unknown }) => 'scopes' in key)).toBe(true);
    expect(listed.find((key: { name: string }) => key.name === 'first').scopes).toBeNull();
    expect(listed.some((key: { scopes: unknown }) => key.scopes !== null)).toBe(true);
    expect(scopeRefusal(null, { area: 'orders' }, 'POST')).toBeNull();
  });

  it('refuses an empty scope set with a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { host, authorization: `Bearer ${adminSecret}` },
      payload: { name: 'nothing', role: Role.admin, scopes: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Give the key access to at least one area');
  });
});
