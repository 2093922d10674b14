import { blockMessages } from '@atelier/core';
import { z } from 'zod';

// A block type is defined once, here on the data side: its type name, the version its
// data is at now, the fields of that version and how each older version becomes the next.
// The contract cannot import React, so the storefront view (apps/web/src/blocks/render.tsx)
// and the editor fields (apps/web/src/editor/blocks/registry.tsx) are maps keyed by the
// same type names, typed so that a type missing from either does not compile.
//
// Nothing stored is ever rewritten by a migration: blocks are migrated when they are read,
// and the next save writes the current version.

/**
 * One step of a block's history: data stored at version `n` as data of version `n + 1`.
 * It may throw (a zod error or any other) when the old data is not what that version
 * wrote; the block is then unreadable rather than guessed at.
 */
export type BlockMigration = (data: Readonly<Record<string, unknown>>) => Record<string, unknown>;

export type BlockDefinition<
  T extends string = string,
  V extends number = number,
  S extends z.ZodType = z.ZodType,
> = {
  type: T;
  /** The version the schema describes; older stored versions are migrated up to it. */
  version: V;
  schema: S;
  /** `migrations[n]` turns version `n` into version `n + 1`, for every n below `version`. */
  migrations: Readonly<Record<number, BlockMigration>>;
};

/**
 * A block type: its current data schema is `{type, version, ...fields}`. Every version
 * before `version` needs its migration, checked here so a missing step fails at load
 * (and in the contract tests) rather than on a stored page.
 */
export function defineBlock<
  const T extends string,
  const V extends number,
  const F extends z.ZodRawShape = Record<never, never>,
>(definition: {
  type: T;
  version: V;
  fields?: F;
  migrations?: Readonly<Record<number, BlockMigration>>;
}) {
  const migrations = definition.migrations ?? {};
  for (let version = 1; version < definition.version; version += 1) {
    if (!migrations[version]) {
      throw new Error(`Block ${definition.type} has no migration from version ${version}.`);
    }
  }
  const schema = z.object({
    type: z.literal(definition.type),
    version: z.literal(definition.version),
    ...(definition.fields ?? ({} as F)),
  });
  return {
    type: definition.type,
    version: definition.version,
    schema,
    migrations,
  } satisfies BlockDefinition<T, V, typeof schema>;
}

/**
 * A stored block that could not be read: kept exactly as stored so a save never drops it,
 * shown in the editor as a block that needs attention and left out of public pages.
 */
export const unreadableBlockSchema = z
  .object({
    type: z.literal('unreadable'),
    /** The block's JSON exactly as it is stored. */
    raw: z.unknown(),
    /** The stored `type`, when it had one. */
    storedType: z.string().max(200).nullable(),
    /** Why it could not be read, in a sentence for the editor. */
    reason: z.string().max(2000),
  })
  .meta({ id: 'UnreadableBlock' });
export type UnreadableBlock = z.infer<typeof unreadableBlockSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem zod found, as "path: message", for a person to read. */
function describeError(error: unknown): string {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    if (!issue) return 'unknown problem.';
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads stored blocks against a list of definitions: each stored block comes back at its
 * type's current version, or as an unreadable block saying why. A stored block with no
 * `version` is version 1 (the first blocks may not have carried one).
 */
export function createBlockReader<D extends BlockDefinition>(definitions: readonly D[]) {
  const byType = new Map<string, BlockDefinition>(definitions.map((d) => [d.type, d]));
  type Current = z.infer<D['schema']>;

  return function readStoredBlock(raw: unknown): Current | UnreadableBlock {
    const unreadable = (storedType: string | null, reason: string): UnreadableBlock => ({
      type: 'unreadable',
      raw,
      storedType,
      reason,
    });
    if (!isRecord(raw) || typeof raw.type !== 'string') {
      return unreadable(null, blockMessages.notABlock);
    }
    const definition = byType.get(raw.type);
    if (!definition) return unreadable(raw.type, blockMessages.unknownType(raw.type));
    const stored = raw.version === undefined ? 1 : raw.version;
    if (typeof stored !== 'number' || !Number.isInteger(stored) || stored < 1) {
      return unreadable(raw.type, blockMessages.badVersion(JSON.stringify(stored)));
    }
    if (stored > definition.version) {
      return unreadable(raw.type, blockMessages.newerVersion(stored, definition.version));
    }
    let data: Record<string, unknown> = { ...raw, version: stored };
    try {
      for (let version = stored; version < definition.version; version += 1) {
        const migrate = definition.migrations[version];
        // defineBlock refuses a definition with a gap, so this only guards the index type.
        if (!migrate) throw new Error(`no migration from version ${version}`);
        data = { ...migrate(data), type: definition.type, version: version + 1 };
      }
    } catch (error) {
      return unreadable(raw.type, blockMessages.badData(describeError(error)));
    }
    const parsed = definition.schema.safeParse(data);
    if (!parsed.success) {
      return unreadable(raw.type, blockMessages.badData(describeError(parsed.error)));
    }
    return parsed.data as Current;
  };
}

/** JSON with object keys sorted, so two copies of one block compare equal as strings. */
export function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((key) => [key, item[key]]),
        )
      : item,
  );
}
