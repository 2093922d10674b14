import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';

// The rows of two-step verification, for members or for customers: the two tables have
// the same columns and differ in the id that names the person (migration 0040). Each
// change that must happen once (accepting a step, spending a recovery code, turning on)
// is one conditional update, so two requests racing each other cannot both win.

export type TwoFactorKind = 'member' | 'site-user';

export type TwoFactorRow = {
  secret: string;
  isOn: boolean;
  lastUsedStep: number | null;
  recoveryCodesLeft: number;
};

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;

const TABLES = {
  member: { table: 'member_two_factor', id: 'member_id' },
  'site-user': { table: 'site_user_two_factor', id: 'site_user_id' },
} as const;

export function createTwoFactorRepo(db: Kysely<DB>, kind: TwoFactorKind) {
  const table = sql.table(TABLES[kind].table);
  const id = sql.ref(TABLES[kind].id);

  return {
    async find(websiteId: string, subjectId: string): Promise<TwoFactorRow | undefined> {
      const { rows } = await sql<{
        secret: string;
        is_on: boolean;
        last_used_step: number | null;
        codes_left: number;
      }>`
        select secret, enabled_at is not null as is_on, last_used_step,
          cardinality(recovery_code_hashes)::int as codes_left
        from ${table} where website_id = ${websiteId}::uuid and ${id} = ${subjectId}::uuid`.execute(
        db,
      );
      const row = rows[0];
      if (!row) return undefined;
      return {
        secret: row.secret,
        isOn: row.is_on,
        lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
        recoveryCodesLeft: Number(row.codes_left),
      };
    },

    /** Stores a new key waiting for its first code; false when it is on already. */
    async savePending(input: { websiteId: string; subjectId: string; secret: string }) {
      const { rows } = await sql`
        insert into ${table} (website_id, ${id}, secret)
        values (${input.websiteId}::uuid, ${input.subjectId}::uuid, ${input.secret})
        on conflict (website_id, ${id}) do update
          set secret = excluded.secret, last_used_step = null, recovery_code_hashes = '{}',
            created_at = now()
          where ${table}.enabled_at is null
        returning 1 as saved`.execute(db);
      return rows.length > 0;
    },

    /** Turns on the key that was checked (not one a second set-up put there meanwhile). */
    async turnOn(input: {
      websiteId: string;
      subjectId: string;
      secret: string;
      step: number;
      recoveryCodeHashes: string[];
      now: Date;
    }): Promise<boolean> {
      const { rows } = await sql`
        update ${table}
        set enabled_at = ${input.now}::timestamptz, last_used_step = ${input.step}::int,
          recovery_code_hashes = ${input.recoveryCodeHashes}::text[]
        where website_id = ${input.websiteId}::uuid and ${id} = ${input.subjectId}::uuid
          and enabled_at is null and secret = ${input.secret}
        returning 1 as done`.execute(db);
      return rows.length > 0;
    },

    /** Accepts a step if no later (or equal) one was accepted before: replays lose. */
    async acceptStep(input: { websiteId: string; subjectId: string; step: number }) {
      const { rows } = await sql`
        update ${table} set last_used_step = ${input.step}::int
        where website_id = ${input.websiteId}::uuid and ${id} = ${input.subjectId}::uuid
          and enabled_at is not null
          and (last_used_step is null or last_used_step < ${input.step}::int)
        returning 1 as done`.execute(db);
      return rows.length > 0;
    },

    /** Spends one recovery code: true once per code. */
    async spendRecoveryCode(input: { websiteId: string; subjectId: string; hash: string }) {
      const { rows } = await sql`
        update ${table}
        set recovery_code_hashes = array_remove(recovery_code_hashes, ${input.hash}::text)
        where website_id = ${input.websiteId}::uuid and ${id} = ${input.subjectId}::uuid
          and enabled_at is not null and ${input.hash}::text = any(recovery_code_hashes)
        returning 1 as done`.execute(db);
      return rows.length > 0;
    },

    async remove(websiteId: string, subjectId: string): Promise<void> {
      await sql`delete from ${table}
        where website_id = ${websiteId}::uuid and ${id} = ${subjectId}::uuid`.execute(db);
    },
  };
}
