import { randomUUID } from 'node:crypto';
import { ProductType } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import {
  approvedCard,
  createShopper,
  fillDetails,
  injectSend,
} from '../checkout/commerce-test-kit.ts';
import { ACCESS_COOKIE, hashAccessToken } from './paywall-tokens.ts';

// Paywalls (issue 22) end to end through the staff API, checkout and the shop, with the
// page cache on: the merchant locks pages and collections, a visitor sees the lock
// screen (103), a buyer's access link unlocks them in that browser only, a cancelled
// order's link stops working, and no locked or unlocked page is ever served from the
// cache to someone else.

const ABOUT_TEXT = 'converted garage';

describe(`paywalls (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let websiteId: string;
  let base: string;
  let collectionId: string;
  let aboutId: string;
  let pass: { id: string; fullUrl: string; variants: { sku: string }[] };

  const html = { accept: 'text/html' };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...html, ...headers } });
  const withCookie = (token: string) => ({ cookie: `${ACCESS_COOKIE}=${token}` });
  const setAccess = (productId: string, targets: object) =>
    owner.call('PUT', `${base}/products/${productId}/paywall`, targets);
  const createPaywall = async (title: string, price: string) => {
    const created = await owner.call('POST', `${base}/products`, {
      collectionId,
      productType: ProductType.paywall,
      title,
      priceMoney: { value: price },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  };

  /** A shopper buys one access with the test card; the order and its access link. */
  async function buy(product: { id: string; variants: { sku: string }[] }) {
    const shopper = createShopper(injectSend(t.app));
    await shopper.visit();
    const added = await shopper.add({ itemId: product.id, sku: product.variants[0]?.sku ?? '' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const checkoutId = (await shopper.start()).body.checkout.id;
    await fillDetails(shopper, checkoutId);
    const placed = await shopper.place(checkoutId, randomUUID(), approvedCard);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const line = placed.body.order.items.find(
      (i: { productType: number }) => i.productType === ProductType.paywall,
    );
    return { order: placed.body.order, token: placed.body.token, accessUrl: line.access.url };
  }

  /** Opens an access link as a browser would: the cookie it sets. */
  async function open(accessUrl: string) {
    const opened = await get(accessUrl);
    expect(opened.statusCode, opened.body).toBe(303);
    const cookie = [opened.headers['set-cookie']].flat().map(String)[0] ?? '';
    return { opened, cookie, value: cookie.split(';')[0]?.split('=')[1] ?? '' };
  }

  beforeAll(async () => {
    t = await createTestApp({ pageCache: 'on', env: { TRUST_PROXY: 'loopback' } });
    owner = await ownerClient(t);
    websiteId = (await owner.call('GET', '/api/config/session')).json().websiteId;
    base = `/api/content-service/product/1.1/websites/${websiteId}`;
    collectionId = (await t.app.services.catalog.getCollectionList(websiteId, 'shop')).collection
      .id;
    pass = await createPaywall('Studio Journal Pass', '5');
    const access = await owner.call('GET', `${base}/products/${pass.id}/paywall`);
    expect(access.statusCode, access.body).toBe(200);
    aboutId = access.json().pages.find((p: { urlSlug: string }) => p.urlSlug === 'about').id;
  });
  afterAll(() => t.close());

  it('lists the pages and collections a paywall can unlock, and saves a choice', async () => {
    const before = (await owner.call('GET', `${base}/products/${pass.id}/paywall`)).json();
    expect(before).toMatchObject({ pageIds: [], collectionIds: [] });
    expect(before.collections.map((c: { urlId: string }) => c.urlId)).toContain('shop');

    const unknown = await setAccess(pass.id, { pageIds: [randomUUID()], collectionIds: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'PRODUCT_INVALID',
      errors: { pageIds: 'That page does not exist.' },
    });
    const malformed = await setAccess(pass.id, { pageIds: ['about'], collectionIds: [] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('REQUEST_INVALID');

    const physical = await owner.call('POST', `${base}/products`, {
      collectionId,
      productType: ProductType.physical,
      title: 'Linen Bookmark',
      variants: [{ priceMoney: { value: '3' }, qtyInStock: 5 }],
    });
    const notPaywall = await setAccess(physical.json().id, {
      pageIds: [aboutId],
      collectionIds: [],
    });
    expect(notPaywall.statusCode).toBe(400);
    expect(notPaywall.json().error).toBe('Only a paywall product unlocks pages and collections.');
    const missing = await owner.call('GET', `${base}/products/${randomUUID()}/paywall`);
    expect(missing.statusCode).toBe(404);
  });

  it('locks a page that was cached open: the lock screen, never stored or indexed', async () => {
    // Cached while open to everyone…
    expect((await get('/about')).body).toContain(ABOUT_TEXT);
    const cached = await get('/about');
    expect(cached.headers['x-page-cache']).toBe('hit');

    // …and locked: the stored copy is gone at once.
    const saved = await setAccess(pass.id, { pageIds: [aboutId, aboutId], collectionIds: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().pageIds).toEqual([aboutId]);

    for (let i = 0; i < 2; i++) {
      const locked = await get('/about');
      expect(locked.statusCode).toBe(200);
      expect(locked.headers['x-page-cache']).toBe('miss');
      expect(locked.headers['cache-control']).toBe('private, no-store');
      expect(locked.headers['x-robots-tag']).toBe('noindex');
      expect(locked.body).toContain('This page is locked');
      expect(locked.body).toContain('<meta name="robots" content="noindex"/>');
      expect(locked.body).toContain('Studio Journal Pass');
      expect(locked.body).toContain('$5.00');
      expect(locked.body).toContain('Already purchased? Use the link in your confirmation email.');
      expect(locked.body).toContain('data-island="BuyAccess"');
      expect(locked.body).not.toContain(ABOUT_TEXT);
    }

    const json = await get('/about?format=json');
    expect(json.headers['cache-control']).toBe('private, no-store');
    expect(json.json()).toMatchObject({
      pageType: 103,
      page: { title: 'About' },
      offers: [{ productId: pass.id, title: 'Studio Journal Pass', priceCents: 500 }],
    });
    expect(json.body).not.toContain(ABOUT_TEXT);
    expect(json.json().page.blocks).toBeUndefined();
    // Nor listed in the sitemap.
    expect((await get('/sitemap.xml')).body).not.toContain('/about<');
    expect((await get('/sitemap.xml')).body).toContain('/contact<');
    // A page that is not locked still caches as before.
    await get('/contact');
    expect((await get('/contact')).headers['x-page-cache']).toBe('hit');
  });

  it('unlocks the page for the buyer’s browser only, through the access link', async () => {
    const { order, token, accessUrl } = await buy(pass);
    expect(accessUrl).toMatch(/^\/commerce\/access\?t=[A-Za-z0-9_-]{43}$/);

    // Only the token's hash is stored.
    const grant = await t.database.db
      .selectFrom('paywall_grants')
      .selectAll()
      .where('website_id', '=', websiteId)
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const rawToken = decodeURIComponent(accessUrl.split('t=')[1] ?? '');
    expect(grant.token_hash).toBe(hashAccessToken(rawToken));
    expect(JSON.stringify(grant)).not.toContain(rawToken);

    // The status page and the confirmation email carry the link.
    const status = await get(`/commerce/orders/${order.id}?token=${token}`);
    expect(status.body).toContain('Open your content');
    expect(status.body).toContain(accessUrl);
    const mail = await t.database.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('website_id', '=', websiteId)
      .where('kind', '=', 'order-confirmation')
      .execute();
    expect(mail.some((m) => m.body_text.includes(`Open your content: http`))).toBe(true);
    expect(mail.some((m) => m.body_text.includes(accessUrl))).toBe(true);

    const { opened, cookie, value } = await open(accessUrl);
    expect(opened.headers.location).toBe('/about');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(value).toBe(rawToken);
    // Over https (behind the trusted proxy) the cookie is Secure.
    const secure = await get(accessUrl, { 'x-forwarded-proto': 'https' });
    expect(String(secure.headers['set-cookie'])).toContain('Secure');

    const unlocked = await get('/about', withCookie(value));
    expect(unlocked.body).toContain(ABOUT_TEXT);
    expect(unlocked.body).not.toContain('This page is locked');
    expect(unlocked.headers['cache-control']).toBe('private, no-store');
    expect(unlocked.headers['x-robots-tag']).toBe('noindex');
    const unlockedJson = await get('/about?format=json', withCookie(value));
    expect(unlockedJson.json().pageType).not.toBe(103);
    expect(unlockedJson.body).toContain(ABOUT_TEXT);

    // The open page was not stored: the next visitor without the cookie is still locked.
    const stranger = await get('/about');
    expect(stranger.body).toContain('This page is locked');
    expect(stranger.body).not.toContain(ABOUT_TEXT);
    expect(t.app.services.pageCache.stats().entries).toBeGreaterThan(0);
  });

  it('refuses a tampered, unknown or malformed token', async () => {
    const { accessUrl } = await buy(pass);
    const token = decodeURIComponent(accessUrl.split('t=')[1] ?? '');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

    const api = await t.app.inject({ url: `/commerce/access?t=${tampered}` });
    expect(api.statusCode).toBe(403);
    expect(api.json()).toMatchObject({
      code: 'PAYWALL_ACCESS_INVALID',
      error: 'This access link is not valid. Use the link in your confirmation email.',
    });
    expect(api.headers['set-cookie']).toBeUndefined();
    const page = await get(`/commerce/access?t=${tampered}`);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This access link is not valid.');
    expect((await t.app.inject({ url: '/commerce/access?t=nonsense' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/commerce/access' })).statusCode).toBe(400);

    // A cookie holding a forged or mangled token unlocks nothing.
    for (const value of [tampered, 'x'.repeat(43), `${tampered}.garbage`, '']) {
      const locked = await get('/about', withCookie(value));
      expect(locked.body).toContain('This page is locked');
    }
  });

  it('stops a cancelled order’s access at once, link and cookie alike', async () => {
    const { order, token, accessUrl } = await buy(pass);
    const { value } = await open(accessUrl);
    expect((await get('/about', withCookie(value))).body).toContain(ABOUT_TEXT);

    const cancelled = await owner.call(
      'POST',
      `/api/content-service/commerce/1.1/websites/${websiteId}/orders/${order.id}/cancel`,
      { restock: false },
      { 'idempotency-key': `cancel-${order.id}` },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const locked = await get('/about', withCookie(value));
    expect(locked.body).toContain('This page is locked');
    expect(locked.body).not.toContain(ABOUT_TEXT);
    const again = await t.app.inject({ url: accessUrl });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('PAYWALL_ACCESS_WITHDRAWN');
    const status = await get(`/commerce/orders/${order.id}?token=${token}`);
    expect(status.body).not.toContain('Open your content');
  });

  it('stops the access of a line refunded in full, and keeps a partly refunded order’s', async () => {
    const { order, accessUrl } = await buy(pass);
    const { value } = await open(accessUrl);
    const refunds = `/api/content-service/commerce/1.1/websites/${websiteId}/orders/${order.id}/refunds`;
    // A goodwill refund of part of the money takes nothing back.
    const partial = await owner.call(
      'POST',
      refunds,
      { amountCents: 100 },
      {
        'idempotency-key': `partial-${order.id}`,
      },
    );
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await get('/about', withCookie(value))).body).toContain(ABOUT_TEXT);
    const full = await owner.call(
      'POST',
      refunds,
      { items: [{ lineNumber: 1, quantity: 1 }] },
      {
        'idempotency-key': `full-${order.id}`,
      },
    );
    expect(full.statusCode, full.body).toBe(200);
    expect((await get('/about', withCookie(value))).body).toContain('This page is locked');
    expect((await t.app.inject({ url: accessUrl })).statusCode).toBe(410);
  });

  it('keeps every standing grant of a browser, and any one paywall of a page opens it', async () => {
    const second = await createPaywall('Dye Garden Notes', '7');
    // Both passes open the page; the lock screen offers both.
    expect((await setAccess(second.id, { pageIds: [aboutId], collectionIds: [] })).statusCode).toBe(
      200,
    );
    const offers = (await get('/about?format=json')).json().offers;
    expect(offers.map((o: { title: string }) => o.title).sort()).toEqual([
      'Dye Garden Notes',
      'Studio Journal Pass',
    ]);
    const { accessUrl } = await buy(second);
    const first = await open((await buy(pass)).accessUrl);
    // The second link is opened in the same browser: the cookie keeps both.
    const both = await get(accessUrl, { cookie: `${ACCESS_COOKIE}=${first.value}` });
    const value = String([both.headers['set-cookie']].flat()[0]).split(';')[0]?.split('=')[1] ?? '';
    expect(value.split('.')).toHaveLength(2);
    expect((await get('/about', withCookie(value))).body).toContain(ABOUT_TEXT);
  });

  it('locks a collection, its list JSON and its items, but not the pass’s own page', async () => {
    const shelf = await createPaywall('Shop Members Pass', '9');
    expect(
      (await setAccess(shelf.id, { pageIds: [], collectionIds: [collectionId] })).statusCode,
    ).toBe(200);
    const list = await get('/shop');
    expect(list.body).toContain('This page is locked');
    expect(list.headers['cache-control']).toBe('private, no-store');
    const listJson = await get('/shop?format=json');
    expect(listJson.json().pageType).toBe(103);
    expect(listJson.json().items).toBeUndefined();
    const item = await get(pass.fullUrl);
    expect(item.body).toContain('This page is locked');
    expect(item.body).toContain('Shop Members Pass');
    // The pass that opens the shop is bought from its own page.
    const own = await get(shelf.fullUrl);
    expect(own.body).not.toContain('This page is locked');
    // The catalog API and search keep the shop's products too.
    const api = await t.app.inject({ url: '/api/catalog/collections/shop/products' });
    expect(api.statusCode).toBe(403);
    expect(api.json()).toMatchObject({ code: 'PAYWALL_LOCKED', error: 'This page is locked' });
    expect(api.headers['cache-control']).toBe('private, no-store');
    const mugUrl = '/api/catalog/collections/shop/products/stoneware-mug';
    expect((await t.app.inject({ url: mugUrl })).statusCode).toBe(403);
    const passUrl = `/api/catalog/collections/shop/products/${shelf.urlId}`;
    expect((await t.app.inject({ url: passUrl })).statusCode).toBe(200);
    const search = await get('/search?q=mug&format=json');
    expect(search.json().items).toEqual([]);
    expect((await get('/search?q=members&format=json')).json().items).toHaveLength(1);

    const { accessUrl } = await buy(shelf);
    const { opened, value } = await open(accessUrl);
    expect(opened.headers.location).toBe('/shop');
    const open2 = await get('/shop', withCookie(value));
    expect(open2.body).not.toContain('This page is locked');
    expect(open2.body).toContain('Studio Journal Pass');
    expect((await get(pass.fullUrl, withCookie(value))).body).not.toContain('This page is locked');
    const apiOpen = await t.app.inject({
      url: '/api/catalog/collections/shop/products',
      headers: withCookie(value),
    });
    expect(apiOpen.statusCode).toBe(200);
    expect(apiOpen.json().products.length).toBeGreaterThan(1);
    // Unlocking again puts the shop back in the cache for everyone.
    expect((await setAccess(shelf.id, { pageIds: [], collectionIds: [] })).statusCode).toBe(200);
    await get('/shop');
    expect((await get('/shop')).headers['x-page-cache']).toBe('hit');
    expect((await get('/search?q=mug&format=json')).json().items.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: mugUrl })).statusCode).toBe(200);
  });
});
