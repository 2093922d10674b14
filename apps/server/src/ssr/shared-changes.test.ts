import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  copyDemoData,
  createTestDatabase,
  type TestDatabase,
  testDialect,
} from '../test/test-app.ts';

// Two servers on one database, as behind a load balancer: a change made through one
// must reach the other's page cache and remembered reads, or it would keep showing the
// old page until its own next write.
describe(`two servers on one database (${testDialect})`, () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  let first: App;
  let second: App;
  let firstDatabase: Database;
  let websiteId: string;
  let productId: string;
  const page = '/shop/p/stoneware-mug';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atelier-two-servers-'));
    testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PAGE_CACHE: 'on' });
    firstDatabase = await testDatabase.open();
    // The embedded database lives in one process: both servers share it, and only the
    // first closes it.
    const secondDatabase: Database =
      testDialect === 'pglite'
        ? { ...firstDatabase, close: async () => {} }
        : await testDatabase.open();
    first = await buildApp({ config, database: firstDatabase, seedDemo: true });
    second = await buildApp({ config, database: secondDatabase, seedDemo: false });
    const website = await first.services.websites.resolveByHost('localhost');
    if (!website) throw new Error('no demo website');
    websiteId = website.id;
    const shop = await first.services.catalog.getCollectionList(websiteId, 'shop');
    productId = shop.products.find((p) => p.fullUrl.endsWith('/stoneware-mug'))?.id ?? '';
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await testDatabase.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const view = (app: App) => app.inject({ url: page, headers: { host: 'localhost' } });

  /** The second server's page, once it is cached there. */
  async function cachedOnSecond() {
    await view(second);
    const cached = await view(second);
    expect(cached.headers['x-page-cache']).toBe('hit');
    return cached;
  }

  it("drops the other server's cached page when a product changes through one", async () => {
    expect((await cachedOnSecond()).body).toContain('Stoneware Mug');
    await first.services.catalogAdmin.updateProduct(websiteId, productId, {
      title: 'Speckled Stoneware Mug',
    });
    await vi.waitFor(async () => {
      const answer = await view(second);
      expect(answer.headers['x-page-cache']).toBe('miss');
      expect(answer.body).toContain('Speckled Stoneware Mug');
    });
    // And it goes the other way too: hidden through the second, gone on the first.
    await view(first);
    expect((await view(first)).headers['x-page-cache']).toBe('hit');
    await second.services.catalogAdmin.updateProduct(websiteId, productId, { isVisible: false });
    await vi.waitFor(async () => expect((await view(first)).statusCode).toBe(404));
  });

  if (testDialect === 'postgres') {
    it('listens again after losing its connection, and drops what it may have missed', async () => {
      await second.services.catalogAdmin.updateProduct(websiteId, productId, { isVisible: true });
      await vi.waitFor(async () => expect((await view(second)).statusCode).toBe(200));
      await cachedOnSecond();
      // What a database restart does to the listening connections.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen atelier_changes'`.execute(
        firstDatabase.db,
      );
      await vi.waitFor(async () =>
        expect((await view(second)).headers['x-page-cache']).toBe('miss'),
      );
      // Listening again: the next change still reaches it.
      await cachedOnSecond();
      await first.services.catalogAdmin.updateProduct(websiteId, productId, { isVisible: false });
      await vi.waitFor(async () => expect((await view(second)).statusCode).toBe(404));
    });
  }
});
