import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasUnlimitedStockByType, ProductType } from '@atelier/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import {
  copyDemoData,
  createTestDatabase,
  type TestDatabase,
  testDialect,
} from '../../test/test-app.ts';
import { type CartRepo, createCartRepo, type NewCartAdd, type NewCartRules } from './cart.repo.ts';

// The first add's one statement decides in the database what the reading path decides in
// the service. Whatever it does not take must leave no cart behind, so the service can
// judge the add again from a fresh read and answer with the usual message.
describe(`first adds in one statement (${testDialect})`, () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let app: App;
  let dataDir: string;
  let repo: CartRepo;
  let websiteId: string;
  const products: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atelier-cart-repo-'));
    testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    database = await testDatabase.open();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      database,
      seedDemo: true,
    });
    repo = createCartRepo(database.db);
    const website = await app.services.websites.resolveByHost('localhost');
    if (!website) throw new Error('no demo website');
    websiteId = website.id;
    const shop = await app.services.catalog.getCollectionList(websiteId, 'shop');
    for (const p of shop.products) products[p.fullUrl.split('/').at(-1) ?? ''] = p.id;
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const countCarts = async () =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from carts`.execute(database.db)).rows[0]
        ?.n,
    );

  const rules: NewCartRules = {
    unlimitedStockTypes: Object.values(ProductType).filter(hasUnlimitedStockByType),
    skuRequiredTypes: [ProductType.giftCard],
  };
  const addOf = (urlId: string, sku: string | null, quantity = 1): NewCartAdd => ({
    websiteId,
    productId: products[urlId] ?? '',
    sku,
    quantity,
  });
  const addTo = async (urlId: string, sku: string | null, quantity = 1) => {
    const [added] = await repo.addToNewCarts(rules, [addOf(urlId, sku, quantity)]);
    return added;
  };

  it('adds a named variant with its new cart and answers what the line shows', async () => {
    const added = await addTo('linen-work-shirt', 'LWS-L-SAND', 3);
    if (!added) throw new Error('the add was not taken');
    expect(added.line).toMatchObject({ sku: 'LWS-L-SAND', title: 'Linen Work Shirt' });
    expect(await repo.listPricedEntries(websiteId, added.cart.cart_id)).toEqual([added.line]);
    expect(await repo.findCart(websiteId, added.cart.cart_id)).toEqual(added.cart);
  });

  it('takes the only variant when none is named, and unlimited stock in any amount', async () => {
    expect((await addTo('stoneware-mug', null))?.line.sku).toBe('MUG-OAT');
    expect((await addTo('everyday-tote-sewing-pattern', null, 500))?.line.sku).toBe('PAT-TOTE');
    // A gift card is digital: never out of stock, but it must name its denomination.
    expect((await addTo('gift-card', 'GIFT-25', 9999))?.line.sku).toBe('GIFT-25');
  });

  it('takes nothing, and makes no cart, for an add that needs judging with a message', async () => {
    const before = await countCarts();
    const refused: [string, string | null, number][] = [
      ['linen-work-shirt', null, 1], // several variants, none named
      ['linen-work-shirt', 'NOPE', 1],
      ['linen-work-shirt', 'MUG-OAT', 1], // another product's sku
      ['linen-work-shirt', 'LWS-L-SAND', 4], // 3 in stock
      ['linen-work-shirt', 'LWS-S-INDIGO', 1], // sold out
      ['gift-card', null, 1], // no denomination
      ['private-sewing-lesson', 'LESSON-1H', 1], // its form's answers need checking
    ];
    for (const [urlId, sku, quantity] of refused) {
      expect(await addTo(urlId, sku, quantity), `${urlId} ${sku}`).toBeUndefined();
    }
    await app.services.catalogAdmin.updateProduct(websiteId, products['stoneware-mug'] ?? '', {
      isVisible: false,
    });
    expect(await addTo('stoneware-mug', 'MUG-OAT')).toBeUndefined();
    expect(await countCarts()).toBe(before);
  });

  it('answers many adds at once, each at its place with its own cart, taken or not', async () => {
    const before = await countCarts();
    const answers = await repo.addToNewCarts(rules, [
      addOf('linen-work-shirt', 'LWS-M-SAND', 2),
      addOf('linen-work-shirt', 'LWS-S-INDIGO'), // sold out
      addOf('gift-card', 'GIFT-25'),
      addOf('linen-work-shirt', 'LWS-M-SAND', 1),
    ]);
    expect(answers.map((a) => a?.line.sku)).toEqual([
      'LWS-M-SAND',
      undefined,
      'GIFT-25',
      'LWS-M-SAND',
    ]);
    expect(answers.map((a) => a?.line.quantity)).toEqual([2, undefined, 1, 1]);
    const carts = answers.flatMap((a) => (a ? [a.cart.cart_id] : []));
    expect(new Set(carts).size).toBe(3);
    expect(await countCarts()).toBe(before + 3);
    for (const added of answers) {
      if (!added) continue;
      expect(await repo.listPricedEntries(websiteId, added.cart.cart_id)).toEqual([added.line]);
      expect(await repo.findCart(websiteId, added.cart.cart_id)).toEqual(added.cart);
    }
  });
});
