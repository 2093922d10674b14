import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type AppOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';

// Each test file gets its own database: an in-memory PGlite by default, or, with
// TEST_DIALECT=postgres, a new database on the PostgreSQL of TEST_DATABASE_URL that is
// dropped afterwards. Nothing is mocked: the app under test is the app that ships.
// Both start as copies of a database migrated (and seeded) once per run
// (global-setup.ts), which is the same database every app would make for itself.

export const testDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'pglite';

/** What global-setup.ts prepared: databases to copy, and the demo store's data folder. */
export type TestTemplates = {
  demoDataDir: string;
  pglite?: { empty: string; demo: string };
  postgres?: { empty: string; demo: string };
};

const templates = (): TestTemplates | undefined => inject('testTemplates');

const snapshots = new Map<string, Promise<Blob>>();
const snapshotAt = (path: string) => {
  let snapshot = snapshots.get(path);
  if (!snapshot) {
    snapshot = readFile(path).then((bytes) => new Blob([new Uint8Array(bytes)]));
    snapshots.set(path, snapshot);
  }
  return snapshot;
};

/** Gives `dataDir` the demo store's media, as seeding it would have. */
export async function copyDemoData(dataDir: string): Promise<void> {
  const from = templates()?.demoDataDir;
  if (from) await cp(from, dataDir, { recursive: true });
}

export type TestDatabase = {
  /** Opens (again) the same database: a restart of the server. */
  open: () => Promise<Database>;
  dispose: () => Promise<void>;
};

/**
 * A new database, migrated. With a dataDir the embedded one is kept on disk (so it can be
 * reopened); without, it lives in memory. `withDemo` starts it with the demo store
 * seeded: the app's data folder then needs the demo's media (`createTestApp` copies it).
 */
export async function createTestDatabase(
  options: { dataDir?: string; withDemo?: boolean } = {},
): Promise<TestDatabase> {
  const template = options.withDemo ? 'demo' : 'empty';
  if (testDialect === 'pglite') {
    const snapshotPath = options.dataDir ? undefined : templates()?.pglite?.[template];
    return {
      open: async () =>
        openDatabase({
          kind: 'pglite',
          dataDir: options.dataDir,
          ...(snapshotPath && { snapshot: await snapshotAt(snapshotPath) }),
        }),
      dispose: async () => {},
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const name = `atelier_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const copyOf = templates()?.postgres?.[template];
  await adminQuery(`create database ${name}${copyOf ? ` template ${copyOf}` : ''}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 }),
    dispose: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** A statement on TEST_DATABASE_URL's server, outside any test database. */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
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
    /** Webhook delivery options (clock, jitter, DNS, lease). */
    webhooks?: AppOptions['webhooks'];
    /** Campaign sending options (a rate minute of 0 runs batches back to back). */
    campaigns?: AppOptions['campaigns'];
  } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'atelier-test-')));
  const seedDemo = options.seedDemo ?? true;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(options.pageCache && { PAGE_CACHE: options.pageCache }),
    ...options.env,
  });
  const testDatabase = options.testDatabase ?? (await createTestDatabase({ withDemo: seedDemo }));
  if (!options.testDatabase && seedDemo) await copyDemoData(dataDir);
  const database = await testDatabase.open();
  const app = await buildApp({
    config,
    database,
    seedDemo,
    ...(options.webhooks && { webhooks: options.webhooks }),
    ...(options.campaigns && { campaigns: options.campaigns }),
  });
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
