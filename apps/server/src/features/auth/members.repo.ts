import { Role } from '@atelier/core';
import type { Kysely } from 'kysely';
import type { DB, MemberInvitationsTable, WebsiteMemberRow } from '../../db/db-types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mailQueries, type OutgoingMail } from '../mail/mail.repo.ts';
import { lockWebsite } from './auth.repo.ts';

// Members and invitations of a website (issue 23). Every change that could leave a
// website without an administrator takes the website row's lock first (as sign-up of the
// owner and removal do in auth.repo.ts), so two admins demoting each other at once cannot
// both succeed.

export type MembersRepo = ReturnType<typeof createMembersRepo>;

export type InvitationRow = {
  invitation_id: string;
  email: string;
  role: number;
  expires_at: Date;
  invited_by_email: string | null;
};

type InvitationInsert = Pick<MemberInvitationsTable, 'email' | 'role' | 'token_hash'> & {
  invited_by: string;
  expires_at: Date;
};

export function createMembersRepo(db: Kysely<DB>) {
  return {
    listInvitations(websiteId: string, now: Date): Promise<InvitationRow[]> {
      return db
        .selectFrom('member_invitations as i')
        .leftJoin('website_members as m', (join) =>
          join.onRef('m.website_id', '=', 'i.website_id').onRef('m.member_id', '=', 'i.invited_by'),
        )
        .select([
          'i.invitation_id',
          'i.email',
          'i.role',
          'i.expires_at',
          'm.email as invited_by_email',
        ])
        .where('i.website_id', '=', websiteId)
        .where('i.expires_at', '>', now)
        .orderBy('i.created_at')
        .execute();
    },

    /**
     * Writes an invitation and its email in one transaction. An earlier invitation to the
     * same address is replaced, so its link stops working. 'member' when the address
     * already belongs to a member of this website.
     */
    invite(input: {
      websiteId: string;
      invitation: InvitationInsert;
      mail: OutgoingMail;
    }): Promise<'member' | InvitationRow> {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('website_members')
          .select('member_id')
          .where('website_id', '=', input.websiteId)
          .where('email', '=', input.invitation.email)
          .executeTakeFirst();
        if (member) return 'member';
        await trx
          .deleteFrom('member_invitations')
          .where('website_id', '=', input.websiteId)
          .where('email', '=', input.invitation.email)
          .execute();
        const row = await trx
          .insertInto('member_invitations')
          .values({ website_id: input.websiteId, ...input.invitation })
          .returning(['invitation_id', 'email', 'role', 'expires_at'])
          .executeTakeFirstOrThrow();
        const sender = await trx
          .selectFrom('website_members')
          .select('email')
          .where('website_id', '=', input.websiteId)
          .where('member_id', '=', input.invitation.invited_by)
          .executeTakeFirst();
        await mailQueries(trx).enqueue(input.websiteId, [input.mail]);
        return {
          ...row,
          expires_at: new Date(row.expires_at),
          invited_by_email: sender?.email ?? null,
        };
      });
    },

    async revokeInvitation(websiteId: string, invitationId: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('member_invitations')
        .where('website_id', '=', websiteId)
        .where('invitation_id', '=', invitationId)
        .returning('invitation_id')
        .executeTakeFirst();
      return deleted !== undefined;
    },

    async findInvitation(
      websiteId: string,
      tokenHash: string,
      now: Date,
    ): Promise<{ email: string; role: number; expires_at: Date } | undefined> {
      const row = await db
        .selectFrom('member_invitations')
        .select(['email', 'role', 'expires_at'])
        .where('website_id', '=', websiteId)
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row && { ...row, expires_at: new Date(row.expires_at) };
    },

    /**
     * Spends the invitation and makes its member, in one transaction: the delete's
     * `returning` is the claim, so two clicks of one link make one member. 'invalid' when
     * the link is unknown, used or expired; 'member' when the address joined meanwhile
     * (the invitation is spent either way).
     */
    accept(input: {
      websiteId: string;
      tokenHash: string;
      now: Date;
      passwordHash: string;
    }): Promise<'invalid' | 'member' | WebsiteMemberRow> {
      return db.transaction().execute(async (trx) => {
        const invitation = await trx
          .deleteFrom('member_invitations')
          .where('website_id', '=', input.websiteId)
          .where('token_hash', '=', input.tokenHash)
          .where('expires_at', '>', input.now)
          .returning(['email', 'role'])
          .executeTakeFirst();
        if (!invitation) return 'invalid';
        const existing = await trx
          .selectFrom('website_members')
          .select('member_id')
          .where('website_id', '=', input.websiteId)
          .where('email', '=', invitation.email)
          .executeTakeFirst();
        if (existing) return 'member';
        try {
          return await trx
            .insertInto('website_members')
            .values({
              website_id: input.websiteId,
              email: invitation.email,
              password_hash: input.passwordHash,
              role: invitation.role,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        } catch (error) {
          if (isUniqueViolation(error)) return 'member';
          throw error;
        }
      });
    },

    /** Changes a member's role unless that leaves the website without an administrator. */
    changeRole(input: {
      websiteId: string;
      memberId: string;
      role: number;
    }): Promise<'not-found' | 'last-admin' | WebsiteMemberRow> {
      return db.transaction().execute(async (trx) => {
        await lockWebsite(trx, input.websiteId);
        const members = await trx
          .selectFrom('website_members')
          .select(['member_id', 'role'])
          .where('website_id', '=', input.websiteId)
          .execute();
        const target = members.find((m) => m.member_id === input.memberId);
        if (!target) return 'not-found';
        const admins = members.filter((m) => m.role === Role.admin).length;
        if (target.role === Role.admin && input.role !== Role.admin && admins <= 1) {
          return 'last-admin';
        }
        return trx
          .updateTable('website_members')
          .set({ role: input.role })
          .where('website_id', '=', input.websiteId)
          .where('member_id', '=', input.memberId)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },
  };
}
