import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseError, isUniqueViolation, uniqueViolation } from './errors.ts';

// The errors as the embedded database really raises them (PostgreSQL's driver raises the
// same protocol fields), next to one a lost connection raises.
describe('database errors', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec('create table skus (sku text constraint skus_sku_key unique)');
    await db.exec(`insert into skus values ('MUG')`);
  });
  afterAll(() => db.close());

  const failureOf = async (statement: string) => {
    try {
      await db.query(statement);
    } catch (error) {
      return error;
    }
    throw new Error(`${statement} did not fail`);
  };

  it('tells a statement the database refused from a lost connection', async () => {
    expect(isDatabaseError(await failureOf('select 1/0'))).toBe(true);
    const lost = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(isDatabaseError(lost)).toBe(false);
    expect(isDatabaseError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(false);
    expect(isDatabaseError(undefined)).toBe(false);
  });

  it('names the unique constraint a duplicate broke, and only for a duplicate', async () => {
    const duplicate = await failureOf(`insert into skus values ('MUG')`);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(uniqueViolation(duplicate)).toBe('skus_sku_key');
    const other = await failureOf('select 1/0');
    expect(isUniqueViolation(other)).toBe(false);
    expect(uniqueViolation(other)).toBeUndefined();
  });
});
