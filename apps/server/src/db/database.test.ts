import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/test-app.ts';
import { type Database, prepared } from './database.ts';

describe(`statements marked prepared (${testDialect})`, () => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.dispose();
  });

  it('are planned once per PostgreSQL connection and answer as usual on both databases', async () => {
    // A transaction keeps one connection, whose own prepared statements the view lists.
    const { answers, names } = await database.db.transaction().execute(async (trx) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) {
        const result = await sql<{ n: number }>`${prepared}select ${n}::int as n`.execute(trx);
        answers.push(result.rows[0]?.n ?? 0);
      }
      await sql`select ${4}::int as n`.execute(trx);
      const listed = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(trx);
      return { answers, names: listed.rows };
    });
    expect(answers).toEqual([1, 2, 3]);
    // PGlite has no pool to prepare on; the mark is only a comment there.
    expect(names.map((row) => row.statement)).toEqual(
      testDialect === 'postgres' ? ['/* prepared */ select $1::int as n'] : [],
    );
  });
});
