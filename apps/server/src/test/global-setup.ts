import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase, snapshotPGlite } from '../db/database.ts';
import { adminQuery, type TestTemplates, testDialect } from './test-app.ts';

// Migrating a new database and seeding the demo store take seconds, and the server
// tests start about sixty apps. This runs both once per test run; each test's database
// then starts as a copy (a PGlite snapshot, or a PostgreSQL template database) and its
// data folder gets a copy of the demo store's media.

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-templates-'));
  const demoDataDir = join(dir, 'demo-data');
  await mkdir(demoDataDir);
  const seedDemo = async (database: Database) => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: demoDataDir });
    return buildApp({ config, database, seedDemo: true });
  };

  if (testDialect === 'pglite') {
    const saveSnapshot = async (database: Database, name: string) => {
      const path = join(dir, `${name}.tar`);
      await writeFile(path, new Uint8Array(await (await snapshotPGlite(database)).arrayBuffer()));
      return path;
    };
    const empty = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const emptyPath = await saveSnapshot(empty, 'empty');
    await empty.close();
    const demo = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const app = await seedDemo(demo);
    const demoPath = await saveSnapshot(demo, 'demo');
    await app.close();
    project.provide('testTemplates', {
      demoDataDir,
      pglite: { empty: emptyPath, demo: demoPath },
    });
    return () => rm(dir, { recursive: true, force: true });
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const prefix = `atelier_tpl_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const names = { empty: `${prefix}_empty`, demo: `${prefix}_demo` };
  const urlOf = (name: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  for (const name of Object.values(names)) await adminQuery(`create database ${name}`);
  const empty = await openDatabase({ kind: 'postgres', url: urlOf(names.empty), poolSize: 2 });
  await empty.close();
  const app = await seedDemo(
    await openDatabase({ kind: 'postgres', url: urlOf(names.demo), poolSize: 5 }),
  );
  await app.close();
  project.provide('testTemplates', { demoDataDir, postgres: names });
  return async () => {
    for (const name of Object.values(names)) {
      await adminQuery(`drop database if exists ${name} with (force)`);
    }
    await rm(dir, { recursive: true, force: true });
  };
}
