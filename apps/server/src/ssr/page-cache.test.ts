import type { AddressInfo } from 'node:net';
import type { CatalogProduct } from '@atelier/contract';
import { ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerClient } from '../features/auth/editor-client.ts';
import { createShopper, fillDetails, injectSend } from '../features/checkout/commerce-test-kit.ts';
import { rawGet } from '../test/raw-get.ts';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';
import { carriesCookie } from './page-cache.ts';

// The page cache must never show a visitor something that is no longer true: each write
// that changes a public page is followed by a request that has to see the change at once.
// Availability is read from the page's structured data, which names it per variant.
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

// Every change is checked twice: with the page cache (PAGE_CACHE=on: the page must not be
// served from the cache once it changed) and without it (PAGE_CACHE=off: pages are
// rendered each time, from reads remembered under the same clock, which must not be
// stale either).
describe.each([
  { pageCache: 'on', hit: 'hit', miss: 'miss' },
  { pageCache: 'off', hit: undefined, miss: undefined },
] as const)(
  `a visitor sees every change at once, page cache $pageCache (${testDialect})`,
  ({ pageCache, hit, miss }) => {
    let t: TestApp;
    let websiteId: string;
    let headers: { host: string; authorization: string };
    const admin = (websiteIdPath: string) =>
      `/api/content-service/product/1.1/websites/${websiteId}${websiteIdPath}`;

    const page = (url: string, extra: Record<string, string> = {}) =>
      t.app.inject({ url, headers: { host: 'localhost', accept: 'text/html', ...extra } });

    /** Loads a page twice so the second answer is the cached one (when on), and returns its body. */
    async function cachedPage(url: string): Promise<string> {
      await page(url);
      const second = await page(url);
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-page-cache']).toBe(hit);
      return second.body;
    }

    async function product(urlId: string): Promise<CatalogProduct> {
      const list = await t.app.services.catalog.getCollectionList(websiteId, 'shop');
      const found = list.products.find((p) => p.fullUrl === `/shop/p/${urlId}`);
      if (!found) throw new Error(`no product ${urlId}`);
      return t.app.services.catalogAdmin.getProduct(websiteId, found.id);
    }

    beforeAll(async () => {
      t = await createTestApp({ pageCache });
      const website = await t.app.services.websites.resolveByHost('localhost');
      if (!website) throw new Error('no demo website');
      websiteId = website.id;
      const { secret } = await t.app.services.apiKeys.create({
        websiteId,
        name: 'page cache test',
        role: Role.admin,
      });
      headers = { host: 'localhost', authorization: `Bearer ${secret}` };
    });
    afterAll(() => t.close());

    it('serves a second visit from the cache, byte for byte', async () => {
      const first = await page('/shop/p/stoneware-mug');
      const second = await page('/shop/p/stoneware-mug');
      expect(first.headers['x-page-cache']).toBe(miss);
      expect(second.headers['x-page-cache']).toBe(hit);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
      // Security headers come from the app's hooks on every answer, cached or not.
      expect(second.headers['content-security-policy']).toBe(
        first.headers['content-security-policy'],
      );
    });

    it('keys pages by path and query, so ?format=json and categories are their own entries', async () => {
      const html = await cachedPage('/shop');
      const json = await page('/shop?format=json');
      expect(json.headers['content-type']).toContain('application/json');
      expect(json.json().collection.urlId).toBe('shop');
      expect((await page('/shop?format=json')).headers['x-page-cache']).toBe(hit);
      expect(html).toContain('<!doctype html>');
    });

    it('shows an edited product on its page and on list pages at once', async () => {
      await cachedPage('/shop/p/stoneware-mug');
      await cachedPage('/shop');
      await cachedPage('/shop?format=json');
      const mug = await product('stoneware-mug');
      const edited = await t.app.inject({
        method: 'PATCH',
        url: admin(`/products/${mug.id}`),
        headers,
        payload: { title: 'Speckled Stoneware Mug' },
      });
      expect(edited.statusCode).toBe(200);
      const productPage = await page('/shop/p/stoneware-mug');
      expect(productPage.headers['x-page-cache']).toBe(miss);
      expect(productPage.body).toContain('Speckled Stoneware Mug');
      expect((await page('/shop')).body).toContain('Speckled Stoneware Mug');
      expect(JSON.stringify((await page('/shop?format=json')).json())).toContain(
        'Speckled Stoneware Mug',
      );
    });

    it('shows a new product on the list page and drops a deleted one', async () => {
      await cachedPage('/shop');
      const collectionId = (await product('stoneware-mug')).collectionId;
      const created = await t.app.inject({
        method: 'POST',
        url: admin('/products'),
        headers,
        payload: {
          collectionId,
          productType: ProductType.physical,
          title: 'Cache Test Candle',
          variants: [{ priceMoney: { value: '12.00', currency: 'USD' }, qtyInStock: 4 }],
        },
      });
      expect(created.statusCode).toBe(201);
      expect((await page('/shop')).body).toContain('Cache Test Candle');
      await cachedPage('/shop');
      await cachedPage('/shop/p/cache-test-candle');
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: admin(`/products/${created.json().id}`),
        headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await page('/shop')).body).not.toContain('Cache Test Candle');
      expect((await page('/shop/p/cache-test-candle')).statusCode).toBe(404);
    });

    it('shows a price change at once', async () => {
      const before = await cachedPage('/shop/p/stoneware-mug');
      expect(before).toContain('$24.00');
      const mug = await product('stoneware-mug');
      const variantId = mug.variants[0]?.id ?? '';
      const changed = await t.app.inject({
        method: 'PATCH',
        url: admin(`/products/${mug.id}`),
        headers,
        payload: {
          variants: [
            {
              id: variantId,
              priceMoney: { value: '31.00', currency: 'USD' },
              salePriceMoney: { value: '27.50', currency: 'USD' },
            },
          ],
        },
      });
      expect(changed.statusCode).toBe(200);
      const after = await page('/shop/p/stoneware-mug');
      expect(after.body).toContain('$27.50');
      expect(after.body).not.toContain('$24.00');
      expect((await page('/shop')).body).toContain('$27.50');
    });

    it('shows stock crossing zero both ways at once', async () => {
      const apron = await product('waxed-canvas-apron');
      const variantId = apron.variants[0]?.id ?? '';
      const soldOut = await cachedPage('/shop/p/waxed-canvas-apron');
      expect(soldOut).toContain(OUT_OF_STOCK);
      const stockUrl = admin(`/products/${apron.id}/variants/${variantId}/stock`);
      const restocked = await t.app.inject({
        method: 'PUT',
        url: stockUrl,
        headers,
        payload: { qtyInStock: 2 },
      });
      expect(restocked.statusCode).toBe(200);
      const inStock = await page('/shop/p/waxed-canvas-apron');
      expect(inStock.body).toContain(IN_STOCK);
      expect(inStock.body).not.toContain(OUT_OF_STOCK);
      await cachedPage('/shop/p/waxed-canvas-apron');
      await t.app.inject({ method: 'PUT', url: stockUrl, headers, payload: { qtyInStock: 0 } });
      expect((await page('/shop/p/waxed-canvas-apron')).body).toContain(OUT_OF_STOCK);
    });

    it('shows a variant as sold out once an order buys its last unit', async () => {
      const mug = await product('stoneware-mug');
      const variant = mug.variants[0];
      if (!variant) throw new Error('no mug variant');
      // Leave exactly one unit, then cache the page that still offers it.
      await t.app.inject({
        method: 'PUT',
        url: admin(`/products/${mug.id}/variants/${variant.id}/stock`),
        headers,
        payload: { qtyInStock: 1 },
      });
      const offered = await cachedPage(mug.fullUrl);
      expect(offered).toContain(IN_STOCK);

      const shopper = createShopper(injectSend(t.app));
      await shopper.visit();
      const added = await shopper.add({ itemId: mug.id, sku: variant.sku }, 1);
      expect(added.status).toBe(200);
      const checkoutId = (await shopper.start()).body.checkout.id;
      await fillDetails(shopper, checkoutId);
      const placed = await shopper.place(checkoutId, 'page-cache-last-unit');
      expect(placed.status).toBe(200);

      const after = await page(mug.fullUrl);
      expect(after.headers['x-page-cache']).toBe(miss);
      expect(after.body).toContain(OUT_OF_STOCK);
      expect(after.body).not.toContain(IN_STOCK);
    });

    it("never serves one visitor's cart to another, and never caches cart or checkout", async () => {
      const shopper = createShopper(injectSend(t.app));
      await shopper.visit();
      const tote = await product('everyday-tote-sewing-pattern');
      const added = await shopper.add({ itemId: tote.id, sku: tote.variants[0]?.sku ?? '' }, 1);
      expect(added.status).toBe(200);
      const cookie = Object.entries(shopper.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ');

      // A product page is the same for everyone: no cookie set, nothing from the cart.
      const withCart = await page('/shop/p/stoneware-mug', { cookie });
      const stranger = await page('/shop/p/stoneware-mug');
      expect(withCart.headers['set-cookie']).toBeUndefined();
      expect(stranger.body).toBe(withCart.body);
      expect(withCart.body).not.toContain(shopper.cookies.atelier_cart ?? 'no cart id');

      // The cart page shows this visitor's cart and is never stored.
      const cartPage = await page('/cart', { cookie });
      expect(cartPage.headers['cache-control']).toBe('no-store');
      expect(cartPage.headers['x-page-cache']).toBeUndefined();
      expect(cartPage.body).toContain('Everyday Tote Sewing Pattern');
      const emptyCart = await page('/cart');
      expect(emptyCart.headers['x-page-cache']).toBeUndefined();
      expect(emptyCart.body).not.toContain('Everyday Tote Sewing Pattern');
      expect((await page('/checkout', { cookie })).headers['x-page-cache']).toBeUndefined();
    });

    /** The site's owner, created on first use (an install has one). */
    let ownerSession: ReturnType<typeof ownerClient> | undefined;
    const ownerOf = () => {
      ownerSession ??= ownerClient(t);
      return ownerSession;
    };

    it('shows a published page, and its place in the menu, at once', async () => {
      const owner = await ownerOf();
      const home = await cachedPage('/');
      expect(home).not.toContain('Dye Garden');
      expect((await page('/dye-garden')).statusCode).toBe(404);

      const created = await owner.call('POST', '/api/config/pages', { title: 'Dye Garden' });
      expect(created.statusCode, created.body).toBe(201);
      const saved = await owner.call('PUT', `/api/config/pages/${created.json().id}/draft`, {
        blocks: [{ type: 'heading', version: 1, text: 'Madder and weld', level: 2 }],
        baseRevision: created.json().draftRevision,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // A draft changes nothing a visitor sees: the cached home page still stands.
      expect((await page('/')).headers['x-page-cache']).toBe(hit);

      const published = await owner.call('POST', `/api/config/pages/${created.json().id}/publish`, {
        baseRevision: saved.json().draftRevision,
      });
      expect(published.statusCode, published.body).toBe(200);
      const after = await page('/');
      expect(after.headers['x-page-cache']).toBe(miss);
      expect(after.body).toContain('Dye Garden');
      // Every page carries the menu, so a product page cached before is rendered again too.
      expect((await page('/shop/p/stoneware-mug')).body).toContain('Dye Garden');
      const live = await page('/dye-garden');
      expect(live.statusCode).toBe(200);
      expect(live.body).toContain('Madder and weld');

      // Published again with new words: the page a visitor just saw changes at once.
      await cachedPage('/dye-garden');
      const edited = await owner.call('PUT', `/api/config/pages/${created.json().id}/draft`, {
        blocks: [{ type: 'heading', version: 1, text: 'Woad and indigo', level: 2 }],
        baseRevision: published.json().draftRevision,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const republished = await owner.call(
        'POST',
        `/api/config/pages/${created.json().id}/publish`,
        { baseRevision: edited.json().draftRevision },
      );
      expect(republished.statusCode, republished.body).toBe(200);
      const relive = await page('/dye-garden');
      expect(relive.body).toContain('Woad and indigo');
      expect(relive.body).not.toContain('Madder and weld');
    });

    it('drops a deleted image from the product page at once', async () => {
      const owner = await ownerOf();
      const shirt = await product('linen-work-shirt');
      const image = shirt.images[0];
      if (!image) throw new Error('the demo shirt has no image');
      expect(await cachedPage(shirt.fullUrl)).toContain(image.src);
      const deleted = await owner.call('DELETE', `/api/config/media/${image.id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      const after = await page(shirt.fullUrl);
      expect(after.headers['x-page-cache']).toBe(miss);
      expect(after.body).not.toContain(image.src);
    });

    it('shows a change of the site title at once, on pages and in the remembered website', async () => {
      const owner = await ownerOf();
      const before = await cachedPage('/shop/p/stoneware-mug');
      expect(before).not.toContain('Weft &amp; Warp');
      const changed = await owner.call('PATCH', '/api/config/settings', { title: 'Weft & Warp' });
      expect(changed.statusCode, changed.body).toBe(200);
      const after = await page('/shop/p/stoneware-mug');
      expect(after.headers['x-page-cache']).toBe(miss);
      expect(after.body).toContain('Weft &amp; Warp');
      expect((await t.app.services.websites.resolveByHost('localhost'))?.title).toBe('Weft & Warp');
      expect((await t.app.services.websites.getById(websiteId))?.title).toBe('Weft & Warp');
    });

    it('answers 304 to a browser whose copy is current, and 200 once the page changed', async () => {
      const first = await page('/');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const fresh = await page('/', { 'if-none-match': String(etag) });
      expect(fresh.statusCode).toBe(304);
      expect(fresh.body).toBe('');
      expect(fresh.headers.etag).toBe(etag);
      expect((await page('/', { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
      expect((await page('/', { 'if-none-match': '"stale"' })).statusCode).toBe(200);

      // The home page lists products; an edit to one changes the page and its tag.
      const mug = await product('stoneware-mug');
      await t.app.inject({
        method: 'PATCH',
        url: admin(`/products/${mug.id}`),
        headers,
        payload: { title: 'Glazed Stoneware Mug' },
      });
      const changed = await page('/', { 'if-none-match': String(etag) });
      if (changed.body.includes('Glazed Stoneware Mug')) {
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
      } else {
        // The home page shows no mug: it is the same page, so the browser's copy stands.
        expect(changed.statusCode).toBe(304);
      }
    });
  },
);

describe(`rendered-page cache hits (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers hits over a socket before Fastify, with exactly the headers of the miss', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const get = async (path: string, extra: Record<string, string> = {}, method = 'GET') => {
      const answer = await rawGet(port, path, { host: 'localhost', ...extra }, method);
      return { ...answer, body: answer.body.toString('utf8') };
    };
    // Per response, not per page: the clock, the connection and which path answered.
    const comparable = (headers: Record<string, unknown>) => {
      const { date, connection, 'keep-alive': keepAlive, 'x-page-cache': cache, ...rest } = headers;
      return rest;
    };
    const path = '/shop/p/linen-work-shirt?fast=1';
    const before = t.app.services.pageCache.stats().earlyHits;
    const miss = await get(path);
    const hit = await get(path);
    expect(miss.headers['x-page-cache']).toBe('miss');
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(t.app.services.pageCache.stats().earlyHits).toBe(before + 1);
    expect(hit.status).toBe(200);
    expect(hit.body).toBe(miss.body);
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
    expect(hit.headers['set-cookie']).toBeUndefined();

    const head = await get(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(miss.headers['content-length']);

    const notModified = await get(path, { 'if-none-match': String(miss.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(miss.headers.etag);
    expect(notModified.headers['content-security-policy']).toBe(
      miss.headers['content-security-policy'],
    );

    // The Host header picks the website: another host is resolved and rendered on its
    // own (with one website, any host reaches it), never handed this host's entry.
    const otherHost = await get(path, { host: 'other-host.example' });
    expect(otherHost.headers['x-page-cache']).toBe('miss');

    // ?format=json is its own entry with its own content type, from the fast path too.
    await get('/shop?format=json&fast=1');
    const json = await get('/shop?format=json&fast=1');
    expect(json.headers['x-page-cache']).toBe('hit');
    expect(json.headers['content-type']).toContain('application/json');
    expect(t.app.services.pageCache.stats().earlyHits).toBe(before + 4);
  });
});

describe('which requests a stored page is kept from (issue 23)', () => {
  it('reads the named cookies from the raw header, ignoring empty and look-alike ones', () => {
    const names = ['atelier_account', 'atelier_session'];
    expect(carriesCookie(undefined, names)).toBe(false);
    expect(carriesCookie('crumb=abc; atelier_account=t0k', names)).toBe(true);
    expect(carriesCookie('atelier_session=x', names)).toBe(true);
    // A cleared cookie, or one whose name only contains a listed one, is not a session.
    expect(carriesCookie('atelier_account=; crumb=abc', names)).toBe(false);
    expect(carriesCookie('my_atelier_account=t0k; atelier_accounts=t0k', names)).toBe(false);
    expect(carriesCookie('atelier_account=t0k', [])).toBe(false);
  });
});
