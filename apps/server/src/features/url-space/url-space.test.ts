import { editorApiMessages, editorMessages } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import { type EditorClient, ownerClient } from '../auth/editor-client.ts';
import { RESERVED_SEGMENTS, segmentProblem } from './url-space.ts';

describe('segmentProblem', () => {
  it('calls a reserved address reserved, even one no slug could spell', () => {
    expect(segmentProblem('cart')).toBe(editorApiMessages.slugReserved('cart'));
    expect(segmentProblem('sitemap.xml')).toBe(editorApiMessages.slugReserved('sitemap.xml'));
  });

  it("holds every other segment to core's slug rule", () => {
    expect(segmentProblem('ab')).toBe(editorMessages.invalidPageUrl('ab'));
    expect(segmentProblem('Summer Sale')).toBe(editorMessages.invalidPageUrl('Summer Sale'));
    expect(segmentProblem('summer--sale')).toBe(editorMessages.invalidPageUrl('summer--sale'));
    expect(segmentProblem('summer-sale')).toBeUndefined();
    expect(segmentProblem('cart-1')).toBeUndefined();
  });
});

describe(`one URL space for routes, pages and collections (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let key: KeyFixture;
  let aboutId: string;

  const createCollection = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/content-service/product/1.1/websites/${key.websiteId}/collections`,
      headers: key.headers,
      payload,
    });
  const createPage = (payload: object) => owner.call('POST', '/api/config/pages', payload);
  const renamePage = (pageId: string, urlSlug: string) =>
    owner.call('PATCH', `/api/config/pages/${pageId}`, { urlSlug });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    key = await createKey(t);
    const pages = (await owner.call('GET', '/api/config/pages')).json().pages;
    aboutId = pages.find((p: { urlSlug: string }) => p.urlSlug === 'about').id;
  });
  afterAll(() => t.close());

  it('reserves the first segment of every route the server registers', () => {
    const firstSegments = new Set(
      t.app.routeUrls
        .map((url) => url.split('/')[1] ?? '')
        // The home page and /:slug, /:collection/p/:urlId: the space this module hands out.
        .filter((segment) => segment !== '' && !segment.startsWith(':')),
    );
    expect(firstSegments.size).toBeGreaterThan(5);
    const missing = [...firstSegments].filter((segment) => !RESERVED_SEGMENTS.has(segment));
    expect(missing, 'add these to RESERVED_SEGMENTS in url-space.ts').toEqual([]);
  });

  it('refuses a page or collection at any reserved segment, created or renamed', async () => {
    for (const segment of RESERVED_SEGMENTS) {
      const message = editorApiMessages.slugReserved(segment);
      const page = await createPage({ title: 'Anything', urlSlug: segment });
      expect([page.statusCode, page.json().error], `page /${segment}`).toEqual([400, message]);
      expect(page.json().errors).toEqual({ urlSlug: message });
      const renamed = await renamePage(aboutId, segment);
      expect([renamed.statusCode, renamed.json().error], `rename /${segment}`).toEqual([
        400,
        message,
      ]);
      const collection = await createCollection({ title: 'Anything', urlId: segment });
      expect([collection.statusCode, collection.json().error], `collection /${segment}`).toEqual([
        400,
        message,
      ]);
      expect(collection.json().errors).toEqual({ urlId: message });
    }
  });

  it('never generates a reserved segment from a title', async () => {
    const page = await createPage({ title: 'Cart' });
    expect(page.json().urlSlug).toBe('cart-1');
    const collection = await createCollection({ title: 'Checkout' });
    expect(collection.json().urlId).toBe('checkout-1');
    const blog = await createCollection({ title: 'Blog' });
    expect(blog.json().urlId).toBe('blog-1');
  });

  it('keeps pages and collections off each other’s addresses', async () => {
    // The demo store has the collection /shop and the page /about.
    const pageAtShop = await createPage({ title: 'Shop', urlSlug: 'shop' });
    expect(pageAtShop.statusCode).toBe(409);
    expect(pageAtShop.json().error).toBe(editorApiMessages.slugTaken('shop'));
    expect((await renamePage(aboutId, 'shop')).statusCode).toBe(409);
    const collectionAtAbout = await createCollection({ title: 'About', urlId: 'about' });
    expect(collectionAtAbout.statusCode).toBe(409);
    expect(collectionAtAbout.json().errors).toEqual({
      urlId: editorApiMessages.slugTaken('about'),
    });
    expect((await createCollection({ title: 'About' })).json().urlId).toBe('about-1');
    expect((await createPage({ title: 'Shop' })).json().urlSlug).toBe('shop-1');
  });

  it('holds a collection url id to the slug rule pages follow', async () => {
    for (const urlId of ['ab', 'Winter Goods', 'winter_goods']) {
      const response = await createCollection({ title: 'Winter', urlId });
      expect(response.statusCode, urlId).toBe(400);
      expect(response.json().error).toBe(editorMessages.invalidPageUrl(urlId));
    }
    const blank = await createCollection({ title: 'Winter Goods', urlId: ' ' });
    expect(blank.json().urlId).toBe('winter-goods');
  });
});
