import { ProductType, Role } from '@atelier/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../db/migrations/0022-demo-content.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createTestDatabase, testDialect } from '../../test/test-app.ts';
import { type EditorClient, memberClient, ownerClient } from '../auth/editor-client.ts';
import {
  caAddress,
  createCommerceTestApp,
  createShopper,
  injectSend,
} from '../checkout/commerce-test-kit.ts';
import { createDemoContentRepo } from './demo-content.repo.ts';
import { createDemoContentService } from './demo-content.service.ts';

// Issue 19: "remove demo content" clears what the seed made in one step, keeps what the
// merchant made or changed, and leaves orders and the public site working.

describe(`remove demo content (${testDialect})`, () => {
  let kit: Awaited<ReturnType<typeof createCommerceTestApp>>;
  let owner: EditorClient;
  let catalogBase = '';
  const staff: Partial<Record<'editor' | 'manager', EditorClient>> = {};

  beforeAll(async () => {
    kit = await createCommerceTestApp({ reservationMs: 0 });
    const t = { app: kit.app } as TestApp;
    owner = await ownerClient(t);
    catalogBase = `/api/content-service/product/1.1/websites/${kit.websiteId}`;
    for (const [name, email, role] of [
      ['editor', 'editor@example.com', Role.editor],
      ['manager', 'manager@example.com', Role.storeManager],
    ] as const) {
      staff[name] = await memberClient(t, owner, { email, role });
    }
  });
  afterAll(() => kit.close());

  async function buyMug() {
    const shopper = createShopper(injectSend(kit.app));
    await shopper.visit();
    expect((await shopper.add(kit.variant('MUG-OAT'), 1)).status).toBe(200);
    const id: string = (await shopper.start()).body.checkout.id;
    await shopper.put(id, '/email', { email: 'ada@example.com' });
    const addressed = await shopper.put(id, '/shipping-address', {
      shippingAddress: { ...caAddress, name: 'Grace Hopper' },
    });
    const option = addressed.body.checkout.shippingOptions.find(
      (o: { isAvailable: boolean }) => o.isAvailable,
    );
    await shopper.put(id, '/shipping-option', { optionId: option.id });
    const placed = await shopper.place(id, 'demo-order-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return { id: placed.body.order.id as string, token: placed.body.token as string };
  }

  it('refuses editors and store managers, reads and removal alike', async () => {
    for (const client of [staff.editor!, staff.manager!]) {
      expect((await client.call('GET', '/api/demo-content')).statusCode).toBe(403);
      expect((await client.call('POST', '/api/demo-content/remove')).statusCode).toBe(403);
    }
    expect((await kit.app.inject('/api/demo-content')).statusCode).toBe(401);
    const preview = await owner.call('GET', '/api/demo-content');
    expect(preview.json().toRemove.product).toBe(7);
  });

  it('previews everything the seed made', async () => {
    const preview = await owner.call('GET', '/api/demo-content');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      hasDemoContent: true,
      toRemove: {
        product: 7,
        category: 5,
        media: 9,
        page: 3,
        form: 1,
        shipping_option: 2,
        tax_rule: 1,
        coupon: 1,
      },
      kept: [],
    });
  });

  it('removes the demo in one step, keeping what the merchant made or changed', async () => {
    const order = await buyMug();
    // An open cart holding a demo product: that entry goes with the product.
    const openCart = createShopper(injectSend(kit.app));
    await openCart.visit();
    expect((await openCart.add(kit.variant('LWS-M-SAND'), 1)).status).toBe(200);

    const collectionId = (await kit.app.services.catalog.getCollectionList(kit.websiteId, 'shop'))
      .collection.id;
    const own = await owner.call('POST', `${catalogBase}/products`, {
      collectionId,
      productType: ProductType.physical,
      title: 'My Own Jug',
      variants: [{ priceMoney: { value: '20' }, qtyInStock: 2 }],
    });
    expect(own.statusCode, own.body).toBe(201);
    // Edited since the seed: the merchant's now.
    const apron = kit.variant('APRON-OLIVE');
    const edited = await owner.call('PATCH', `${catalogBase}/products/${apron.itemId}`, {
      title: 'Our Apron',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const ownPage = await owner.call('POST', '/api/config/pages', { title: 'Our Story' });
    expect(ownPage.statusCode, ownPage.body).toBe(201);

    const shopBefore = (await kit.app.inject('/api/catalog/collections/shop/products')).json()
      .products;
    const preview = (await owner.call('GET', '/api/demo-content')).json();
    expect(preview.toRemove.product).toBe(6);
    expect(preview.kept).toEqual(
      expect.arrayContaining([
        { kind: 'product', title: 'Our Apron', reason: 'changed' },
        // The apron's category (and its parent) still hold it; so does its image.
        { kind: 'category', title: 'Workwear', reason: 'in use' },
        { kind: 'category', title: 'Clothing', reason: 'in use' },
        { kind: 'media', title: 'waxed-apron.png', reason: 'in use' },
      ]),
    );

    const imageOf = (title: string) =>
      String(
        JSON.stringify(shopBefore.find((p: { title: string }) => p.title === title)).match(
          /"(\/[^"]*\.webp)"/,
        )?.[1],
      );
    const mugImage = imageOf('Stoneware Mug');
    const apronImage = imageOf('Our Apron');
    expect((await kit.app.inject(mugImage)).statusCode).toBe(200);

    const removed = await owner.call('POST', '/api/demo-content/remove');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().removed).toEqual({
      product: 6,
      category: 3,
      media: 8,
      page: 3,
      form: 1,
      shipping_option: 2,
      tax_rule: 1,
      coupon: 1,
    });

    const products = (await kit.app.inject('/api/catalog/collections/shop/products')).json()
      .products as { title: string }[];
    expect(products.map((p) => p.title).sort()).toEqual(['My Own Jug', 'Our Apron']);
    const pages = (await owner.call('GET', '/api/config/pages')).json().pages as {
      title: string;
    }[];
    expect(pages.map((p) => p.title)).toEqual(expect.arrayContaining(['Home', 'Our Story']));
    expect(pages.map((p) => p.title)).not.toContain('About');

    // Removed images leave the disk after the commit; a kept one stays.
    expect((await kit.app.inject(mugImage)).statusCode).toBe(404);
    expect((await kit.app.inject(apronImage)).statusCode).toBe(200);

    // The order is intact in the admin and on its status page.
    const admin = await owner.call(
      'GET',
      `/api/content-service/commerce/1.1/websites/${kit.websiteId}/orders/${order.id}`,
    );
    expect(admin.statusCode, admin.body).toBe(200);
    expect(JSON.stringify(admin.json())).toContain('Stoneware Mug');
    const status = await kit.app.inject(`/api/commerce/orders/${order.id}?token=${order.token}`);
    expect(status.statusCode, status.body).toBe(200);
    expect(JSON.stringify(status.json())).toContain('Stoneware Mug');
    const statusPage = await kit.app.inject(`/commerce/orders/${order.id}?token=${order.token}`);
    expect(statusPage.statusCode).toBe(200);

    // The open cart lost its demo entry and still loads.
    const cart = await openCart.visit();
    expect(cart.status).toBe(200);
    expect(JSON.stringify(cart.body)).not.toContain('LWS-M-SAND');
  });

  it('is idempotent: a second removal removes nothing', async () => {
    const again = await owner.call('POST', '/api/demo-content/remove');
    expect(again.statusCode).toBe(200);
    expect(Object.values(again.json().removed).every((n) => n === 0)).toBe(true);
    const preview = (await owner.call('GET', '/api/demo-content')).json();
    expect(preview.hasDemoContent).toBe(false);
  });

  it('leaves a public site that renders', async () => {
    for (const url of ['/', '/shop', '/shop/p/our-apron']) {
      const page = await kit.app.inject(url);
      expect(page.statusCode, `${url}: ${page.body.slice(0, 300)}`).toBeLessThan(500);
    }
    expect((await kit.app.inject('/')).statusCode).toBe(200);
    const shop = await kit.app.inject('/shop');
    expect(shop.statusCode).toBe(200);
    expect(shop.body).not.toContain('Everything we make in the studio');
    expect((await kit.app.inject('/about')).statusCode).toBe(404);
    const home = (await kit.app.inject('/')).body;
    expect(home).not.toContain('Made slowly, worn for years');
  });

  it('recognises the demo of an install seeded before 0022, and nothing else', async () => {
    const testDatabase = await createTestDatabase({ withDemo: true });
    const database = await testDatabase.open();
    try {
      // A merchant's own page named like the demo's is not taken for it: the titles differ.
      await sql`update pages set title = 'Our studio' where url_slug = 'about'`.execute(
        database.db,
      );
      await sql`drop table demo_content`.execute(database.db);
      await sql.raw(migration.sql).execute(database.db);
      const rows = await database.db.selectFrom('demo_content').select('kind').execute();
      const counts: Record<string, number> = {};
      for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
      expect(counts).toEqual({
        product: 7,
        category: 5,
        media: 9,
        page: 2,
        form: 1,
        shipping_option: 2,
        tax_rule: 1,
        coupon: 1,
      });
    } finally {
      await database.close();
      await testDatabase.dispose();
    }
  });

  it('removes all or nothing: a failure midway leaves every demo row in place', async () => {
    const testDatabase = await createTestDatabase({ withDemo: true });
    const database = await testDatabase.open();
    const deletedFiles: string[] = [];
    try {
      // Coupons are deleted after products, pages and images: refuse that one step.
      await sql
        .raw(`create function refuse() returns trigger language plpgsql as
          $$ begin raise exception 'refused'; end $$;
          create trigger refuse_coupon_delete before delete on coupons
          for each row execute function refuse();`)
        .execute(database.db);
      const service = createDemoContentService({
        demoContentRepo: createDemoContentRepo(database.db),
        deleteMediaFiles: async (_websiteId, mediaId) => {
          deletedFiles.push(mediaId);
        },
      });
      const { website_id: websiteId } = await database.db
        .selectFrom('websites')
        .select('website_id')
        .executeTakeFirstOrThrow();
      await expect(service.remove(websiteId)).rejects.toThrow(/refused/);
      const products = await database.db.selectFrom('products').select('product_id').execute();
      expect(products).toHaveLength(7);
      expect((await service.preview(websiteId)).toRemove.media).toBe(9);
      expect(deletedFiles).toEqual([]);
    } finally {
      await database.close();
      await testDatabase.dispose();
    }
  });
});
