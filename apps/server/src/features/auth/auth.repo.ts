import { type Kysely, sql } from 'kysely';
import type { DB, WebsiteMemberRow } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mailQueries, type OutgoingMail } from '../mail/mail.repo.ts';

export type AuthRepo = ReturnType<typeof createAuthRepo>;

export type SessionWithMember = { member: WebsiteMemberRow; expiresAt: Date };

export function createAuthRepo(db: Kysely<DB>) {
  return {
    async countMembers(websiteId: string): Promise<number> {
      const row = await db
        .selectFrom('website_members')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('website_id', '=', websiteId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Creates the first member, or nothing when the website has one already. The website
     * row is locked first, so two first visits racing each other create one owner.
     */
    createOwnerIfNone(input: {
      websiteId: string;
      email: string;
      passwordHash: string;
      role: number;
    }): Promise<WebsiteMemberRow | undefined> {
      return db.transaction().execute(async (trx) => {
        await lockWebsite(trx, input.websiteId);
        const existing = await trx
          .selectFrom('website_members')
          .select('member_id')
          .where('website_id', '=', input.websiteId)
          .limit(1)
          .executeTakeFirst();
        if (existing) return undefined;
        return trx
          .insertInto('website_members')
          .values({
            website_id: input.websiteId,
            email: input.email,
            password_hash: input.passwordHash,
            role: input.role,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** undefined when the email is taken on this website. */
    async insertMember(input: {
      websiteId: string;
      email: string;
      passwordHash: string;
      role: number;
    }): Promise<WebsiteMemberRow | undefined> {
      try {
        return await db
          .insertInto('website_members')
          .values({
            website_id: input.websiteId,
            email: input.email,
            password_hash: input.passwordHash,
            role: input.role,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    findMemberByEmail(websiteId: string, email: string): Promise<WebsiteMemberRow | undefined> {
      return db
        .selectFrom('website_members')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('email', '=', email)
        .executeTakeFirst();
    },

    listMembers(websiteId: string): Promise<WebsiteMemberRow[]> {
      return db
        .selectFrom('website_members')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('created_at')
        .orderBy('email')
        .execute();
    },

    /**
     * Removes a member unless that would leave the website without an admin; the lock on
     * the website row keeps two admins from removing each other at once.
     */
    deleteMember(input: {
      websiteId: string;
      memberId: string;
      adminRole: number;
    }): Promise<'deleted' | 'not-found' | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        await lockWebsite(trx, input.websiteId);
        const members = await trx
          .selectFrom('website_members')
          .select(['member_id', 'role'])
          .where('website_id', '=', input.websiteId)
          .execute();
        const target = members.find((m) => m.member_id === input.memberId);
        if (!target) return 'not-found';
        const admins = members.filter((m) => m.role === input.adminRole).length;
        if (target.role === input.adminRole && admins <= 1) return 'last-admin';
        await trx
          .deleteFrom('website_members')
          .where('website_id', '=', input.websiteId)
          .where('member_id', '=', input.memberId)
          .execute();
        return 'deleted';
      });
    },

    /**
     * Starts a session and clears the website's expired ones in one statement that
     * commits without waiting for the WAL flush (SET LOCAL synchronous_commit = off). A
     * session is recoverable state: a crash can lose at most the last fraction of a
     * second of sign-ins, whose members sign in again; it grants nothing that outlives
     * the row. Sign-out keeps the default, so an ended session cannot come back. Two
     * flushed commits per sign-in were what cost pages most when sign-ins ran beside
     * them on PGlite, whose commits run on the main thread.
     */
    async insertSession(input: {
      websiteId: string;
      tokenHash: string;
      memberId: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await sql`
        with relaxed as (
          select set_config('synchronous_commit', 'off', true)
        ), expired as (
          delete from member_sessions
          where website_id = ${input.websiteId}::uuid and expires_at <= ${input.now}::timestamptz
        )
        insert into member_sessions (website_id, token_hash, member_id, expires_at)
        select ${input.websiteId}::uuid, ${input.tokenHash}::text, ${input.memberId}::uuid,
          ${input.expiresAt}::timestamptz
        from relaxed`.execute(db);
    },

    async findSession(
      websiteId: string,
      tokenHash: string,
    ): Promise<SessionWithMember | undefined> {
      const row = await db
        .selectFrom('member_sessions as s')
        .innerJoin('website_members as m', (join) =>
          join.onRef('m.website_id', '=', 's.website_id').onRef('m.member_id', '=', 's.member_id'),
        )
        .selectAll('m')
        .select('s.expires_at')
        .where('s.website_id', '=', websiteId)
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { expires_at, ...member } = row;
      return { member, expiresAt: new Date(expires_at) };
    },

    async deleteSession(websiteId: string, tokenHash: string): Promise<void> {
      await db
        .deleteFrom('member_sessions')
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    /**
     * After a sign-in factor changed (two-step verification on or off): every other
     * session of the member ends and the member is told, in one transaction.
     */
    endOtherSessions(input: {
      websiteId: string;
      memberId: string;
      keepTokenHash: string;
      mail: OutgoingMail;
    }): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('member_sessions')
          .where('website_id', '=', input.websiteId)
          .where('member_id', '=', input.memberId)
          .where('token_hash', '!=', input.keepTokenHash)
          .execute();
        await mailQueries(trx).enqueue(input.websiteId, [input.mail]);
      });
    },
  };
}

/**
 * Membership changes of one website queue on its row, so two first visits cannot both
 * create an owner and two removals cannot both remove the last admin.
 */
export async function lockWebsite(trx: Kysely<DB>, websiteId: string): Promise<void> {
  await trx
    .selectFrom('websites')
    .select('website_id')
    .where('website_id', '=', websiteId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}
