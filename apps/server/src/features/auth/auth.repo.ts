import { type Kysely, sql } from 'kysely';
import type { DB, WebsiteMemberRow } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';

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

    async insertSession(input: {
      websiteId: string;
      tokenHash: string;
      memberId: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('member_sessions')
        .values({
          website_id: input.websiteId,
          token_hash: input.tokenHash,
          member_id: input.memberId,
          expires_at: input.expiresAt,
        })
        .execute();
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

    /** Housekeeping on each sign-in, so expired rows do not pile up. */
    async deleteExpiredSessions(websiteId: string, now: Date): Promise<void> {
      await db
        .deleteFrom('member_sessions')
        .where('website_id', '=', websiteId)
        .where('expires_at', '<=', now)
        .execute();
    },
  };
}

/**
 * Membership changes of one website queue on its row, so two first visits cannot both
 * create an owner and two removals cannot both remove the last admin.
 */
async function lockWebsite(trx: Kysely<DB>, websiteId: string): Promise<void> {
  await trx
    .selectFrom('websites')
    .select('website_id')
    .where('website_id', '=', websiteId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}
