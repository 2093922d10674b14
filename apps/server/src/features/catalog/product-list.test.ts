import type { ProductSummary } from '@atelier/contract';
import { ProductType, Role } from '@atelier/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import { editorClient, memberClient, ownerClient } from '../auth/editor-client.ts';

// The merchant's product list (issue 18) over the demo store: Linen Work Shirt (six
// variants, 35 units, one on sale at $54), Everyday Tote Sewing Pattern (digital), Private
// Sewing Lesson (6), Fern & Flax Gift Card, Hand-Dyed Yarn Club (40), Stoneware Mug (20,
// on sale at $24) and Waxed Canvas Apron (0: sold out); the tests add a few of their own.

type ListAnswer = { products: ProductSummary[]; total: number; page: number; pageSize: number };

describe(`the product list (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let base: string;
  let shopId: string;

  const list = async (query = '', headers: Record<string, string> = key.headers) => {
    const response = await t.app.inject({ url: `${base}/products${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListAnswer;
  };
  const titles = (answer: ListAnswer) => answer.products.map((p) => p.title);
  const create = async (body: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/products`,
      headers: key.headers,
      payload: { collectionId: shopId, productType: ProductType.physical, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const usd = (value: string) => ({ value, currency: 'USD' });

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(key.websiteId, 'shop')).collection.id;
    // Low: 3 units, at or under the default threshold of 5.
    await create({
      title: 'Canvas Tote Bag',
      variants: [{ sku: 'TOTE-NAT', priceMoney: usd('22.00'), qtyInStock: 3 }],
    });
    // 4 units, but its own threshold is 2: in stock, not low.
    await create({
      title: 'Brass Thimble',
      variants: [{ sku: 'thimble-s', priceMoney: usd('9.00'), qtyInStock: 4 }],
      merchandising: { scarcityEnabled: true, scarcityThreshold: 2 },
    });
    // One unlimited variant: never low or sold out, and no total to show.
    await create({
      title: 'Pin Cushion',
      variantOptionOrdering: ['Colour'],
      variants: [
        { sku: 'PIN-RED', attributes: { Colour: 'Red' }, priceMoney: usd('12.00'), qtyInStock: 0 },
        {
          sku: 'PIN-BLUE',
          attributes: { Colour: 'Blue' },
          priceMoney: usd('11.00'),
          unlimited: true,
        },
      ],
    });
    await create({
      title: 'Secret Sample Sale',
      isVisible: false,
      variants: [{ sku: 'SECRET-1', priceMoney: usd('5.00'), qtyInStock: 10 }],
    });
  });
  afterAll(() => t.close());

  it('lists summaries, newest change first, with prices, stock and thumbnails', async () => {
    const answer = await list();
    expect(answer).toMatchObject({ total: 11, page: 1, pageSize: 25 });
    // Created last, changed last.
    expect(titles(answer)[0]).toBe('Secret Sample Sale');
    const shirt = answer.products.find((p) => p.title === 'Linen Work Shirt');
    expect(shirt).toMatchObject({
      urlId: 'linen-work-shirt',
      collectionUrlId: 'shop',
      productType: ProductType.physical,
      isVisible: true,
      // The lowest price a shopper pays: the medium indigo on sale.
      priceCents: 5400,
      currency: 'USD',
      variantCount: 6,
      skus: ['LWS-S-SAND', 'LWS-S-INDIGO', 'LWS-M-SAND'],
      totalStock: 35,
      stockState: 'in-stock',
      thumbnail: { altText: 'Sand linen work shirt laid flat' },
    });
    expect(shirt?.thumbnail?.src).toMatch(/^\/files\/[0-9a-f-]+\/[0-9a-f-]+\/\d+\.webp$/);
    const image = await t.app.inject({ url: shirt?.thumbnail?.src ?? '' });
    expect(image.statusCode).toBe(200);
    expect(Date.parse(shirt?.updatedAt ?? '')).not.toBeNaN();

    const pattern = answer.products.find((p) => p.title === 'Everyday Tote Sewing Pattern');
    // A digital product's price is its own; its stock never runs out.
    expect(pattern).toMatchObject({ priceCents: 1200, totalStock: null, stockState: 'in-stock' });
    const pins = answer.products.find((p) => p.title === 'Pin Cushion');
    expect(pins).toMatchObject({ priceCents: 1100, totalStock: null, stockState: 'in-stock' });
    const tote = answer.products.find((p) => p.title === 'Canvas Tote Bag');
    expect(tote).toMatchObject({ thumbnail: null, totalStock: 3, stockState: 'low' });
  });

  it('searches by a word of the title, part of one, or the start of a SKU, any case', async () => {
    expect(titles(await list('?q=shirts'))).toEqual(['Linen Work Shirt']);
    expect(titles(await list('?q=LINEN'))).toEqual(['Linen Work Shirt']);
    expect(titles(await list('?q=cushi'))).toEqual(['Pin Cushion']);
    // SKUs: exact, or their start, whatever the case.
    expect(titles(await list('?q=MUG-OAT'))).toEqual(['Stoneware Mug']);
    expect(titles(await list('?q=lws-m'))).toEqual(['Linen Work Shirt']);
    expect(titles(await list('?q=THIMBLE-S'))).toEqual(['Brass Thimble']);
    // The middle of a SKU is not its start.
    expect((await list('?q=OAT')).total).toBe(0);
    // LIKE's wildcards are plain characters in a search.
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=_')).total).toBe(0);
    const none = await list('?q=velvet%20curtains');
    expect(none).toMatchObject({ products: [], total: 0 });
  });

  it('filters by type, stock state and visibility, and combines them with a search', async () => {
    expect(titles(await list('?type=2'))).toEqual(['Everyday Tote Sewing Pattern']);
    expect(titles(await list('?type=4'))).toEqual(['Fern & Flax Gift Card']);
    expect(titles(await list('?stock=sold-out'))).toEqual(['Waxed Canvas Apron']);
    expect(titles(await list('?stock=low&sort=title'))).toEqual(['Canvas Tote Bag']);
    const inStock = titles(await list('?stock=in-stock'));
    expect(inStock).toHaveLength(9);
    expect(inStock).toContain('Brass Thimble');
    expect(titles(await list('?visibility=hidden'))).toEqual(['Secret Sample Sale']);
    expect((await list('?visibility=visible')).total).toBe(10);
    expect(titles(await list('?q=canvas&stock=sold-out'))).toEqual(['Waxed Canvas Apron']);
    expect((await list('?type=2&stock=sold-out')).total).toBe(0);
  });

  it('sorts by title, price, stock and last change, both ways', async () => {
    const byTitle = titles(await list('?sort=title'));
    expect(byTitle.slice(0, 3)).toEqual([
      'Brass Thimble',
      'Canvas Tote Bag',
      'Everyday Tote Sewing Pattern',
    ]);
    expect(titles(await list('?sort=-title'))).toEqual([...byTitle].reverse());

    const byPrice = (await list('?sort=price')).products.map((p) => p.priceCents);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(titles(await list('?sort=price'))[0]).toBe('Secret Sample Sale');
    expect(titles(await list('?sort=-price'))[0]).toBe('Waxed Canvas Apron');

    // Counted stock ascending, unlimited stock after every count.
    const byStock = (await list('?sort=stock')).products;
    expect(byStock[0]?.title).toBe('Waxed Canvas Apron');
    expect(byStock.at(-1)?.totalStock).toBeNull();
    expect(byStock.slice(0, 4).map((p) => p.totalStock)).toEqual([0, 3, 4, 6]);
    const byStockDown = (await list('?sort=-stock')).products;
    expect(byStockDown[0]?.totalStock).toBeNull();
    expect(byStockDown.at(-1)?.title).toBe('Waxed Canvas Apron');

    const oldestFirst = titles(await list('?sort=updated'));
    expect(oldestFirst.at(-1)).toBe('Secret Sample Sale');
  });

  it('pages with the total of every match', async () => {
    const first = await list('?pageSize=10&sort=title');
    expect(first).toMatchObject({ total: 11, page: 1, pageSize: 10 });
    expect(first.products).toHaveLength(10);
    const second = await list('?pageSize=10&sort=title&page=2');
    expect(second).toMatchObject({ total: 11, page: 2 });
    expect(titles(second)).toEqual(['Waxed Canvas Apron']);
    // Pages never overlap.
    expect(titles(first)).not.toContain('Waxed Canvas Apron');
    // Past the end: nothing, with the same total.
    expect(await list('?pageSize=10&page=9')).toMatchObject({ products: [], total: 11 });
  });

  it('refuses bad query values with 400 and a message naming the value, never 500', async () => {
    const cases: [string, string, string][] = [
      ['?type=9', 'type', 'type must be a product type from 1 to 5'],
      ['?type=abc', 'type', 'type must be a product type from 1 to 5'],
      ['?stock=plenty', 'stock', 'stock must be in-stock, low or sold-out'],
      ['?visibility=secret', 'visibility', 'visibility must be visible or hidden'],
      ['?sort=colour', 'sort', 'sort must be one of title, -title, updated, -updated'],
      ['?page=0', 'page', 'page must be a whole number from 1'],
      ['?page=1.5', 'page', 'page must be a whole number from 1'],
      ['?pageSize=7', 'pageSize', 'pageSize must be one of 10, 25, 50, 100'],
      ['?pageSize=lots', 'pageSize', 'pageSize must be one of 10, 25, 50, 100'],
      [`?q=${'a'.repeat(201)}`, 'q', 'q can be at most 200 characters'],
      ['?type=1e400', 'type', 'type must be a product type from 1 to 5'],
    ];
    for (const [query, field, message] of cases) {
      const response = await t.app.inject({
        url: `${base}/products${query}`,
        headers: key.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('REQUEST_INVALID');
      expect(response.json().errors?.[field], query).toContain(message);
    }
    // A parameter sent twice is refused too, not read as a list.
    const twice = await t.app.inject({ url: `${base}/products?q=a&q=b`, headers: key.headers });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('REQUEST_INVALID');
  });

  it('answers a signed-in owner’s session (a read needs no CSRF crumb)', async () => {
    const owner = await ownerClient(t);
    const response = await owner.call('GET', `${base}/products?q=mug`, undefined, {
      'x-csrf-token': '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().products.map((p: ProductSummary) => p.title)).toEqual(['Stoneware Mug']);
  });

  it('refuses editors, by key or by session, and callers without either', async () => {
    const editorKey = await createKey(t, { role: Role.editor });
    const byKey = await t.app.inject({ url: `${base}/products`, headers: editorKey.headers });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe('ROLE_FORBIDDEN');

    const owner = await editorClient(t);
    await owner.call('POST', '/api/config/session', {
      email: 'owner@example.com',
      password: 'correct horse battery',
    });
    const editor = await memberClient(t, owner, { email: 'writer@example.com', role: Role.editor });
    const bySession = await editor.call('GET', `${base}/products`);
    expect(bySession.statusCode).toBe(403);
    expect(bySession.json().code).toBe('ROLE_FORBIDDEN');

    const manager = await createKey(t, { role: Role.storeManager });
    expect((await list('', manager.headers)).total).toBe(11);
    const nobody = await t.app.inject({ url: `${base}/products` });
    expect(nobody.statusCode).toBe(401);
  });

  it('never shows one website’s products to another', async () => {
    await t.app.services.websites.create({ title: 'Second Shop', hosts: ['second.example'] });
    const second = await createKey(t, { host: 'second.example' });
    // B's key on B's host, A's id in the path: no such address there.
    const crossPath = await t.app.inject({ url: `${base}/products`, headers: second.headers });
    expect(crossPath.statusCode).toBe(404);
    expect(crossPath.json().code).toBe('ROUTE_NOT_FOUND');
    // B's own list is B's: empty.
    const own = await t.app.inject({
      url: `/api/content-service/product/1.1/websites/${second.websiteId}/products`,
      headers: second.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ products: [], total: 0 });
  });
});

describe(`the product list with 5,000 products (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    const shopId = (await t.app.services.catalog.getCollectionList(key.websiteId, 'shop'))
      .collection.id;
    // One statement each, as an import would: titles "Bulk Item n", SKUs "BULK-0000n".
    await sql`insert into products (website_id, collection_id, product_type, url_id, title)
      select ${key.websiteId}, ${shopId}, 1, 'bulk-' || n, 'Bulk Item ' || n
      from generate_series(1, 5000) as n`.execute(t.database.db);
    await sql`insert into product_variants (website_id, product_id, sku, price_cents, qty_in_stock)
      select website_id, product_id, 'BULK-' || lpad(substr(url_id, 6), 5, '0'),
        1000 + substr(url_id, 6)::int, substr(url_id, 6)::int % 7
      from products where website_id = ${key.websiteId} and url_id like 'bulk-%'`.execute(
      t.database.db,
    );
  }, 60_000);
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ url: `${base}/products${query}`, headers: key.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ListAnswer;
  };

  it('finds one product by SKU or title among thousands, and counts them all', async () => {
    const bySku = await list('?q=bulk-04321');
    expect(bySku.total).toBe(1);
    expect(bySku.products[0]).toMatchObject({ title: 'Bulk Item 4321', priceCents: 5321 });
    const byTitle = await list('?q=Item%204321');
    expect(byTitle.products.map((p) => p.title)).toEqual(['Bulk Item 4321']);
    const byPrefix = await list('?q=BULK-0432&sort=title');
    expect(byPrefix.total).toBe(10);
    expect(byPrefix.products.every((p) => p.skus[0]?.startsWith('BULK-0432'))).toBe(true);
    const everything = await list('?pageSize=100&page=50&sort=price');
    expect(everything.total).toBe(5007);
    expect(everything.products).toHaveLength(100);
    // n % 7 = 0 for 714 of them, plus the demo's apron.
    expect((await list('?stock=sold-out')).total).toBe(715);
  });
});
