import { ProductType, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { createKey, type KeyFixture } from '../api-keys/api-key-fixtures.ts';
import {
  type EditorClient,
  editorClient,
  memberClient,
  ownerClient,
} from '../auth/editor-client.ts';

describe(`catalog administration (${testDialect})`, () => {
  let t: TestApp;
  let key: KeyFixture;
  let shopId: string;
  let base: string;

  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${base}${path}`, headers: key.headers, payload });
  const patch = (path: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `${base}${path}`, headers: key.headers, payload });
  const list = (collection: string, query = '') =>
    t.app.inject({ url: `/api/catalog/collections/${collection}/products${query}` });
  const usd = (value: string) => ({ value, currency: 'USD' });

  beforeAll(async () => {
    t = await createTestApp();
    key = await createKey(t);
    base = `/api/content-service/product/1.1/websites/${key.websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(key.websiteId, 'shop')).collection.id;
  });
  afterAll(() => t.close());

  it('creates a physical product with options, both money forms and merchandising', async () => {
    const response = await post('/products', {
      collectionId: shopId,
      productType: ProductType.physical,
      title: 'Linen Napkins',
      description: 'Set of four.',
      variantOptionOrdering: ['Colour', 'Size'],
      variants: [
        {
          sku: 'NAP-SAND-S',
          attributes: { Size: 'Small', Colour: 'Sand' },
          priceMoney: { value: '24.50', currency: 'USD' },
          qtyInStock: 5,
        },
        {
          sku: 'NAP-SAND-L',
          optionValues: [
            { optionName: 'Size', value: 'Large' },
            { optionName: 'Colour', value: 'Sand' },
          ],
          priceMoney: { decimalValue: 28, currencyCode: 'USD' },
          salePriceMoney: { decimalValue: '19.99', currencyCode: 'USD' },
          onSale: true,
          unlimited: true,
        },
      ],
      tags: ['linen', ' table ', 'linen'],
      merchandising: { scarcityEnabled: true, scarcityThreshold: 3, customSoldOutText: 'Soon' },
      useCustomAddButtonText: true,
      customAddButtonText: 'Add napkins',
    });
    expect(response.statusCode).toBe(201);
    const product = response.json();
    expect(product).toMatchObject({
      urlId: 'linen-napkins',
      fullUrl: '/shop/p/linen-napkins',
      productType: ProductType.physical,
      collectionId: shopId,
      isVisible: true,
      tags: ['linen', 'table'],
      customSoldOutText: 'Soon',
      customAddButtonText: 'Add napkins',
      merchandising: {
        scarcityEnabled: true,
        scarcityThreshold: 3,
        customSoldOutText: 'Soon',
        restockNotificationsEnabled: true,
      },
    });
    expect(product.variants).toMatchObject([
      {
        sku: 'NAP-SAND-S',
        priceCents: 2450,
        qtyInStock: 5,
        isUnlimited: false,
        // Option values follow variantOptionOrdering, whichever form they came in.
        optionValues: [
          { optionName: 'Colour', value: 'Sand' },
          { optionName: 'Size', value: 'Small' },
        ],
      },
      {
        sku: 'NAP-SAND-L',
        priceCents: 2800,
        salePriceCents: 1999,
        isOnSale: true,
        isUnlimited: true,
      },
    ]);

    const shop = (await list('shop')).json();
    expect(shop.products.map((p: { urlId: string }) => p.urlId)).toContain('linen-napkins');
    const page = await t.app.inject({
      url: '/shop/p/linen-napkins',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$24.50');
  });

  it('creates digital, service, gift card and paywall products with their own rules', async () => {
    const digital = await post('/products', {
      collectionId: shopId,
      productType: ProductType.digital,
      title: 'Apron Pattern PDF',
      priceMoney: usd('8.00'),
      salePriceMoney: usd('6.00'),
      onSale: true,
    });
    expect(digital.statusCode).toBe(201);
    expect(digital.json()).toMatchObject({ priceCents: 800, salePriceCents: 600, isOnSale: true });
    // One generated variant carries the price for the cart; digital goods never run out.
    expect(digital.json().variants).toMatchObject([
      { priceCents: 800, salePriceCents: 600, isOnSale: true, isUnlimited: true },
    ]);
    expect(digital.json().variants[0].sku).toMatch(/^SQ\d{7}$/);

    const service = await post('/products', {
      collectionId: shopId,
      productType: ProductType.service,
      title: 'Monthly Mending Session',
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 },
      variants: [{ priceMoney: usd('30'), qtyInStock: 4 }],
    });
    expect(service.statusCode).toBe(201);
    expect(service.json()).toMatchObject({
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 },
      priceCents: null,
    });

    const giftCard = await post('/products', {
      collectionId: shopId,
      productType: ProductType.giftCard,
      title: 'Studio Gift Card',
      variantOptionOrdering: ['Amount'],
      variants: ['25', '50'].map((amount) => ({
        sku: `CARD-${amount}`,
        attributes: { Amount: `$${amount}` },
        priceMoney: usd(amount),
      })),
    });
    expect(giftCard.statusCode).toBe(201);
    expect(giftCard.json().variants).toMatchObject([
      { sku: 'CARD-25', priceCents: 2500, isUnlimited: true },
      { sku: 'CARD-50', priceCents: 5000, isUnlimited: true },
    ]);

    const paywall = await post('/products', {
      collectionId: shopId,
      productType: ProductType.paywall,
      title: 'Members Library',
      priceMoney: usd('5'),
    });
    expect(paywall.statusCode).toBe(201);
    expect(paywall.json()).toMatchObject({ productType: 5, priceCents: 500 });
  });

  it('generates url ids with the slug rule and -1, -2 on a clash', async () => {
    const create = (title: string) =>
      post('/products', {
        collectionId: shopId,
        productType: ProductType.digital,
        title,
        priceMoney: usd('1'),
      });
    // The demo store already has linen-work-shirt.
    expect((await create('Linen Work Shirt')).json().urlId).toBe('linen-work-shirt-1');
    expect((await create('Linen Work Shirt!')).json().urlId).toBe('linen-work-shirt-2');
    expect((await create('Crème Brûlée & Co')).json().urlId).toBe('creme-brulee-and-co');
    // Under three characters, the fallback title is used.
    expect((await create('A')).json().urlId).toBe('product');
    expect((await create('B')).json().urlId).toBe('product-1');

    const explicit = await post('/products', {
      collectionId: shopId,
      productType: ProductType.digital,
      title: 'Anything',
      urlId: 'stoneware-mug',
      priceMoney: usd('1'),
    });
    expect(explicit.statusCode).toBe(409);
    expect(explicit.json().errors).toEqual({ urlId: 'The URL stoneware-mug is already in use' });
  });

  it('refuses a subscription on a digital product with a field message', async () => {
    const response = await post('/products', {
      collectionId: shopId,
      productType: ProductType.digital,
      title: 'Pattern of the Month',
      priceMoney: usd('4'),
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The product is not valid.',
      code: 'PRODUCT_INVALID',
      errors: {
        isSubscribable: 'Subscriptions are offered for physical and service products only.',
        subscriptionPlan: 'Subscriptions are offered for physical and service products only.',
      },
    });
  });

  it('answers invalid payloads with 400 and one message per field, never a 500', async () => {
    const schemaFailure = await post('/products', {
      collectionId: 'not-an-id',
      productType: 9,
      title: '',
    });
    expect(schemaFailure.statusCode).toBe(400);
    expect(schemaFailure.json().error).toBe('The request is not valid.');
    expect(Object.keys(schemaFailure.json().errors)).toEqual(
      expect.arrayContaining(['collectionId', 'productType', 'title']),
    );

    const ruleFailure = await post('/products', {
      collectionId: shopId,
      productType: ProductType.physical,
      title: 'Bad Prices',
      tags: ['x'.repeat(51), 'fine'],
      variants: [
        { sku: 'BAD-1', priceMoney: usd('twelve') },
        { sku: 'BAD-1', priceMoney: { value: '3', currency: 'EUR' } },
        { sku: 'BAD-3', priceMoney: usd('5'), salePriceMoney: usd('6'), onSale: true },
      ],
    });
    expect(ruleFailure.statusCode).toBe(400);
    expect(ruleFailure.json().errors).toMatchObject({
      'tags.0': 'Tags can be at most 50 characters',
      'variants.0.priceMoney': 'Enter an amount such as 12.50',
      'variants.1.sku': 'Two variants have the same SKU',
      'variants.1.priceMoney': 'Prices must be in the store currency, USD',
      'variants.2.salePriceMoney': 'The sale price must be below the price',
    });

    const noVariants = await post('/products', {
      collectionId: shopId,
      productType: ProductType.physical,
      title: 'X1',
    });
    expect(noVariants.json().errors).toEqual({ variants: 'Add at least one variant with a price' });

    const noPrice = await post('/products', {
      collectionId: shopId,
      productType: ProductType.digital,
      title: 'X2',
    });
    expect(noPrice.json().errors).toEqual({ priceMoney: 'Enter a price' });

    const takenSku = await post('/products', {
      collectionId: shopId,
      productType: ProductType.physical,
      title: 'Duplicate SKU',
      variants: [{ sku: 'MUG-OAT', priceMoney: usd('3') }],
    });
    expect(takenSku.statusCode).toBe(409);
    expect(takenSku.json().errors).toEqual({
      'variants.0.sku': expect.stringMatching(/^The SKU MUG-OAT is already in use by /),
    });

    const unknownCollection = await post('/products', {
      collectionId: '00000000-0000-4000-8000-000000000000',
      productType: ProductType.digital,
      title: 'Nowhere',
      priceMoney: usd('1'),
    });
    expect(unknownCollection.statusCode).toBe(400);
    expect(unknownCollection.json().errors).toEqual({
      collectionId: 'Choose a product collection of this website',
    });

    // Nothing of the refused products was saved.
    const titles = (await list('shop')).json().products.map((p: { title: string }) => p.title);
    expect(titles).not.toContain('Bad Prices');
    expect(titles).not.toContain('Duplicate SKU');
  });

  it('updates price, stock and visibility, and deletes a product', async () => {
    const created = (
      await post('/products', {
        collectionId: shopId,
        productType: ProductType.physical,
        title: 'Tea Towel',
        variants: [{ sku: 'TOWEL-1', priceMoney: usd('12'), qtyInStock: 2 }],
      })
    ).json();
    const variantId = created.variants[0].id;

    const repriced = await patch(`/products/${created.id}`, {
      variants: [{ id: variantId, priceMoney: usd('14.00'), qtyInStock: 9 }],
      tags: ['kitchen'],
    });
    expect(repriced.statusCode).toBe(200);
    expect(repriced.json().variants[0]).toMatchObject({ priceCents: 1400, qtyInStock: 9 });
    expect(repriced.json().tags).toEqual(['kitchen']);

    const stock = await t.app.inject({
      method: 'PUT',
      url: `${base}/products/${created.id}/variants/${variantId}/stock`,
      headers: key.headers,
      payload: { qtyInStock: 0 },
    });
    expect(stock.statusCode).toBe(200);
    const inventory = await t.app.inject(`/api/commerce/inventory/stock/?itemId=${created.id}`);
    expect(inventory.json().results[0]).toMatchObject({ qtyInStock: 0, unlimited: false });

    const hidden = await patch(`/products/${created.id}`, { isVisible: false });
    expect(hidden.json().isVisible).toBe(false);
    const titles = (await list('shop')).json().products.map((p: { title: string }) => p.title);
    expect(titles).not.toContain('Tea Towel');

    const badPatch = await patch(`/products/${created.id}`, {
      variants: [{ id: '00000000-0000-4000-8000-000000000000', qtyInStock: 1 }],
      priceMoney: usd('3'),
    });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().errors).toEqual({
      'variants.0.id': 'This product has no variant with that id',
      priceMoney: 'Only digital products have a price on the product; set it on each variant',
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${base}/products/${created.id}`,
      headers: key.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${base}/products/${created.id}`,
      headers: key.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('creates a product collection that the storefront serves at once', async () => {
    const response = await post('/collections', {
      title: 'Winter Goods',
      description: 'Wool and more wool.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      type: 'products',
      urlId: 'winter-goods',
      navigationTitle: 'Winter Goods',
      enabled: true,
    });
    const empty = await list('winter-goods');
    expect(empty.json()).toMatchObject({ products: [], categories: [] });

    // A page already lives at /about, and /cart is the server's own.
    expect((await post('/collections', { title: 'About' })).json().urlId).toBe('about-1');
    const reserved = await post('/collections', { title: 'Cart', urlId: 'cart' });
    expect(reserved.statusCode).toBe(400);
  });

  it('nests categories and filters the product list by a category and its descendants', async () => {
    const collection = (await post('/collections', { title: 'Fabric Shop' })).json();
    const category = async (displayName: string, parentCategoryId?: string) => {
      const response = await post(`/products/${collection.id}/categories`, {
        displayName,
        parentCategoryId,
        type: 'ROOT',
        pageRendering: 'LIST_VIEW',
      });
      return response;
    };
    const fabric = (await category('Fabric')).json();
    expect(fabric).toMatchObject({ slug: 'fabric', parentCategoryId: null, displayIndex: 1 });
    const linen = (await category('Linen', fabric.id)).json();
    const washed = (await category('Washed Linen', linen.id)).json();
    const notions = (await category('Notions')).json();
    expect(washed).toMatchObject({ slug: 'washed-linen', parentCategoryId: linen.id });

    const duplicate = await category('linen', fabric.id);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'This category already exists',
      code: 'CATEGORY_TAKEN',
      errors: { displayName: 'This category already exists' },
    });
    // The same name under another parent is another category, with its own slug.
    const otherLinen = (await category('Linen', notions.id)).json();
    expect(otherLinen.slug).toBe('linen-1');

    const tooLong = await category('A category name over 25 chars');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({
      displayName: 'Category names can be at most 25 characters',
    });
    const wrongParent = await category('Orphan', '00000000-0000-4000-8000-000000000000');
    expect(wrongParent.json().errors).toEqual({
      parentCategoryId: 'Choose a category of this collection',
    });

    const product = async (title: string, categories: string[]) =>
      (
        await post('/products', {
          collectionId: collection.id,
          productType: ProductType.digital,
          title,
          priceMoney: usd('10'),
          categories,
        })
      ).json();
    const stonewashed = await product('Stonewashed Linen Metre', [washed.id]);
    const plain = await product('Plain Linen Metre', [linen.id]);
    const buttons = await product('Corozo Buttons', [notions.id]);
    expect(stonewashed.categoryIds).toEqual([washed.id]);

    const ids = async (query: string) =>
      (await list(collection.urlId, query)).json().products.map((p: { id: string }) => p.id);
    expect(await ids('')).toEqual([stonewashed.id, plain.id, buttons.id]);
    expect(await ids('?category=fabric')).toEqual([stonewashed.id, plain.id]);
    expect(await ids('?category=linen')).toEqual([stonewashed.id, plain.id]);
    expect(await ids('?category=washed-linen')).toEqual([stonewashed.id]);
    expect(await ids('?category=notions')).toEqual([buttons.id]);
    expect((await list(collection.urlId, '?category=nothing')).statusCode).toBe(404);

    const full = (await list(collection.urlId)).json();
    expect(full.categories).toContainEqual({
      id: washed.id,
      slug: 'washed-linen',
      displayName: 'Washed Linen',
      parentId: linen.id,
    });
    expect(full.products[0].categoryIds).toEqual([washed.id]);

    const viaService = await t.app.services.catalog.findCollectionList(
      key.websiteId,
      collection.urlId,
      { categorySlug: 'linen' },
    );
    expect(viaService?.products.map((p) => p.title)).toEqual([
      'Stonewashed Linen Metre',
      'Plain Linen Metre',
    ]);

    // A category of another collection cannot be given to a product.
    const foreign = await post('/products', {
      collectionId: shopId,
      productType: ProductType.digital,
      title: 'Misfiled',
      priceMoney: usd('1'),
      categories: [fabric.id],
    });
    expect(foreign.json().errors).toEqual({
      categories: "Choose categories of the product's collection",
    });
  });

  it('holds a collection to 200 products, even when creations race', async () => {
    const collection = (await post('/collections', { title: 'Small Batch' })).json();
    const create = (n: number) =>
      post('/products', {
        collectionId: collection.id,
        productType: ProductType.digital,
        title: `Batch Item ${n}`,
        priceMoney: usd('1'),
      });
    for (let n = 1; n <= 197; n++) {
      const response = await create(n);
      if (response.statusCode !== 201) throw new Error(response.body);
    }
    const racing = await Promise.all([198, 199, 200, 201, 202].map(create));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    const refused = racing.find((r) => r.statusCode === 409);
    expect(refused?.json().error).toBe(
      'A collection can hold at most 200 products. Move some to another collection first.',
    );
    expect((await list(collection.urlId)).json().products).toHaveLength(200);
  }, 120_000);

  it('lists the creation calls with their schemas in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const products = doc.paths['/api/content-service/product/1.1/websites/{websiteId}/products'];
    expect(products.post.requestBody).toBeDefined();
    expect(products.post.responses['201']).toBeDefined();
    expect(
      doc.paths[
        '/api/content-service/product/1.1/websites/{websiteId}/products/{collectionId}/categories'
      ].post,
    ).toBeDefined();
    expect(
      doc.paths['/api/content-service/product/1.1/websites/{websiteId}/collections'],
    ).toBeDefined();
    expect(doc.paths['/api/media/images'].post).toBeDefined();
  });
});

describe(`catalog administration from the admin screens: a session (${testDialect})`, () => {
  let t: TestApp;
  let base: string;
  let shopId: string;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    const websiteId = (await t.app.services.websites.resolveByHost('localhost'))?.id ?? '';
    base = `/api/content-service/product/1.1/websites/${websiteId}`;
    shopId = (await t.app.services.catalog.getCollectionList(websiteId, 'shop')).collection.id;
  });
  afterAll(() => t.close());

  const product = (sku: string) => ({
    collectionId: shopId,
    productType: ProductType.physical,
    title: `Apron ${sku}`,
    variants: [{ sku, priceMoney: { value: '30.00', currency: 'USD' }, qtyInStock: 2 }],
  });

  it('lets the owner’s session write the catalog, with the CSRF crumb and only with it', async () => {
    const created = await owner.call('POST', `${base}/products`, product('APR-1'));
    expect(created.statusCode, created.body).toBe(201);
    const read = await owner.call('GET', `${base}/products/${created.json().id}`);
    expect(read.statusCode).toBe(200);
    // The cookie alone could come from another site's form: refused.
    const forged = await owner.call('POST', `${base}/products`, product('APR-2'), {
      'x-csrf-token': '',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_FAILED');
  });

  it('refuses an editor’s session: the catalog is the owner’s, admins’ and store managers’', async () => {
    const editor = await memberClient(t, owner, { email: 'words@example.com', role: Role.editor });
    const refused = await editor.call('POST', `${base}/products`, product('APR-3'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_FORBIDDEN');
    const stranger = await editorClient(t);
    expect((await stranger.call('POST', `${base}/products`, product('APR-4'))).statusCode).toBe(
      401,
    );
  });

  it('takes a store manager’s key, and refuses an editor’s', async () => {
    const websiteId = base.split('/').at(-1) ?? '';
    const manager = await createKey(t, { role: Role.storeManager });
    expect(manager.websiteId).toBe(websiteId);
    const byManager = await t.app.inject({
      method: 'POST',
      url: `${base}/products`,
      headers: manager.headers,
      payload: product('APR-5'),
    });
    expect(byManager.statusCode, byManager.body).toBe(201);
    const editorKey = await createKey(t, { role: Role.editor });
    const byEditor = await t.app.inject({
      method: 'POST',
      url: `${base}/products`,
      headers: editorKey.headers,
      payload: product('APR-6'),
    });
    expect(byEditor.statusCode).toBe(403);
  });
});
