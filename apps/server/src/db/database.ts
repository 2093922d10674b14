import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './db-types.ts';
import { migrate } from './migrate.ts';
import { createPGliteDialect } from './pglite-dialect.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Round trip to the database, for health checks. */
  ping: () => Promise<void>;
  /** Messages between the servers on this database (NOTIFY and LISTEN). */
  changes: ChangeChannel;
  close: () => Promise<void>;
};

export type ChangeChannel = {
  /** Sends `message` to every subscriber on the database, this process's included. */
  publish: (message: string) => Promise<void>;
  /**
   * Calls `onMessage` with each message; `onGap` when messages may have been lost (the
   * listening connection was dropped and is back). Resolves once listening; the function
   * it resolves to stops.
   */
  subscribe: (
    onMessage: (message: string) => void,
    onGap: () => void,
  ) => Promise<() => Promise<void>>;
};

const CHANGES_CHANNEL = 'atelier_changes';

function publishOn(db: Kysely<DB>) {
  return async (message: string) => {
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${message})`.execute(db);
  };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; onIdleError?: (error: Error) => void }
  /**
   * dataDir undefined keeps the embedded database in memory (tests); `snapshot`, from
   * `snapshotPGlite`, starts that in-memory database from a copy instead of initdb.
   */
  | { kind: 'pglite'; dataDir: string | undefined; snapshot?: Blob };

// pg hands int8 and numeric back as strings to avoid precision loss. Our int8 values
// are counts and sums of cents that stay far below 2^53, so numbers are safe and keep
// both dialects returning the same types.
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

const PREPARED_MARK = '/* prepared */ ';

/**
 * Put first in a hot statement's SQL: on PostgreSQL each connection then parses and plans
 * it once (a named prepared statement) instead of on every call. For a statement with
 * joins and CTEs, planning costs several times its execution (docs/PERFORMANCE.md, add
 * to cart). Only for statements whose text is fixed in code, since each distinct text
 * stays prepared on every connection for its lifetime. PGlite ignores the comment.
 */
export const prepared = sql.raw(PREPARED_MARK);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.kind === 'postgres' ? openPostgres(options) : await openPGlite(options);
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(options: {
  url: string;
  poolSize?: number;
  onIdleError?: (error: Error) => void;
}): Database {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle connection the server ends (restart, failover, a dropped test database)
  // emits 'error' on the pool; unhandled, that would crash the process. The pool drops
  // the dead client and the next query gets a fresh one.
  pool.on('error', (error) => {
    if (options.onIdleError) options.onIdleError(error);
  });
  pool.on('connect', preparesMarkedStatements);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Set<() => Promise<void>>();
  const changes: ChangeChannel = {
    publish: publishOn(db),
    subscribe: async (onMessage, onGap) => {
      const stop = await listenOnPostgres(options.url, onMessage, onGap);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
  };
  return {
    db,
    kind: 'postgres',
    ping: () => ping(db),
    changes,
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await db.destroy();
    },
  };
}

const RELISTEN_DELAYS_MS = [100, 1000, 5000, 30_000];

/**
 * LISTEN needs a connection of its own for as long as it listens, outside the pool. When
 * it drops (a database restart, a failover), it is opened again with growing pauses and
 * `onGap` is called: notifications sent meanwhile are lost.
 */
async function listenOnPostgres(
  url: string,
  onMessage: (message: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (notification) => {
      if (notification.channel === CHANGES_CHANNEL && notification.payload !== undefined) {
        onMessage(notification.payload);
      }
    });
    // 'error' then 'end' on a dropped connection: the first of them, on the connection
    // in use, reconnects; one lost while connecting rejects `connect` instead.
    const lost = () => {
      if (client !== next || isStopped) return;
      client = undefined;
      next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (isStopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };

  const scheduleReconnect = () => {
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          onGap();
        },
        () => {
          if (!isStopped) scheduleReconnect();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = undefined;
  };
}

const statementNames = new Map<string, string>();

/** Sends statements that begin with `prepared` as named statements, named by their text. */
function preparesMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // pg's query has a dozen overloads; Kysely calls it with (text, values) or a cursor,
  // and every other form passes through unchanged.
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) return query(...args);
    let name = statementNames.get(text);
    if (!name) {
      name = `atelier_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      statementNames.set(text, name);
    }
    return query({ name, text, values });
  }) as typeof client.query;
}

// The embedded Postgres' own memory. Its default 128 MB of shared buffers is sized for a
// database server; a store's working set is a few MB, and these pages stay resident for
// the life of the process (docs/PERFORMANCE.md, memory).
const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];

async function openPGlite(options: {
  dataDir: string | undefined;
  snapshot?: Blob;
}): Promise<Database> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
    // Creating a database (initdb) grows the WASM heap to ~800 MB and the process never
    // gets it back, so a first start would keep that for its lifetime. A short-lived
    // child does it instead; this process then opens the ready folder at ~150 MB.
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await createPGliteDataDir(dataDir);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.snapshot && !dataDir ? { loadDataDir: options.snapshot } : {}),
    postgresqlconf: PGLITE_SETTINGS,
  });
  const db = new Kysely<DB>({ dialect: createPGliteDialect(client) });
  const changes: ChangeChannel = {
    publish: publishOn(db),
    // One process has the embedded database, so nothing is ever lost between its servers.
    subscribe: async (onMessage) => client.listen(CHANGES_CHANNEL, onMessage),
  };
  const database: Database = {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    changes,
    close: () => db.destroy(),
  };
  pgliteClients.set(database, client);
  return database;
}

const pgliteClients = new WeakMap<Database, PGlite>();

/**
 * A copy of an open embedded database, to start others from (`snapshot`): the test suite
 * migrates and seeds once and starts each test's database from the copy in a fraction
 * of the time.
 */
export async function snapshotPGlite(database: Database): Promise<Blob> {
  const client = pgliteClients.get(database);
  if (!client) throw new Error('only an embedded database can be copied');
  return client.dumpDataDir('none');
}

/** Runs PGlite's initdb for `dataDir` in a child process that exits when it is done. */
async function createPGliteDataDir(dataDir: string): Promise<void> {
  const script = `const { PGlite } = await import(process.env.PGLITE_MODULE);
const client = await PGlite.create({ dataDir: process.env.PGLITE_DATA_DIR });
await client.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      PGLITE_MODULE: import.meta.resolve('@electric-sql/pglite'),
      PGLITE_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    throw new Error(`creating the embedded database in ${dataDir} failed (${code}): ${stderr}`);
  }
}

async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
