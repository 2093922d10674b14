import { type Kysely, sql } from 'kysely';
import type { DB } from './db-types.ts';
import { migrations } from './migrations/index.ts';

// Any number of server instances may start at once against one PostgreSQL; the
// advisory lock lets exactly one apply migrations while the others wait for it.
const MIGRATION_LOCK_ID = 7_246_001;

export async function migrate(db: Kysely<DB>): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(connection);
      const applied = new Set(
        (await connection.selectFrom('schema_migrations').select('name').execute()).map(
          (row) => row.name,
        ),
      );
      const appliedNow: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.name)) continue;
        await connection.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
        });
        appliedNow.push(migration.name);
      }
      return appliedNow;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
    }
  });
}
