import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';

describe(`sitemap and robots (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every page, collection and product with absolute URLs', async () => {
    const response = await t.app.inject({
      url: '/sitemap.xml',
      headers: { host: 'shop.example:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://shop.example:8080/',
        'http://shop.example:8080/about',
        'http://shop.example:8080/contact',
        'http://shop.example:8080/shop',
        'http://shop.example:8080/shop/p/linen-work-shirt',
        'http://shop.example:8080/shop/p/gift-card',
      ]),
    );
    expect(locs).toHaveLength(3 + 1 + 7);
  });

  it('keeps crawlers out of the cart, search and API and points them at the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt', headers: { host: 'shop.example' } });
    expect(response.body).toBe(
      'User-agent: *\nDisallow: /api/\nDisallow: /cart\nDisallow: /search\nSitemap: http://shop.example/sitemap.xml\n',
    );
  });
});
