import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';

// Each test file gets its own database: an in-memory PGlite by default, or, with
// TEST_DIALECT=postgres, a new database on the PostgreSQL of TEST_DATABASE_URL that is
// dropped afterwards. Nothing is mocked: the app under test is the app that ships.

export const testDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = {
  /** Opens (again) the same database: a restart of the server. */
  open: () => Promise<Database>;
  dispose: () => Promise<void>;
};

/**
 * A new, empty database. With a dataDir the embedded one is kept on disk (so it can be
 * reopened); without, it lives in memory.
 */
export async function createTestDatabase(
  options: { dataDir?: string } = {},
): Promise<TestDatabase> {
  if (testDialect === 'pglite') {
    return {
      open: () => openDatabase({ kind: 'pglite', dataDir: options.dataDir }),
      dispose: async () => {},
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const name = `atelier_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await withAdmin(baseUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 }),
    dispose: () =>
      withAdmin(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

export type TestApp = {
  app: App;
  config: Config;
  dataDir: string;
  database: Database;
  close: () => Promise<void>;
};

/**
 * A full app on a fresh database and data folder, seeded with the demo store by default.
 * Pass an existing `testDatabase` and `dataDir` to start the app again on the same data;
 * the caller then disposes of them.
 */
export async function createTestApp(
  options: {
    seedDemo?: boolean;
    dataDir?: string;
    testDatabase?: TestDatabase;
    pageCache?: 'on' | 'off';
    /** Extra environment variables for the app's configuration. */
    env?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'atelier-test-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(options.pageCache && { PAGE_CACHE: options.pageCache }),
    ...options.env,
  });
  const testDatabase = options.testDatabase ?? (await createTestDatabase());
  const database = await testDatabase.open();
  const app = await buildApp({ config, database, seedDemo: options.seedDemo ?? true });
  return {
    app,
    config,
    dataDir,
    database,
    close: async () => {
      await app.close();
      if (!options.testDatabase) await testDatabase.dispose();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
