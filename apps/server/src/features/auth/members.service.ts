import { randomBytes } from 'node:crypto';
import type { Invitation, InvitationPreview, Member, MemberList } from '@atelier/contract';
import {
  editorApiMessages,
  editorMessages,
  invitationMessages,
  isValidAccountEmail,
  ROLE_LABELS,
  Role,
} from '@atelier/core';
import { fail } from '../../http/errors.ts';
import type { WebsiteService } from '../websites/website.service.ts';
import type { AuthRepo } from './auth.repo.ts';
import { type AuthService, checkNewCredentials, hashToken, type SignedIn } from './auth.service.ts';
import type { InvitationRow, MembersRepo } from './members.repo.ts';
import { hashPassword } from './password.ts';

// The members screen (issue 23): invite by email, change a role, remove; the last
// administrator can be neither removed nor demoted. An invitation link carries 32 random
// bytes whose SHA-256 alone is stored (revocable, single use, expiring) rather than a
// signature over its contents: a signed link could not be withdrawn or spent. Nothing
// here knows about HTTP.

export type MembersService = ReturnType<typeof createMembersService>;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

const roleLabel = (role: number) => ROLE_LABELS[role as Role] ?? `role ${role}`;

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.invitation_id,
  email: row.email,
  role: row.role,
  expiresAt: row.expires_at.toISOString(),
  invitedBy: row.invited_by_email,
});

export function createMembersService(deps: {
  membersRepo: MembersRepo;
  authRepo: Pick<AuthRepo, 'listMembers' | 'deleteMember'>;
  auth: Pick<AuthService, 'startSession'>;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  now?: () => Date;
}) {
  const { membersRepo, authRepo, auth, websites } = deps;
  const now = deps.now ?? (() => new Date());

  async function list(websiteId: string): Promise<MemberList> {
    const [members, invitations] = await Promise.all([
      authRepo.listMembers(websiteId),
      membersRepo.listInvitations(websiteId, now()),
    ]);
    return {
      members: members.map((m) => ({ id: m.member_id, email: m.email, role: m.role })),
      invitations: invitations.map(toInvitation),
    };
  }

  return {
    list,

    /** Sends (or sends again, with a new link) an invitation to join with a role. */
    async invite(input: {
      websiteId: string;
      invitedBy: Member;
      email: string;
      role: number;
    }): Promise<Invitation> {
      const email = input.email.trim().toLowerCase();
      if (!isValidAccountEmail(email)) {
        throw fail('MEMBER_INVALID', editorMessages.enterValidEmail, {
          email: editorMessages.enterValidEmail,
        });
      }
      const token = randomBytes(32).toString('base64url');
      const [website, origin] = await Promise.all([
        websites.getById(input.websiteId),
        websites.originOf(input.websiteId),
      ]);
      const site = website?.title || origin;
      const result = await membersRepo.invite({
        websiteId: input.websiteId,
        invitation: {
          email,
          role: input.role,
          token_hash: hashToken(token),
          invited_by: input.invitedBy.id,
          expires_at: new Date(now().getTime() + INVITATION_DAYS * DAY_MS),
        },
        mail: {
          kind: 'member-invitation',
          to: email,
          subject: invitationMessages.subject(site),
          bodyText: invitationMessages.body({
            site,
            inviter: input.invitedBy.email,
            role: roleLabel(input.role),
            link: `${origin}/config/invitation#${token}`,
            days: INVITATION_DAYS,
          }),
        },
      });
      if (result === 'member') {
        throw fail('MEMBER_EXISTS', editorApiMessages.memberExists, {
          email: editorApiMessages.memberExists,
        });
      }
      return toInvitation(result);
    },

    async revokeInvitation(websiteId: string, invitationId: string): Promise<void> {
      if (!(await membersRepo.revokeInvitation(websiteId, invitationId))) {
        throw fail('INVITATION_NOT_FOUND', editorApiMessages.invitationNotFound);
      }
    },

    async changeRole(websiteId: string, memberId: string, role: number): Promise<Member> {
      const result = await membersRepo.changeRole({ websiteId, memberId, role });
      if (result === 'not-found') throw fail('MEMBER_NOT_FOUND', editorApiMessages.memberNotFound);
      if (result === 'last-admin') throw fail('LAST_ADMIN', editorApiMessages.lastAdminDemote);
      return { id: result.member_id, email: result.email, role: result.role };
    },

    async remove(websiteId: string, memberId: string): Promise<void> {
      const result = await authRepo.deleteMember({ websiteId, memberId, adminRole: Role.admin });
      if (result === 'not-found') throw fail('MEMBER_NOT_FOUND', editorApiMessages.memberNotFound);
      if (result === 'last-admin') throw fail('LAST_ADMIN', editorApiMessages.lastAdminRemove);
    },

    /** What the accept page shows; the link is not spent by looking. */
    async preview(websiteId: string, token: string): Promise<InvitationPreview> {
      const invitation = await membersRepo.findInvitation(websiteId, hashToken(token), now());
      if (!invitation) throw fail('INVITATION_INVALID', editorApiMessages.invitationInvalid);
      const website = await websites.getById(websiteId);
      return {
        email: invitation.email,
        role: invitation.role,
        siteTitle: website?.title ?? '',
        expiresAt: invitation.expires_at.toISOString(),
      };
    },

    /** Spends the link, makes the member with the password they chose, and signs them in. */
    async accept(websiteId: string, input: { token: string; password: string }): Promise<SignedIn> {
      const tokenHash = hashToken(input.token);
      const invitation = await membersRepo.findInvitation(websiteId, tokenHash, now());
      if (!invitation) throw fail('INVITATION_INVALID', editorApiMessages.invitationInvalid);
      checkNewCredentials(invitation.email, input.password);
      const result = await membersRepo.accept({
        websiteId,
        tokenHash,
        now: now(),
        passwordHash: await hashPassword(input.password),
      });
      if (result === 'invalid')
        throw fail('INVITATION_INVALID', editorApiMessages.invitationInvalid);
      if (result === 'member') throw fail('MEMBER_EXISTS', editorApiMessages.memberExists);
      return auth.startSession(websiteId, result, false);
    },
  };
}
