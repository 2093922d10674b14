import { ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGE } from '../../http/auth.ts';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from './api-key-fixtures.ts';

describe(`API keys (${testDialect})`, () => {
  let t: TestApp;
  let admin: KeyFixture;
  let shopCollectionId: string;
  const productsPath = (websiteId: string) =>
    `/api/content-service/product/1.1/websites/${websiteId}/products`;
  const product = () => ({
    collectionId: shopCollectionId,
    productType: ProductType.digital,
    title: 'Key Test Pattern',
    priceMoney: { value: '9.00', currency: 'USD' },
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createKey(t);
    const list = await t.app.services.catalog.getCollectionList(admin.websiteId, 'shop');
    shopCollectionId = list.collection.id;
    await t.app.services.websites.create({ title: 'Second Shop', hosts: ['second.example'] });
  });
  afterAll(() => t.close());

  it('refuses a call without a key with 401 and the sign-in message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: productsPath(admin.websiteId),
      payload: product(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: SIGN_IN_MESSAGE, code: 'SIGN_IN_REQUIRED' });
    expect(response.json().error).toBe('Sign in or send an API key to do that.');
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses an unknown, malformed or non-bearer key with 401', async () => {
    for (const authorization of [
      'Bearer atl_not-a-real-key',
      'Bearer',
      `Basic ${admin.secret}`,
      admin.secret,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: productsPath(admin.websiteId),
        headers: { authorization },
        payload: product(),
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ error: SIGN_IN_MESSAGE, code: 'SIGN_IN_REQUIRED' });
    }
  });

  it('lets admins and store managers write the catalog, and no other role', async () => {
    for (const role of [Role.admin, Role.storeManager]) {
      const key = await createKey(t, { role });
      const response = await t.app.inject({
        method: 'POST',
        url: productsPath(key.websiteId),
        headers: key.headers,
        payload: product(),
      });
      expect(response.statusCode, `role ${role}`).toBe(201);
    }
    // Editors write pages, not the catalog (issue 18).
    for (const role of [Role.editor, Role.viewer, Role.billing, Role.commenter]) {
      const key = await createKey(t, { role });
      const response = await t.app.inject({
        method: 'POST',
        url: productsPath(key.websiteId),
        headers: key.headers,
        payload: product(),
      });
      expect(response.statusCode, `role ${role}`).toBe(403);
      expect(response.json()).toEqual({
        error: 'Your role does not allow that.',
        code: 'ROLE_FORBIDDEN',
      });
    }
  });

  it("never lets one website's key act on another website", async () => {
    const second = await createKey(t, { host: 'second.example' });
    // Website B's key sent to website A's host: no such key there.
    const crossHost = await t.app.inject({
      method: 'POST',
      url: productsPath(admin.websiteId),
      headers: { ...second.headers, host: 'localhost' },
      payload: product(),
    });
    expect(crossHost.statusCode).toBe(401);
    // Website A's key with A's host, but B's id in the path: that path does not exist here.
    const crossPath = await t.app.inject({
      method: 'POST',
      url: productsPath(second.websiteId),
      headers: admin.headers,
      payload: product(),
    });
    expect(crossPath.statusCode).toBe(404);
    // B's key on B's host can list B's keys, which do not include A's.
    const list = await t.app.inject({ url: '/api/api-keys', headers: second.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().keys).toHaveLength(1);
  });

  it('creates keys whose secret is shown once, lists them by prefix, and revokes them', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'Inventory sync', role: Role.storeManager },
    });
    expect(created.statusCode).toBe(201);
    const { key, secret } = created.json();
    expect(secret).toMatch(/^atl_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({ name: 'Inventory sync', role: 8, revokedAt: null });
    expect(secret.startsWith(key.prefix)).toBe(true);

    const headers = { host: 'localhost', authorization: `Bearer ${secret}` };
    const used = await t.app.inject({
      method: 'POST',
      url: productsPath(admin.websiteId),
      headers,
      payload: product(),
    });
    expect(used.statusCode).toBe(201);

    const list = await t.app.inject({ url: '/api/api-keys', headers: admin.headers });
    expect(list.body).not.toContain(secret);
    const listed = list.json().keys.find((k: { id: string }) => k.id === key.id);
    expect(listed.lastUsedAt).not.toBeNull();

    // A store manager may write the catalog but not mint keys.
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers,
      payload: { name: 'Escalation', role: Role.admin },
    });
    expect(minted.statusCode).toBe(403);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${key.id}`,
      headers: admin.headers,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'POST',
      url: productsPath(admin.websiteId),
      headers,
      payload: product(),
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a key with a role the spec does not know', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.headers,
      payload: { name: 'Odd', role: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ role: 'Choose one of the roles' });
  });
});
