import { catalogMessages, ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';

// The category manager and the store pages admin (issue 18): the tree, edit (rename,
// reparent, reorder), delete, merge, bulk add, the product list's category and tag
// filters, and store pages listed, changed and deleted only when empty.

type Tree = {
  id: string;
  displayName: string;
  parentCategoryId: string | null;
  displayIndex: number;
  productCount: number;
}[];

describe(`the category manager (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let base: string;
  let shopId: string;

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
    who = key,
  ) =>
    t.app.inject({
      method,
      url: `${base}${path}`,
      headers: who.headers,
      ...(payload && { payload }),
    });
  const tree = async (collectionId = shopId) => {
    const answer = await call('GET', `/products/${collectionId}/categories`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().categories as Tree;
  };
  const named = async (name: string) => {
    const found = (await tree()).find((c) => c.displayName === name);
    if (!found) throw new Error(`no category ${name}`);
    return found;
  };
  async function category(displayName: string, parentCategoryId?: string) {
    const created = await call('POST', `/products/${shopId}/categories`, {
      displayName,
      ...(parentCategoryId && { parentCategoryId }),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }
  async function product(title: string, categories: string[], tags: string[] = []) {
    const created = await call('POST', '/products', {
      collectionId: shopId,
      productType: ProductType.physical,
      title,
      tags,
      categories,
      variants: [{ sku: `CAT-${title}`, priceMoney: { value: '10.00', currency: 'USD' } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }
  const categoriesOf = async (productId: string) =>
    (await call('GET', `/products/${productId}`)).json().categoryIds as string[];
  const listedTitles = async (query: string) => {
    const answer = await call('GET', `/products?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().products as { title: string }[]).map((p) => p.title).sort();
  };

  let home: string;
  let kitchen: string;
  let linen: string;
  let towel: string;
  let apron: string;

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    // A store page of its own: the demo shop's categories and products stay out of the way.
    const workroom = await call('POST', '/collections', { title: 'Workroom', urlId: 'workroom' });
    expect(workroom.statusCode, workroom.body).toBe(201);
    shopId = workroom.json().id;
    home = await category('Home');
    kitchen = await category('Kitchen', home);
    linen = await category('Linen');
    towel = await product('Towel', [kitchen], ['weave']);
    apron = await product('Apron', [linen], ['weave', 'galley']);
    await product('Mug', []);
  });
  afterAll(() => t.close());

  it('lists store pages with their product counts', async () => {
    const answer = await call('GET', '/collections');
    expect(answer.statusCode, answer.body).toBe(200);
    const shop = answer.json().collections.find((c: { id: string }) => c.id === shopId);
    expect(shop).toMatchObject({ urlId: 'workroom', type: 'products', productCount: 3 });
  });

  it('lists the tree: parents before children, with product counts', async () => {
    const categories = await tree();
    const names = categories.map((c) => c.displayName);
    expect(names.indexOf('Kitchen')).toBe(names.indexOf('Home') + 1);
    expect(categories.find((c) => c.id === kitchen)).toMatchObject({
      parentCategoryId: home,
      productCount: 1,
    });
    const missing = await call('GET', `/products/${crypto.randomUUID()}/categories`);
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', '/products/nope/categories')).statusCode).toBe(400);
  });

  it('filters the product list by category (with subcategories) and by tag', async () => {
    expect(await listedTitles(`category=${home}`)).toEqual(['Towel']);
    expect(await listedTitles(`category=${linen}`)).toEqual(['Apron']);
    expect(await listedTitles('tag=weave')).toEqual(['Apron', 'Towel']);
    expect(await listedTitles(`tag=galley&category=${linen}`)).toEqual(['Apron']);
    expect(await listedTitles('tag=Weave')).toEqual([]);
    expect((await call('GET', '/products?category=linen')).statusCode).toBe(400);
  });

  it('renames within the 25-character limit, refusing a sibling’s name', async () => {
    const renamed = await call('PATCH', `/categories/${linen}`, { displayName: ' Linens ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ displayName: 'Linens', productCount: 1 });

    const clash = await call('PATCH', `/categories/${linen}`, { displayName: 'home' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'CATEGORY_TAKEN',
      error: 'This category already exists',
    });
    const long = await call('PATCH', `/categories/${linen}`, { displayName: 'x'.repeat(26) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.displayName).toBe(catalogMessages.categoryNameTooLong);
    const empty = await call('PATCH', `/categories/${linen}`, { displayName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect((await call('PATCH', `/categories/${linen}`, {})).statusCode).toBe(400);
    expect(
      (await call('PATCH', `/categories/${crypto.randomUUID()}`, { displayName: 'A' })).statusCode,
    ).toBe(404);
    expect((await named('Linens')).id).toBe(linen);
  });

  it('reparents and reorders, refusing a move into itself or below itself', async () => {
    const nested = await call('PATCH', `/categories/${linen}`, { parentCategoryId: home });
    expect(nested.statusCode, nested.body).toBe(200);
    // Appended after Kitchen.
    expect(nested.json()).toMatchObject({ parentCategoryId: home, displayIndex: 1 });
    const first = await call('PATCH', `/categories/${linen}`, { displayIndex: 0 });
    expect(first.json().displayIndex).toBe(0);
    expect((await named('Kitchen')).displayIndex).toBe(1);
    // A product in a subcategory is found from the parent.
    expect(await listedTitles(`category=${home}`)).toEqual(['Apron', 'Towel']);

    const intoChild = await call('PATCH', `/categories/${home}`, { parentCategoryId: kitchen });
    expect(intoChild.statusCode).toBe(400);
    expect(intoChild.json().errors.parentCategoryId).toBe(catalogMessages.categoryIntoItself);
    const intoSelf = await call('PATCH', `/categories/${home}`, { parentCategoryId: home });
    expect(intoSelf.statusCode).toBe(400);
    const stranger = await call('PATCH', `/categories/${home}`, {
      parentCategoryId: crypto.randomUUID(),
    });
    expect(stranger.statusCode).toBe(400);
    expect((await named('Home')).parentCategoryId).toBeNull();

    const back = await call('PATCH', `/categories/${linen}`, { parentCategoryId: null });
    expect(back.json()).toMatchObject({ parentCategoryId: null });
  });

  it('merges: the products move to the target, the merged ones go, children follow', async () => {
    const wool = await category('Wool');
    const socks = await category('Socks', wool);
    const scarf = await product('Scarf', [wool, linen]);
    const merged = await call('POST', '/categories/merge', {
      categoryIds: [wool, linen],
      into: kitchen,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toEqual({ productsChanged: 2 });
    expect(await categoriesOf(scarf)).toEqual([kitchen]);
    expect(await categoriesOf(apron)).toEqual([kitchen]);
    const categories = await tree();
    expect(categories.map((c) => c.id)).not.toContain(wool);
    expect(categories.find((c) => c.id === socks)?.parentCategoryId).toBe(kitchen);
    expect(categories.find((c) => c.id === kitchen)?.productCount).toBe(3);

    const self = await call('POST', '/categories/merge', { categoryIds: [kitchen], into: kitchen });
    expect(self.statusCode).toBe(400);
    const unknown = await call('POST', '/categories/merge', {
      categoryIds: [crypto.randomUUID()],
      into: kitchen,
    });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await call('POST', '/categories/merge', { categoryIds: [], into: kitchen })).statusCode,
    ).toBe(400);
  });

  it('deletes a category: children move up, products just lose it', async () => {
    const socks = await named('Socks');
    const deleted = await call('DELETE', `/categories/${kitchen}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ productsChanged: 3 });
    expect(await categoriesOf(towel)).toEqual([]);
    expect((await named('Socks')).parentCategoryId).toBe(home);
    expect((await named('Socks')).id).toBe(socks.id);
    expect((await call('GET', `/products/${towel}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/categories/${kitchen}`)).statusCode).toBe(404);
  });

  it('bulk-adds products to a category, keeping their others', async () => {
    const gifts = await category('Gifts');
    const added = await call('POST', '/products/bulk', {
      action: 'addToCategory',
      categoryId: gifts,
      productIds: [towel, apron],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ changed: 2 });
    // Again: nothing new.
    const again = await call('POST', '/products/bulk', {
      action: 'addToCategory',
      categoryId: gifts,
      productIds: [towel],
    });
    expect(again.json()).toEqual({ changed: 0 });
    expect(await categoriesOf(towel)).toEqual([gifts]);

    const noCategory = await call('POST', '/products/bulk', {
      action: 'addToCategory',
      productIds: [towel],
    });
    expect(noCategory.statusCode).toBe(400);
    const unknown = await call('POST', '/products/bulk', {
      action: 'addToCategory',
      categoryId: crypto.randomUUID(),
      productIds: [towel],
    });
    expect(unknown.statusCode).toBe(400);

    // A product of another store page is refused, and nothing changes.
    const other = await call('POST', '/collections', { title: 'Archive' });
    expect(other.statusCode, other.body).toBe(201);
    const archived = await call('POST', '/products', {
      collectionId: other.json().id,
      productType: ProductType.physical,
      title: 'Old Bag',
      variants: [{ sku: 'CAT-OLD', priceMoney: { value: '5.00', currency: 'USD' } }],
    });
    const elsewhere = await call('POST', '/products/bulk', {
      action: 'addToCategory',
      categoryId: gifts,
      productIds: [apron, archived.json().id],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe(catalogMessages.productsElsewhere(1));
  });

  it('changes a store page and deletes it only when empty', async () => {
    const created = await call('POST', '/collections', { title: 'Seasonal' });
    const id = created.json().id as string;
    const changed = await call('PATCH', `/collections/${id}`, {
      title: 'Winter',
      urlId: 'winter',
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Winter',
      urlId: 'winter',
      enabled: false,
      productCount: 0,
    });
    const takenUrl = await call('PATCH', `/collections/${id}`, { urlId: 'workroom' });
    expect(takenUrl.statusCode).toBe(409);
    expect(takenUrl.json().code).toBe('URL_TAKEN');
    const reserved = await call('PATCH', `/collections/${id}`, { urlId: 'cart' });
    expect(reserved.statusCode).toBe(400);
    const badUrl = await call('PATCH', `/collections/${id}`, { urlId: 'Not A Slug' });
    expect(badUrl.statusCode).toBe(400);
    expect((await call('PATCH', `/collections/${id}`, { title: '' })).statusCode).toBe(400);

    // The category of a store page goes with it.
    await call('POST', `/products/${id}/categories`, { displayName: 'Coats' });
    const gone = await call('DELETE', `/collections/${id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await call('GET', `/products/${id}/categories`)).statusCode).toBe(404);
    expect((await call('DELETE', `/collections/${id}`)).statusCode).toBe(404);

    const full = await call('DELETE', `/collections/${shopId}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('COLLECTION_NOT_EMPTY');
    expect(full.json().error).toContain('Move or delete its products first');
  });

  it('shows a renamed category on the shop page at once (the page cache drops it)', async () => {
    const page = async () =>
      (await t.app.inject({ url: '/workroom', headers: { host: 'localhost' } })).body;
    const gifts = await named('Gifts');
    expect(await page()).toContain('Gifts');
    await call('PATCH', `/categories/${gifts.id}`, { displayName: 'Presents' });
    const after = await page();
    expect(after).toContain('Presents');
    expect(after).not.toContain('>Gifts<');
  });

  it('refuses editors on every call and lets store managers in', async () => {
    const editor = await createKey(t, { role: Role.editor });
    const manager = await createKey(t, { role: Role.storeManager });
    const someId = (await named('Home')).id;
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/collections'],
      ['PATCH', `/collections/${shopId}`, { title: 'Shop' }],
      ['DELETE', `/collections/${crypto.randomUUID()}`],
      ['GET', `/products/${shopId}/categories`],
      ['PATCH', `/categories/${someId}`, { displayName: 'Home' }],
      ['DELETE', `/categories/${crypto.randomUUID()}`],
      ['POST', '/categories/merge', { categoryIds: [crypto.randomUUID()], into: someId }],
    ];
    for (const [method, path, payload] of calls) {
      expect((await call(method, path, payload, editor)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect(
      (await call('GET', `/products/${shopId}/categories`, undefined, manager)).statusCode,
    ).toBe(200);
    const renamed = await call('PATCH', `/categories/${someId}`, { displayName: 'House' }, manager);
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
