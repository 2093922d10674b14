import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../test/test-app.ts';

const html = { accept: 'text/html' };

const attribute = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1];

/**
 * The page's one image preload is the `<img>` whose alt starts with `alt`: a browser uses
 * a preload only when its imagesrcset and imagesizes are the image's srcset and sizes, and
 * a second preload of the same image (React preloads eager images by itself) is wasted.
 */
function expectOnePreloadMatching(body: string, alt: string) {
  const preloads = body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  expect(preloads).toHaveLength(1);
  const preload = preloads[0] ?? '';
  const image = body.match(new RegExp(`<img[^>]* alt="${alt}[^>]*>`))?.[0] ?? '';
  expect(image).not.toBe('');
  expect(attribute(preload, 'fetchPriority')).toBe('high');
  expect(attribute(preload, 'imageSrcSet')).toBe(attribute(image, 'srcSet'));
  expect(attribute(preload, 'imageSizes')).toBe(attribute(image, 'sizes'));
  expect(attribute(image, 'loading')).toBe('eager');
}

describe(`the storefront on the seeded demo store (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = async (url: string, host = 'localhost:3000') => {
    const response = await t.app.inject({ url, headers: { ...html, host } });
    return { status: response.statusCode, body: response.body, headers: response.headers };
  };

  it('renders the home page with its hero, navigation and featured products', async () => {
    const { status, body, headers } = await page('/');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(body.startsWith('<!doctype html>')).toBe(true);
    expect(body).toContain('<html lang="en-US">');
    expect(body).toContain('<title>Fern &amp; Flax</title>');
    expect(body).toContain('Made slowly, worn for years');
    expect(body).toMatch(
      /<nav aria-label="Main">.*href="\/shop".*href="\/about".*href="\/contact"/s,
    );
    expect(body).toContain('New in the shop');
    expect(body).toContain('href="/cart"');
    // The hero is the largest paint: preloaded once, and not lazy.
    expectOnePreloadMatching(body, 'Bolts of linen');
  });

  it('preloads the product page’s main image once, with the srcset and sizes of its <img>', async () => {
    const { body } = await page('/shop/p/linen-work-shirt');
    expectOnePreloadMatching(body, 'Sand linen work shirt');
  });

  it('lists every product of the shop with price, sale and sold-out badges', async () => {
    const { status, body } = await page('/shop');
    expect(status).toBe(200);
    for (const title of [
      'Linen Work Shirt',
      'Everyday Tote Sewing Pattern',
      'Private Sewing Lesson',
      'Fern &amp; Flax Gift Card',
      'Hand-Dyed Yarn Club',
      'Stoneware Mug',
      'Waxed Canvas Apron',
    ]) {
      expect(body).toContain(title);
    }
    expect(body).toContain('$12.00');
    // The mug is on sale: sale price shown, the regular one struck through.
    expect(body).toMatch(/\$24\.00<\/span>.*<s class="price__original">\$30\.00<\/s>/s);
    // The apron is sold out and shows the merchant's own sold-out text.
    expect(body).toContain('<span class="badge badge--sold-out">Back in the spring</span>');
    expect(body).toContain('<span class="badge badge--sale">Sale</span>');
  });

  it('renders a product page with price, every variant, sale and sold-out state', async () => {
    const { status, body } = await page('/shop/p/linen-work-shirt');
    expect(status).toBe(200);
    expect(body).toContain('<h1 id="product-title">Linen Work Shirt</h1>');
    expect(body).toContain('$68.00');
    expect(body).toContain('<label for="');
    expect(body).toMatch(/<select[^>]*name="Size"/);
    expect(body).toMatch(/<select[^>]*name="Colour"/);
    // Sale variant (M / Indigo) at $54 with $68 struck; sold-out variant (S / Indigo).
    expect(body).toMatch(
      /<td>M<\/td><td>Indigo<\/td><td>.*\$54\.00.*<s class="price__original">\$68\.00<\/s>.*<\/td><td>In stock<\/td>/s,
    );
    expect(body).toMatch(/<td>S<\/td><td>Indigo<\/td><td>.*<\/td><td>Sold out<\/td>/);
    // The island is marked with its name and props for hydration.
    expect(body).toContain('data-island="ProductForm"');
    // Structured data and Open Graph for search engines and link previews.
    expect(body).toContain('<script type="application/ld+json">');
    expect(body).toContain('"@type":"Product"');
    expect(body).toContain('"availability":"https://schema.org/OutOfStock"');
    expect(body).toContain('<meta property="og:type" content="product"/>');
    expect(body).toMatch(/srcSet="\/files\/[^"]+\/100\.webp 100w, [^"]+ 300w/);
  });

  it('shows the price of a digital product and the plan of a subscription', async () => {
    expect((await page('/shop/p/everyday-tote-sewing-pattern')).body).toContain('$12.00');
    const club = await page('/shop/p/hand-dyed-yarn-club');
    expect(club.body).toContain('Subscription: $32.00 every month until you cancel.');
  });

  it('renders the About and Contact pages from their blocks', async () => {
    const about = await page('/about');
    expect(about.status).toBe(200);
    expect(about.body).toContain('About the studio');
    expect(about.body).toContain('aria-current="page"');
    const contact = await page('/contact');
    expect(contact.body).toContain('hello@fernandflax.example');
  });

  it('renders the cart page empty for a new visitor', async () => {
    const { status, body } = await page('/cart');
    expect(status).toBe(200);
    expect(body).toContain('You have nothing in your shopping cart.');
  });

  it('finds products by words in their title or description', async () => {
    const { status, body } = await page('/search?q=linen');
    expect(status).toBe(200);
    expect(body).toContain('Linen Work Shirt');
    expect(body).not.toContain('Stoneware Mug</h3>');
    const none = await page('/search?q=submarine');
    expect(none.body).toContain('No results for “submarine”.');
  });

  it('answers an unknown address with the 404 page', async () => {
    for (const url of ['/no-such-page', '/shop/p/no-such-product', '/a/b/c']) {
      const { status, body } = await page(url);
      expect(status, url).toBe(404);
      expect(body, url).toContain('Page not found');
    }
  });

  it('serves the generated product images with long cache headers', async () => {
    const { body } = await page('/shop/p/stoneware-mug');
    const src = body.match(/src="(\/files\/[^"]+\.webp)"/)?.[1];
    expect(src).toBeDefined();
    const image = await t.app.inject(src ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
  });

  it('serves the one website to any host on a single-site install', async () => {
    expect((await page('/', '192.168.1.20:3000')).status).toBe(200);
  });

  it('reports stock per variant through the inventory call', async () => {
    const list = await t.app.inject('/api/catalog/collections/shop/products');
    const shirt = list
      .json()
      .products.find((p: { urlId: string }) => p.urlId === 'linen-work-shirt');
    const stock = await t.app.inject(`/api/commerce/inventory/stock/?itemId=${shirt.id}`);
    expect(stock.statusCode).toBe(200);
    expect(stock.json().results).toContainEqual({
      variantId: expect.any(String),
      sku: 'LWS-S-INDIGO',
      unlimited: false,
      qtyInStock: 0,
    });
    expect(stock.json().results).toHaveLength(6);
  });
});

describe(`several websites on one server (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.websites.create({ title: 'Second Shop', hosts: ['second.example'] });
  });
  afterAll(() => t.close());

  it('picks the website by the Host header, and an unknown host gets none', async () => {
    const first = await t.app.inject({ url: '/cart', headers: { ...html, host: 'localhost' } });
    expect(first.body).toContain('Fern &amp; Flax');
    const second = await t.app.inject({
      url: '/cart',
      headers: { ...html, host: 'second.example' },
    });
    expect(second.body).toContain('Second Shop');
    expect(second.body).not.toContain('Fern &amp; Flax');
    const unknown = await t.app.inject({
      url: '/cart',
      headers: { ...html, host: 'unknown.example' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
