import { randomUUID } from 'node:crypto';
import { ProductType, Role } from '@atelier/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';

// Issue 18: a saved product's option matrix changes through PATCH (variants added, changed,
// reordered and deleted as one set), and a save names the version it started from.

type Variant = {
  id: string;
  sku: string;
  optionValues: { optionName: string; value: string }[];
  priceCents: number;
  qtyInStock: number;
  isUnlimited: boolean;
  weightGrams: number;
  imageId: string | null;
};
type Product = {
  id: string;
  title: string;
  version: number;
  variantOptionOrdering: string[];
  variants: Variant[];
};

const usd = (value: string) => ({ value, currency: 'USD' });
const size = (value: string) => ({ optionName: 'Size', value });
const colour = (value: string) => ({ optionName: 'Colour', value });
const label = (v: Variant) => v.optionValues.map((o) => o.value).join(' / ');

describe(`product variant matrix and edit conflicts (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let base: string;
  let shopId: string;
  let websiteId: string;
  let imageId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    websiteId = (await t.app.services.websites.resolveByHost('localhost'))?.id ?? '';
    base = `/api/content-service/product/1.1/websites/${websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(websiteId, 'shop')).collection.id;
    const boundary = `----atelier${randomUUID()}`;
    const png = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#c96' },
    })
      .png()
      .toBuffer();
    const upload = await owner.call(
      'POST',
      '/api/config/media',
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="red.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    imageId = upload.json().id;
  });
  afterAll(() => t.close());

  const patch = (id: string, body: object) => owner.call('PATCH', `${base}/products/${id}`, body);
  const read = async (id: string): Promise<Product> =>
    (await owner.call('GET', `${base}/products/${id}`)).json();

  async function createShirt(prefix: string): Promise<Product> {
    const response = await owner.call('POST', `${base}/products`, {
      collectionId: shopId,
      productType: ProductType.physical,
      title: `${prefix} Shirt`,
      mediaIds: [imageId],
      variantOptionOrdering: ['Size', 'Colour'],
      variants: [
        { sku: `${prefix}-S-R`, optionValues: [size('S'), colour('Red')], priceMoney: usd('20') },
        { sku: `${prefix}-S-B`, optionValues: [size('S'), colour('Blue')], priceMoney: usd('20') },
        {
          sku: `${prefix}-M-R`,
          optionValues: [size('M'), colour('Red')],
          priceMoney: usd('22'),
          qtyInStock: 3,
          weightGrams: 250,
          imageId,
        },
        { sku: `${prefix}-M-B`, optionValues: [size('M'), colour('Blue')], priceMoney: usd('22') },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('creates variants with a weight and an image, and starts at version 1', async () => {
    const shirt = await createShirt('CRT');
    expect(shirt.version).toBe(1);
    expect(shirt.variants[2]).toMatchObject({ weightGrams: 250, imageId, qtyInStock: 3 });
    expect(shirt.variants[0]).toMatchObject({ weightGrams: 0, imageId: null });
  });

  it('adds, changes, reorders and deletes variants as one set', async () => {
    const shirt = await createShirt('SET');
    const [sr, sb, mr] = shirt.variants;
    const response = await patch(shirt.id, {
      expectedVersion: 1,
      replaceVariants: true,
      // Colour now comes first; every variant's values follow the new order.
      variantOptionOrdering: ['Colour', 'Size'],
      variants: [
        { id: mr?.id, sku: 'SET-M-RED', weightGrams: 300 },
        { id: sr?.id },
        { optionValues: [size('L'), colour('Red')], priceMoney: usd('24'), qtyInStock: 5 },
        { id: sb?.id, priceMoney: usd('19.50'), imageId },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved: Product = response.json();
    expect(saved.version).toBe(2);
    expect(saved.variantOptionOrdering).toEqual(['Colour', 'Size']);
    expect(saved.variants.map(label)).toEqual(['Red / M', 'Red / S', 'Red / L', 'Blue / S']);
    expect(saved.variants[0]).toMatchObject({ id: mr?.id, sku: 'SET-M-RED', weightGrams: 300 });
    // Stock not sent stays as it was.
    expect(saved.variants[0]?.qtyInStock).toBe(3);
    expect(saved.variants[2]).toMatchObject({ priceCents: 2400, qtyInStock: 5 });
    expect(saved.variants[2]?.sku).toMatch(/^SQ\d{7}$/);
    expect(saved.variants[3]).toMatchObject({ priceCents: 1950, imageId });
    // M / Blue was left out: deleted, its SKU free again.
    const reused = await patch(shirt.id, {
      variants: [
        { optionValues: [size('M'), colour('Blue')], sku: 'SET-M-B', priceMoney: usd('1') },
      ],
    });
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.json().variants).toHaveLength(5);
  });

  it('lets two variants swap SKUs in one save', async () => {
    const shirt = await createShirt('SWP');
    const [a, b] = shirt.variants;
    const response = await patch(shirt.id, {
      variants: [
        { id: a?.id, sku: b?.sku },
        { id: b?.id, sku: a?.sku },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .variants.slice(0, 2)
        .map((v: Variant) => v.sku),
    ).toEqual(['SWP-S-B', 'SWP-S-R']);
  });

  it('refuses an incomplete or repeated combination and changes nothing', async () => {
    const shirt = await createShirt('CMB');
    const [sr, , mr] = shirt.variants;
    const response = await patch(shirt.id, {
      title: 'Renamed',
      replaceVariants: true,
      variants: [
        { id: sr?.id, optionValues: [size('S')] },
        { id: mr?.id },
        { optionValues: [size('M'), colour('Red')] },
        { optionValues: [size('XS'), colour('Red')], priceMoney: usd('-1'), qtyInStock: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'variants.0.optionValues': 'Give a value for each option: Size, Colour',
      'variants.2.optionValues': 'Another variant has the same options',
      'variants.2.priceMoney': 'Enter a price',
      'variants.3.priceMoney': 'Prices cannot be negative',
    });
    const after = await read(shirt.id);
    expect(after).toMatchObject({ title: 'CMB Shirt', version: 1 });
    expect(after.variants).toHaveLength(4);
  });

  it('refuses fractional stock and a negative weight at the schema', async () => {
    const shirt = await createShirt('FRC');
    const response = await patch(shirt.id, {
      variants: [{ id: shirt.variants[0]?.id, qtyInStock: 1.5, weightGrams: -2 }],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'variants.0.qtyInStock',
      'variants.0.weightGrams',
    ]);
  });

  it('names the other product when a SKU is taken, and keeps everything as it was', async () => {
    const first = await createShirt('OWN');
    const second = await createShirt('CLS');
    const response = await patch(second.id, {
      title: 'Half saved?',
      replaceVariants: true,
      variants: [{ id: second.variants[0]?.id }, { id: second.variants[1]?.id, sku: 'OWN-S-R' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'SKU_TAKEN',
      error: `The SKU OWN-S-R is already in use by ${first.title}`,
      errors: { 'variants.1.sku': `The SKU OWN-S-R is already in use by ${first.title}` },
    });
    const after = await read(second.id);
    expect(after.title).toBe('CLS Shirt');
    expect(after.variants.map((v) => v.sku)).toEqual(second.variants.map((v) => v.sku));
  });

  it('refuses a variant image that is not one of the product’s, and drops removed ones', async () => {
    const shirt = await createShirt('IMG');
    const refused = await patch(shirt.id, {
      variants: [{ id: shirt.variants[0]?.id, imageId: randomUUID() }],
    });
    expect(refused.json().errors).toEqual({
      'variants.0.imageId': "Choose one of the product's images",
    });
    const noImages = await patch(shirt.id, { mediaIds: [] });
    expect(noImages.statusCode).toBe(200);
    expect(noImages.json().variants[2].imageId).toBeNull();
  });

  it('answers a stale save with PRODUCT_CHANGED and the product as it is now', async () => {
    const shirt = await createShirt('VER');
    const first = await patch(shirt.id, { expectedVersion: 1, title: 'Theirs' });
    expect(first.json().version).toBe(2);
    const stale = await patch(shirt.id, {
      expectedVersion: 1,
      title: 'Mine',
      replaceVariants: true,
      variants: [{ id: shirt.variants[0]?.id }],
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({
      code: 'PRODUCT_CHANGED',
      error: 'Someone else saved this product while you were editing it.',
      current: { id: shirt.id, title: 'Theirs', version: 2 },
    });
    expect(body.current.variants).toHaveLength(4);
    // Overwrite: the same change sent again from the version it now knows.
    const overwrite = await patch(shirt.id, { expectedVersion: 2, title: 'Mine' });
    expect(overwrite.json()).toMatchObject({ title: 'Mine', version: 3 });
    // An integration that never reads first keeps last-write-wins.
    const blind = await patch(shirt.id, { title: 'Integration' });
    expect(blind.json()).toMatchObject({ title: 'Integration', version: 4 });
  });

  it('does not count stock changes as edits, and refuses a stock set that missed a sale', async () => {
    const shirt = await createShirt('STK');
    const variant = shirt.variants[2];
    const stock = await owner.call(
      'PUT',
      `${base}/products/${shirt.id}/variants/${variant?.id}/stock`,
      { adjustBy: -1 },
    );
    expect(stock.json()).toMatchObject({ version: 1 });
    // Unrelated edit from version 1 still saves: a sale is not an edit.
    const edit = await patch(shirt.id, { expectedVersion: 1, title: 'Edited' });
    expect(edit.statusCode, edit.body).toBe(200);
    const missed = await patch(shirt.id, {
      variants: [{ id: variant?.id, qtyInStock: 10, expectedQtyInStock: 3 }],
    });
    expect(missed.statusCode).toBe(409);
    expect(missed.json()).toMatchObject({
      code: 'STOCK_CHANGED',
      errors: {
        'variants.0.qtyInStock': 'The stock changed to 2 meanwhile: check it and try again.',
      },
    });
    const seen = await patch(shirt.id, {
      variants: [{ id: variant?.id, qtyInStock: 10, expectedQtyInStock: 2 }],
    });
    expect(seen.json().variants[2].qtyInStock).toBe(10);
  });

  it('drops a deleted variant from carts (order lines copy their SKU and name)', async () => {
    const shirt = await createShirt('CRT2');
    const going = shirt.variants[3];
    const db = t.database.db;
    const cart = await db
      .insertInto('carts')
      .values({ website_id: websiteId })
      .returning('cart_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cart_entries')
      .values({
        website_id: websiteId,
        cart_id: cart.cart_id,
        product_id: shirt.id,
        variant_id: going?.id ?? '',
        quantity: 1,
      })
      .execute();
    const response = await patch(shirt.id, {
      replaceVariants: true,
      variants: shirt.variants.slice(0, 3).map((v) => ({ id: v.id })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await db
      .selectFrom('cart_entries')
      .select('entry_id')
      .where('cart_id', '=', cart.cart_id)
      .execute();
    expect(entries).toEqual([]);
  });

  it('refuses an editor’s session', async () => {
    const shirt = await createShirt('ROL');
    await owner.call('POST', '/api/config/members', {
      email: 'variants-editor@example.com',
      password: 'an editor password',
      role: Role.editor,
    });
    const editor = await editorClient(t);
    await editor.call('POST', '/api/config/session', {
      email: 'variants-editor@example.com',
      password: 'an editor password',
    });
    const refused = await editor.call('PATCH', `${base}/products/${shirt.id}`, {
      replaceVariants: true,
      variants: [{ id: shirt.variants[0]?.id }],
    });
    expect(refused.statusCode).toBe(403);
    expect((await read(shirt.id)).variants).toHaveLength(4);
  });
});
