import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProductType } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testDialect } from '../../test/test-app.ts';

describe(`data on ${testDialect}`, () => {
  // Two boots with migrations and the seed: slow on a busy machine, not broken.
  it('survives a restart, and the demo store is seeded only once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-restart-'));
    const testDatabase = await createTestDatabase({ dataDir });
    try {
      const first = await createTestApp({ dataDir, testDatabase });
      const website = await first.app.services.websites.resolveByHost('localhost');
      if (!website) throw new Error('the demo website was not seeded');
      const before = await first.app.services.catalog.getCollectionList(website.id, 'shop');
      await first.app.services.catalog.createProduct({
        websiteId: website.id,
        collectionId: before.collection.id,
        productType: ProductType.physical,
        title: 'Restart Candle',
        urlId: 'restart-candle',
        variants: [{ sku: 'CANDLE-1', priceCents: 1800, qtyInStock: 4 }],
      });
      await first.close();

      const second = await createTestApp({ dataDir, testDatabase });
      const after = await second.app.services.catalog.getCollectionList(website.id, 'shop');
      expect(after.products.map((p) => p.title)).toContain('Restart Candle');
      expect(after.products).toHaveLength(before.products.length + 1);
      expect(await second.app.services.websites.count()).toBe(1);
      const page = await second.app.inject({
        url: '/shop/p/restart-candle',
        headers: { accept: 'text/html' },
      });
      expect(page.body).toContain('$18.00');
      await second.close();
    } finally {
      await testDatabase.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
