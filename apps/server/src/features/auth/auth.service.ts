import { createHash, randomBytes } from 'node:crypto';
import { type Member, PASSWORD_MIN_LENGTH, type SessionState } from '@atelier/contract';
import {
  capabilitiesOf,
  DEFAULT_SIGN_IN_LOCK,
  editorApiMessages,
  editorMessages,
  isValidAccountEmail,
  Role,
  type SignInLockPolicy,
  signInMessages,
  twoFactorMessages,
} from '@atelier/core';
import type { WebsiteMemberRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { createSignInChallenges } from '../two-factor/sign-in-challenges.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import type { AuthRepo } from './auth.repo.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.ts';
import { createSignInGuard } from './sign-in-guard.ts';

// Members of a website sign in to the editor with an email and a password. A session is
// a random token in an httpOnly cookie; the database keeps only its SHA-256, so reading
// the table does not let anyone sign in. Nothing here knows about HTTP.

export type AuthService = ReturnType<typeof createAuthService>;

export type AuthOptions = {
  /** The clock sessions expire by; tests move it forward. */
  now?: () => Date;
  /** A session without "remember me" (the browser also forgets it when it closes). */
  sessionTtlMs?: number;
  /** A session with "remember me". */
  rememberedTtlMs?: number;
  /** Per-account delays and lock (SIGN_IN_LOCK_AFTER, SIGN_IN_LOCK_MINUTES). */
  signInLock?: SignInLockPolicy;
};

export type SignedIn = { member: Member; token: string; expiresAt: Date; isRemembered: boolean };

/** The password was right; the member's code is next (the token goes in a cookie). */
export type SecondFactorNeeded = { challengeToken: string; expiresAt: Date };

/** Where a sign-in factor was changed: the session that stays, and the site's name. */
export type FactorChange = { currentToken: string; siteName: string };

/** What a sign-in waiting for its code remembers. */
type WaitingSignIn = { email: string; memberId: string; isRemembered: boolean };

const HOUR_MS = 3600_000;

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

const toMember = (row: WebsiteMemberRow): Member => ({
  id: row.member_id,
  email: row.email,
  role: row.role,
});

/** Emails compare without case or surrounding spaces: one person, one member. */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function checkNewCredentials(email: string, password: string): void {
  const fields: Record<string, string> = {};
  if (!isValidAccountEmail(email)) fields.email = editorMessages.enterValidEmail;
  if (password.length < PASSWORD_MIN_LENGTH) fields.password = editorApiMessages.passwordTooShort;
  const first = Object.values(fields)[0];
  if (first) throw fail('MEMBER_INVALID', first, fields);
}

export function createAuthService(deps: {
  authRepo: AuthRepo;
  twoFactor: TwoFactorService;
  options?: AuthOptions;
}) {
  const { authRepo, twoFactor } = deps;
  const now = deps.options?.now ?? (() => new Date());
  const sessionTtlMs = deps.options?.sessionTtlMs ?? 12 * HOUR_MS;
  const rememberedTtlMs = deps.options?.rememberedTtlMs ?? 30 * 24 * HOUR_MS;
  const signInGuard = createSignInGuard({
    policy: deps.options?.signInLock ?? DEFAULT_SIGN_IN_LOCK,
    now: () => now().getTime(),
  });
  const waiting = createSignInChallenges<WaitingSignIn>({ now: () => now().getTime() });
  const lockKeyOf = (websiteId: string, email: string) => `${websiteId}|${email}`;

  /** Checks a signed-in member's password again, under the sign-in lock. */
  async function confirmPassword(websiteId: string, member: Member, password: string) {
    const key = lockKeyOf(websiteId, member.email);
    if (!signInGuard.claim(key)) throw fail('SIGN_IN_LOCKED', signInMessages.tooManyAttempts);
    const row = await authRepo.findMemberByEmail(websiteId, member.email);
    if (!row || !(await verifyPassword(password, row.password_hash))) {
      throw fail('SIGN_IN_FAILED', twoFactorMessages.passwordWrong, {
        password: twoFactorMessages.passwordWrong,
      });
    }
    return key;
  }

  /**
   * A sign-in factor changed: the session it was changed in goes on, every other one of
   * the member ends, and the member is emailed (ASVS 5.0 V7.4.3, V6).
   */
  async function factorChanged(
    websiteId: string,
    member: Member,
    isOn: boolean,
    change: FactorChange,
  ) {
    await authRepo.endOtherSessions({
      websiteId,
      memberId: member.id,
      keepTokenHash: hashToken(change.currentToken),
      mail: {
        kind: isOn ? 'member-two-factor-on' : 'member-two-factor-off',
        to: member.email,
        subject: twoFactorMessages.changedSubject(change.siteName, isOn),
        bodyText: twoFactorMessages.changedBody({
          site: change.siteName,
          isOn,
          ifNotYou: twoFactorMessages.ifNotYouMember,
        }),
      },
    });
  }

  async function startSession(
    websiteId: string,
    member: WebsiteMemberRow,
    isRemembered: boolean,
  ): Promise<SignedIn> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + (isRemembered ? rememberedTtlMs : sessionTtlMs));
    await authRepo.insertSession({
      now: now(),
      websiteId,
      tokenHash: hashToken(token),
      memberId: member.member_id,
      expiresAt,
    });
    return { member: toMember(member), token, expiresAt, isRemembered };
  }

  async function memberOf(websiteId: string, token: string | undefined) {
    if (!token) return undefined;
    const session = await authRepo.findSession(websiteId, hashToken(token));
    if (!session || session.expiresAt.getTime() <= now().getTime()) return undefined;
    return toMember(session.member);
  }

  return {
    /** The member a session token belongs to, if it is current. */
    memberOf,
    /** A new session for a member (an accepted invitation signs its member in). */
    startSession,

    async sessionState(
      websiteId: string,
      token: string | undefined,
    ): Promise<Omit<SessionState, 'xsrfToken' | 'websiteId'>> {
      const member = await memberOf(websiteId, token);
      if (member) {
        return { state: 'signed-in', member, capabilities: capabilitiesOf(member.role) };
      }
      const count = await authRepo.countMembers(websiteId);
      return {
        state: count === 0 ? 'needs-owner' : 'signed-out',
        member: null,
        capabilities: [],
      };
    },

    /** The first visit of a website without members makes its owner, an admin. Once. */
    async createOwner(websiteId: string, input: { email: string; password: string }) {
      const email = normaliseEmail(input.email);
      checkNewCredentials(email, input.password);
      if ((await authRepo.countMembers(websiteId)) > 0) {
        throw fail('OWNER_EXISTS', editorApiMessages.ownerExists);
      }
      const owner = await authRepo.createOwnerIfNone({
        websiteId,
        email,
        passwordHash: await hashPassword(input.password),
        role: Role.admin,
      });
      if (!owner) throw fail('OWNER_EXISTS', editorApiMessages.ownerExists);
      return startSession(websiteId, owner, false);
    },

    async signIn(
      websiteId: string,
      input: { email: string; password: string; rememberMe?: boolean | undefined },
    ): Promise<SignedIn | SecondFactorNeeded> {
      const email = normaliseEmail(input.email);
      // Checked before the member is looked up, and the same for an unknown email, so a
      // locked answer says nothing about who is a member.
      const accountKey = `${websiteId}|${email}`;
      if (!signInGuard.claim(accountKey)) {
        throw fail('SIGN_IN_LOCKED', signInMessages.tooManyAttempts);
      }
      const member = await authRepo.findMemberByEmail(websiteId, email);
      const isMatch = member
        ? await verifyPassword(input.password, member.password_hash)
        : await verifyAgainstNothing(input.password);
      if (!member || !isMatch) throw fail('SIGN_IN_FAILED', editorApiMessages.signInFailed);
      const isRemembered = input.rememberMe ?? false;
      if (await twoFactor.isOn(websiteId, member.member_id)) {
        // The attempt claimed above stays counted until the code is right, so knowing the
        // password buys no fresh guesses at the code: both steps share one lock.
        const challengeToken = waiting.start(websiteId, {
          email,
          memberId: member.member_id,
          isRemembered,
        });
        return { challengeToken, expiresAt: new Date(now().getTime() + waiting.ttlMs) };
      }
      signInGuard.succeeded(accountKey);
      return startSession(websiteId, member, isRemembered);
    },

    /**
     * The second step: a code from the app or a recovery code, for the sign-in waiting in
     * this browser. Each try is an attempt under the same lock as the password.
     */
    async completeSignIn(
      websiteId: string,
      input: { challengeToken: string | undefined; code: string },
    ): Promise<SignedIn> {
      const signIn = waiting.find(websiteId, input.challengeToken);
      if (!signIn || !input.challengeToken) {
        throw fail('TWO_FACTOR_EXPIRED', twoFactorMessages.challengeExpired);
      }
      const key = lockKeyOf(websiteId, signIn.email);
      if (!signInGuard.claim(key)) throw fail('SIGN_IN_LOCKED', signInMessages.tooManyAttempts);
      await twoFactor.spendCode({ websiteId, subjectId: signIn.memberId, code: input.code });
      waiting.end(input.challengeToken);
      const member = await authRepo.findMemberByEmail(websiteId, signIn.email);
      // Removed while the code was being typed: nobody to sign in.
      if (!member || member.member_id !== signIn.memberId) {
        throw fail('TWO_FACTOR_EXPIRED', twoFactorMessages.challengeExpired);
      }
      signInGuard.succeeded(key);
      return startSession(websiteId, member, signIn.isRemembered);
    },

    twoFactorStatus: (websiteId: string, member: Member) => twoFactor.status(websiteId, member.id),

    /** Setting up asks for the password again (ASVS: re-authenticate to change a factor). */
    async beginTwoFactor(
      websiteId: string,
      member: Member,
      input: { password: string; issuer: string },
    ) {
      await twoFactor.assertOff(websiteId, member.id);
      const key = await confirmPassword(websiteId, member, input.password);
      signInGuard.succeeded(key);
      return twoFactor.begin({
        websiteId,
        subjectId: member.id,
        issuer: input.issuer,
        account: member.email,
      });
    },

    /** On with the first code; every other session ends and the member is told. */
    async confirmTwoFactor(websiteId: string, member: Member, code: string, change: FactorChange) {
      const recoveryCodes = await twoFactor.confirm({ websiteId, subjectId: member.id, code });
      await factorChanged(websiteId, member, true, change);
      return { recoveryCodes };
    },

    /** Needs the password and a current code (or a recovery code), both under the lock. */
    async turnOffTwoFactor(
      websiteId: string,
      member: Member,
      input: { password: string; code: string },
      change: FactorChange,
    ): Promise<void> {
      const key = await confirmPassword(websiteId, member, input.password);
      await twoFactor.spendCode({ websiteId, subjectId: member.id, code: input.code });
      signInGuard.succeeded(key);
      await twoFactor.turnOff(websiteId, member.id);
      await factorChanged(websiteId, member, false, change);
    },

    async signOut(websiteId: string, token: string | undefined): Promise<void> {
      if (token) await authRepo.deleteSession(websiteId, hashToken(token));
    },

    async listMembers(websiteId: string): Promise<Member[]> {
      return (await authRepo.listMembers(websiteId)).map(toMember);
    },

    async addMember(
      websiteId: string,
      input: { email: string; password: string; role: number },
    ): Promise<Member> {
      const email = normaliseEmail(input.email);
      checkNewCredentials(email, input.password);
      const row = await authRepo.insertMember({
        websiteId,
        email,
        passwordHash: await hashPassword(input.password),
        role: input.role,
      });
      if (!row) throw fail('MEMBER_EXISTS', editorApiMessages.memberExists);
      return toMember(row);
    },

    async removeMember(websiteId: string, memberId: string): Promise<void> {
      const result = await authRepo.deleteMember({ websiteId, memberId, adminRole: Role.admin });
      if (result === 'not-found') throw fail('MEMBER_NOT_FOUND', 'Member not found');
      if (result === 'last-admin') throw fail('LAST_ADMIN', editorApiMessages.lastAdmin);
    },
  };
}
