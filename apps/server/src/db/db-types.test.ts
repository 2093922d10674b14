import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDialect } from '../test/test-app.ts';
import type { Database } from './database.ts';

// db-types.ts is written by hand beside the migrations; this holds it to the schema they
// build. The declared side is read from the file itself with the TypeScript checker (no
// second list to keep), the real side from information_schema of a freshly migrated
// database, so a column added in a migration and not declared (or the other way round, or
// with another nullability, type or default) fails here on both dialects.

/** What a column looks like, in terms both sides can state. */
type Shape = {
  /** string, number, boolean, date, json, string[] … */
  kind: string;
  isNullable: boolean;
  /** Whether an insert must give it, may leave it out (nullable or a default) or cannot (generated). */
  insert: 'required' | 'optional' | 'never';
};
type Tables = Record<string, Record<string, Shape>>;

const DB_TYPES = fileURLToPath(new URL('./db-types.ts', import.meta.url));

/** The `DB` interface's tables and columns as Kysely sees them. */
function declaredTables(): Tables {
  const program = ts.createProgram([DB_TYPES], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(DB_TYPES);
  if (!source) throw new Error('db-types.ts not found');
  const module = checker.getSymbolAtLocation(source);
  const dbSymbol = module && checker.getExportsOfModule(module).find((s) => s.name === 'DB');
  if (!dbSymbol) throw new Error('no exported DB interface in db-types.ts');
  const dbType = checker.getDeclaredTypeOfSymbol(dbSymbol);

  const part = (type: ts.Type, name: '__select__' | '__insert__') => {
    // ColumnType<S, I, U> (and Generated<T>) is an object with these phantom members.
    const member = type.getProperty(name);
    return member ? checker.getTypeOfSymbol(member) : type;
  };
  const members = (type: ts.Type) => (type.isUnion() ? type.types : [type]);
  const kindOf = (type: ts.Type): string => {
    const kinds = new Set(
      members(type)
        .filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
        .map((t) => {
          if (t.flags & ts.TypeFlags.StringLike) return 'string';
          if (t.flags & ts.TypeFlags.NumberLike) return 'number';
          if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean';
          if (t.symbol?.name === 'Date') return 'date';
          if (checker.isArrayType(t)) {
            const [element] = checker.getTypeArguments(t as ts.TypeReference);
            return element ? `${kindOf(element)}[]` : 'unknown[]';
          }
          // Buffer<ArrayBufferLike> and Buffer are one kind to information_schema.
          return checker.typeToString(t).replace(/<.*>$/, '');
        }),
    );
    return [...kinds].sort().join(' | ');
  };
  const hasFlag = (type: ts.Type, flag: ts.TypeFlags) =>
    members(type).some((t) => (t.flags & flag) !== 0);

  const tables: Tables = {};
  for (const table of dbType.getProperties()) {
    const columns: Record<string, Shape> = {};
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      const select = part(type, '__select__');
      const insert = part(type, '__insert__');
      columns[column.name] = {
        kind: kindOf(select),
        isNullable: hasFlag(select, ts.TypeFlags.Null),
        insert:
          insert.flags & ts.TypeFlags.Never
            ? 'never'
            : hasFlag(insert, ts.TypeFlags.Undefined) || hasFlag(insert, ts.TypeFlags.Null)
              ? 'optional'
              : 'required',
      };
    }
    tables[table.name] = columns;
  }
  return tables;
}

/** How the code reads each PostgreSQL type (pg and PGlite parse int8 as numbers here). */
const KINDS: Record<string, string> = {
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  integer: 'number',
  smallint: 'number',
  bigint: 'number',
  real: 'number',
  'double precision': 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'date',
  'timestamp without time zone': 'date',
  // Read as its text form; only ever queried through sql``.
  tsvector: 'string',
  // The analytics site days (0053): always read as day::text, written as 'YYYY-MM-DD'.
  date: 'string',
  bytea: 'Buffer',
};

async function migratedTables(database: Database): Promise<Tables> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
    is_generated: 'ALWAYS' | 'NEVER';
  }>`
    select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable,
           c.column_default, c.is_identity, c.is_generated
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      -- A partition (analytics_events' days) is its parent's rows, declared once as the parent.
      and not exists (
        select 1 from pg_class pc
        join pg_namespace pn on pn.oid = pc.relnamespace and pn.nspname = current_schema()
        where pc.relname = c.table_name and pc.relispartition
      )
    order by c.table_name, c.ordinal_position
  `.execute(database.db);
  const tables: Tables = {};
  for (const row of rows) {
    const isNullable = row.is_nullable === 'YES';
    const kind =
      row.data_type === 'ARRAY'
        ? `${KINDS[udtKind(row.udt_name)] ?? row.udt_name}[]`
        : (KINDS[row.data_type] ?? row.data_type);
    tables[row.table_name] ??= {};
    tables[row.table_name] = {
      ...tables[row.table_name],
      [row.column_name]: {
        kind,
        isNullable,
        insert:
          row.is_generated === 'ALWAYS'
            ? 'never'
            : isNullable || row.column_default !== null || row.is_identity === 'YES'
              ? 'optional'
              : 'required',
      },
    };
  }
  return tables;
}

/** `_text` → `text`: an array's element type as information_schema names scalars. */
function udtKind(udtName: string): string {
  const element = udtName.replace(/^_/, '');
  const names: Record<string, string> = {
    text: 'text',
    varchar: 'character varying',
    uuid: 'uuid',
    int4: 'integer',
    int2: 'smallint',
    int8: 'bigint',
    bool: 'boolean',
  };
  return names[element] ?? element;
}

/** jsonb holds whatever its declared type says; only that the column is there and its nulls. */
const isJson = (kind: string) => kind === 'jsonb' || kind === 'json';

describe(`db-types.ts matches the migrated schema (${testDialect})`, () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let declared: Tables;
  let migrated: Tables;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await testDatabase.open();
    migrated = await migratedTables(database);
    declared = declaredTables();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  it('declares every table the migrations create, and no other', () => {
    expect(Object.keys(declared).sort()).toEqual(Object.keys(migrated).sort());
  });

  it('declares every column with its nullability, type and whether an insert gives it', () => {
    expect(differences(declared, migrated)).toEqual([]);
  });

  it('notices a column a migration adds that db-types.ts does not declare', async () => {
    await sql`alter table website_domains add column note text not null default ''`.execute(
      database.db,
    );
    const withNote = await migratedTables(database);
    expect(differences(declared, withNote)).toEqual([
      'website_domains.note: in the schema (string), not declared',
    ]);
  });
});

function differences(declared: Tables, migrated: Tables): string[] {
  const found: string[] = [];
  for (const [table, columns] of Object.entries(migrated)) {
    const declaredColumns = declared[table] ?? {};
    for (const name of Object.keys(declaredColumns)) {
      if (!(name in columns)) found.push(`${table}.${name}: declared, not in the schema`);
    }
    for (const [name, real] of Object.entries(columns)) {
      const typed = declaredColumns[name];
      const where = `${table}.${name}`;
      if (!typed) {
        found.push(`${where}: in the schema (${real.kind}), not declared`);
        continue;
      }
      if (typed.isNullable !== real.isNullable) {
        found.push(`${where}: nullable ${real.isNullable}, declared ${typed.isNullable}`);
      }
      if (!isJson(real.kind) && typed.kind !== real.kind) {
        found.push(`${where}: ${real.kind}, declared ${typed.kind}`);
      }
      if (typed.insert !== real.insert) {
        found.push(`${where}: ${real.insert} on insert, declared ${typed.insert}`);
      }
    }
  }
  return found;
}
