import { createHash, randomBytes } from 'node:crypto';
import type { AccountOrder, SiteUser } from '@atelier/contract';
import {
  ACCOUNT_PASSWORD_MIN_LENGTH,
  type AccountSessionPolicy,
  accountMessages,
  DEFAULT_ACCOUNT_SESSION,
  DEFAULT_SIGN_IN_LOCK,
  isLanguageTag,
  isSessionCurrent,
  isValidAccountEmail,
  type PasswordProblem,
  passwordProblem,
  type SignInLockPolicy,
  sessionEndsAt,
  shouldTouchSession,
  signInMessages,
  twoFactorMessages,
} from '@atelier/core';
import type { SiteUserRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import { createSignInGuard } from '../auth/sign-in-guard.ts';
import { orderStatusPath } from '../orders/place-order.service.ts';
import { createSignInChallenges } from '../two-factor/sign-in-challenges.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import type { WebsiteService } from '../websites/website.service.ts';
import {
  DEFAULT_SCRYPT_COST,
  hashSiteUserPassword,
  isBreachedPassword,
  type ScryptCost,
  verifySiteUserPassword,
} from './site-user-password.ts';
import type { SiteUsersRepo } from './site-users.repo.ts';

// Customer (site-user) accounts, OWASP ASVS 5.0 level 2 (issue 23). Nothing here knows
// about HTTP. The rules it keeps:
// - tokens (sessions, email links) are 256 random bits; only their SHA-256 is stored;
// - a sign-in always starts a new session, ending the one the browser brought;
// - sessions end after an idle time and at an absolute time (core's account rules);
// - sign-up and "forgot password" answer the same words whether or not the email has an
//   account, and a sign-in with an unknown email hashes a password like a known one;
// - each account's sign-ins go through the same lock as the editor's (SIGN_IN_LOCK_*),
//   and mail to one address is limited, so the forms cannot be used to flood an inbox.

export type SiteUsersService = ReturnType<typeof createSiteUsersService>;

export type SiteUsersOptions = {
  /** The clock sessions and links expire by; tests move it. */
  now?: () => Date;
  session?: AccountSessionPolicy;
  /** Tests lower it so a hash takes a millisecond; stored hashes carry their own. */
  scryptCost?: ScryptCost;
  signInLock?: SignInLockPolicy;
  /** Emails (links, notes) one address may be sent in an hour; default 5. */
  mailsPerHour?: number;
};

/** A signed-in request: the account, and the hash of the session token it came with. */
export type AccountSession = { user: SiteUserRow; tokenHash: string; endsAt: Date };

export type StartedSession = {
  token: string;
  user: SiteUser;
  isRemembered: boolean;
  /** When the cookie should expire (remembered sessions only). */
  endsAt: Date;
};

/** The password was right; the account's code is next (the token goes in a cookie). */
export type SecondFactorNeeded = { challengeToken: string; expiresAt: Date };

/** What a sign-in waiting for its code remembers. */
type WaitingSignIn = { email: string; siteUserId: string; isRemembered: boolean };

const HOUR_MS = 3600_000;
const VERIFY_LINK_MS = 24 * HOUR_MS;
const RESET_LINK_MS = HOUR_MS;

export const hashSiteUserToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

const newToken = () => randomBytes(32).toString('base64url');

export const toSiteUser = (row: SiteUserRow): SiteUser => ({
  id: row.site_user_id,
  email: row.email,
  isEmailVerified: row.email_verified_at !== null,
  language: row.language,
});

/** Emails compare without case or surrounding spaces: one person, one account. */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  'too-short': accountMessages.passwordTooShort(ACCOUNT_PASSWORD_MIN_LENGTH),
  'too-common': accountMessages.passwordTooCommon,
  'contains-email': accountMessages.passwordContainsEmail,
};

function checkNewPassword(password: string, email: string, field: string): void {
  const problem = passwordProblem({ password, email, isBreached: isBreachedPassword });
  if (problem) {
    const message = PASSWORD_MESSAGES[problem];
    throw fail('ACCOUNT_INVALID', message, { [field]: message });
  }
}

function checkEmail(email: string): void {
  if (!isValidAccountEmail(email)) {
    const message = accountMessages.enterValidEmail;
    throw fail('ACCOUNT_INVALID', message, { email: message });
  }
}

export function createSiteUsersService(deps: {
  repo: SiteUsersRepo;
  websites: Pick<WebsiteService, 'getById' | 'originOf'>;
  twoFactor: TwoFactorService;
  options?: SiteUsersOptions;
}) {
  const { repo, websites, twoFactor } = deps;
  const options = deps.options ?? {};
  const now = options.now ?? (() => new Date());
  const policy = options.session ?? DEFAULT_ACCOUNT_SESSION;
  const cost = options.scryptCost ?? DEFAULT_SCRYPT_COST;
  const signInGuard = createSignInGuard({
    policy: options.signInLock ?? DEFAULT_SIGN_IN_LOCK,
    now: () => now().getTime(),
  });
  const waiting = createSignInChallenges<WaitingSignIn>({ now: () => now().getTime() });
  const mailLimiter = createRateLimiter({ limit: options.mailsPerHour ?? 5, windowMs: HOUR_MS });
  const mayMail = (websiteId: string, email: string) => mailLimiter.hit(`${websiteId}|${email}`);

  // The hash an unknown email's sign-in is checked against, so it costs what a real one does.
  let dummyHash: Promise<string> | undefined;
  const verifyAgainstNothing = async (password: string): Promise<false> => {
    dummyHash ??= hashSiteUserPassword('not a real password', cost);
    await verifySiteUserPassword(password, await dummyHash);
    return false;
  };

  async function site(websiteId: string) {
    const [website, origin] = await Promise.all([
      websites.getById(websiteId),
      websites.originOf(websiteId),
    ]);
    return { title: website?.title ?? '', origin };
  }

  async function startSession(input: {
    websiteId: string;
    user: SiteUserRow;
    isRemembered: boolean;
    replacedToken: string | undefined;
  }): Promise<StartedSession & { tokenHash: string }> {
    const token = newToken();
    const tokenHash = hashSiteUserToken(token);
    const at = now();
    await repo.insertSession({
      websiteId: input.websiteId,
      siteUserId: input.user.site_user_id,
      tokenHash,
      isRemembered: input.isRemembered,
      now: at,
      staleBefore: new Date(at.getTime() - policy.rememberedIdleMs),
      replacedTokenHash: input.replacedToken ? hashSiteUserToken(input.replacedToken) : undefined,
    });
    const times = {
      createdAt: at.getTime(),
      lastSeenAt: at.getTime(),
      isRemembered: input.isRemembered,
    };
    return {
      token,
      tokenHash,
      user: toSiteUser(input.user),
      isRemembered: input.isRemembered,
      endsAt: new Date(sessionEndsAt(times, at.getTime(), policy)),
    };
  }

  /** Checks the current password of a signed-in account, under the sign-in lock. */
  /**
   * Checks the account's password as one attempt under the sign-in lock. `isForgiving:
   * false` leaves the attempt open, for a check a second factor must also pass (turning
   * two-step off): only the code's success forgives, so a known password buys no guesses.
   */
  async function confirmPassword(
    websiteId: string,
    user: SiteUserRow,
    password: string,
    { isForgiving = true }: { isForgiving?: boolean } = {},
  ) {
    const key = `${websiteId}|${user.email}`;
    if (!signInGuard.claim(key)) throw fail('SIGN_IN_LOCKED', signInMessages.tooManyAttempts);
    if (!(await verifySiteUserPassword(password, user.password_hash))) {
      throw fail('ACCOUNT_PASSWORD_WRONG', accountMessages.passwordWrong, {
        currentPassword: accountMessages.passwordWrong,
      });
    }
    if (isForgiving) signInGuard.succeeded(key);
    return key;
  }

  async function sendVerification(websiteId: string, user: SiteUserRow, email: string) {
    const token = newToken();
    const { title, origin } = await site(websiteId);
    const link = `${origin}/account/verify-email?t=${token}`;
    await repo.issueToken({
      websiteId,
      siteUserId: user.site_user_id,
      purpose: 'verify-email',
      email,
      hash: hashSiteUserToken(token),
      expiresAt: new Date(now().getTime() + VERIFY_LINK_MS),
      now: now(),
      mail: {
        kind: 'account-verify-email',
        to: email,
        subject: accountMessages.verifySubject(title),
        bodyText: accountMessages.verifyBody(title, link),
      },
    });
  }

  /**
   * A sign-in factor changed: this session goes on, every other one ends, and the owner
   * hears of it, as after a new password (ASVS 5.0 V7.4.3, V6).
   */
  async function factorChanged(websiteId: string, session: AccountSession, isOn: boolean) {
    const { title } = await site(websiteId);
    await repo.endOtherSessions({
      websiteId,
      siteUserId: session.user.site_user_id,
      keepTokenHash: session.tokenHash,
      mail: {
        kind: isOn ? 'account-two-factor-on' : 'account-two-factor-off',
        to: session.user.email,
        subject: twoFactorMessages.changedSubject(title, isOn),
        bodyText: twoFactorMessages.changedBody({
          site: title,
          isOn,
          ifNotYou: twoFactorMessages.ifNotYouCustomer,
        }),
      },
    });
  }

  /**
   * The signed-in account of a session token, if the session is still current. A use
   * is written back at most once a minute (the idle timeout's clock).
   */
  async function sessionOf(
    websiteId: string,
    token: string | undefined,
  ): Promise<AccountSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const tokenHash = hashSiteUserToken(token);
    const session = await repo.findSession(websiteId, tokenHash);
    if (!session) return undefined;
    const at = now().getTime();
    const times = {
      createdAt: session.createdAt.getTime(),
      lastSeenAt: session.lastSeenAt.getTime(),
      isRemembered: session.isRemembered,
    };
    if (!isSessionCurrent(times, at, policy)) {
      await repo.deleteSession(websiteId, tokenHash);
      return undefined;
    }
    if (shouldTouchSession(times.lastSeenAt, at)) {
      await repo.touchSession(websiteId, tokenHash, new Date(at));
    }
    return { user: session.user, tokenHash, endsAt: new Date(sessionEndsAt(times, at, policy)) };
  }

  return {
    sessionOf,

    /** The same words whether or not the email has an account (no enumeration). */
    async signUp(
      websiteId: string,
      input: { email: string; password: string; language?: string | undefined },
    ): Promise<string> {
      const email = normaliseEmail(input.email);
      checkEmail(email);
      checkNewPassword(input.password, email, 'password');
      const language = input.language && isLanguageTag(input.language) ? input.language : null;
      // Hashed whether or not the account exists, so both answers take as long.
      const passwordHash = await hashSiteUserPassword(input.password, cost);
      const existing = await repo.findByEmail(websiteId, email);
      const { title, origin } = await site(websiteId);
      const token = newToken();
      const created = existing
        ? undefined
        : await repo.insertUser({
            websiteId,
            email,
            passwordHash,
            language,
            token: {
              hash: hashSiteUserToken(token),
              expiresAt: new Date(now().getTime() + VERIFY_LINK_MS),
            },
            mail: () => ({
              kind: 'account-verify-email',
              to: email,
              subject: accountMessages.verifySubject(title),
              bodyText: accountMessages.verifyBody(
                title,
                `${origin}/account/verify-email?t=${token}`,
              ),
            }),
          });
      if (!created && mayMail(websiteId, email)) {
        // The owner of the address hears of it; the person typing learns nothing.
        await repo.enqueueMail(websiteId, {
          kind: 'account-exists',
          to: email,
          subject: accountMessages.existingSubject(title),
          bodyText: accountMessages.existingBody(
            title,
            `${origin}/account/sign-in`,
            `${origin}/account/forgot-password`,
          ),
        });
      }
      return accountMessages.signUpSent;
    },

    async verifyEmail(websiteId: string, token: string): Promise<SiteUser> {
      const user = await repo.verifyEmail({
        websiteId,
        hash: hashSiteUserToken(token),
        now: now(),
      });
      if (!user) throw fail('ACCOUNT_LINK_INVALID', accountMessages.linkInvalid);
      return toSiteUser(user);
    },

    async resendVerification(websiteId: string, session: AccountSession): Promise<string> {
      const { user } = session;
      if (user.email_verified_at === null && mayMail(websiteId, user.email)) {
        await sendVerification(websiteId, user, user.email);
      }
      return accountMessages.verificationSent;
    },

    async signIn(
      websiteId: string,
      input: { email: string; password: string; rememberMe?: boolean | undefined },
      browser: { sessionToken: string | undefined },
    ): Promise<StartedSession | SecondFactorNeeded> {
      const email = normaliseEmail(input.email);
      // Checked before the account is looked up, and the same for an unknown email.
      const key = `${websiteId}|${email}`;
      if (!signInGuard.claim(key)) throw fail('SIGN_IN_LOCKED', signInMessages.tooManyAttempts);
      const user = await repo.findByEmail(websiteId, email);
      const isMatch = user
        ? await verifySiteUserPassword(input.password, user.password_hash)
        : await verifyAgainstNothing(input.password);
      if (!user || !isMatch) throw fail('SIGN_IN_FAILED', accountMessages.signInFailed);
      const isRemembered = input.rememberMe ?? false;
      if (await twoFactor.isOn(websiteId, user.site_user_id)) {
        // The attempt claimed above stays counted until the code is right: the password
        // and the code share one lock, so knowing the password buys no fresh guesses.
        const challengeToken = waiting.start(websiteId, {
          email,
          siteUserId: user.site_user_id,
          isRemembered,
        });
        return { challengeToken, expiresAt: new Date(now().getTime() + waiting.ttlMs) };
      }
      signInGuard.succeeded(key);
      const { tokenHash: _, ...started } = await startSession({
        websiteId,
        user,
        isRemembered,
        replacedToken: browser.sessionToken,
      });
      return started;
    },

    /**
     * The second step: a code from the app or a recovery code, for the sign-in waiting in
     * this browser; each try counts under the same lock as the password.
     */
    async completeSignIn(
      websiteId: string,
      input: { challengeToken: string | undefined; code: string },
      browser: { sessionToken: string | undefined },
    ): Promise<StartedSession> {
      const signIn = waiting.find(websiteId, input.challengeToken);
      if (!signIn || !input.challengeToken) {
        throw fail('TWO_FACTOR_EXPIRED', twoFactorMessages.challengeExpired);
      }
      const key = `${websiteId}|${signIn.email}`;
      if (!signInGuard.claim(key)) throw fail('SIGN_IN_LOCKED', signInMessages.tooManyAttempts);
      await twoFactor.spendCode({ websiteId, subjectId: signIn.siteUserId, code: input.code });
      waiting.end(input.challengeToken);
      const user = await repo.findByEmail(websiteId, signIn.email);
      if (!user || user.site_user_id !== signIn.siteUserId) {
        throw fail('TWO_FACTOR_EXPIRED', twoFactorMessages.challengeExpired);
      }
      signInGuard.succeeded(key);
      const { tokenHash: _, ...started } = await startSession({
        websiteId,
        user,
        isRemembered: signIn.isRemembered,
        replacedToken: browser.sessionToken,
      });
      return started;
    },

    twoFactorStatus: (websiteId: string, session: AccountSession) =>
      twoFactor.status(websiteId, session.user.site_user_id),

    /** Setting up asks for the password again (ASVS: re-authenticate to change a factor). */
    async beginTwoFactor(websiteId: string, session: AccountSession, password: string) {
      await twoFactor.assertOff(websiteId, session.user.site_user_id);
      await confirmPassword(websiteId, session.user, password);
      const { title, origin } = await site(websiteId);
      return twoFactor.begin({
        websiteId,
        subjectId: session.user.site_user_id,
        issuer: title.trim() || new URL(origin).hostname,
        account: session.user.email,
      });
    },

    /** On with the first code; every other session ends and the owner is told (ASVS V7.4.3). */
    async confirmTwoFactor(websiteId: string, session: AccountSession, code: string) {
      const subjectId = session.user.site_user_id;
      const recoveryCodes = await twoFactor.confirm({ websiteId, subjectId, code });
      await factorChanged(websiteId, session, true);
      return { recoveryCodes };
    },

    /** Needs the password and a current code (or a recovery code). */
    async turnOffTwoFactor(
      websiteId: string,
      session: AccountSession,
      input: { password: string; code: string },
    ): Promise<void> {
      const subjectId = session.user.site_user_id;
      // Password and code are one attempt under the lock; only both right forgive it.
      const key = await confirmPassword(websiteId, session.user, input.password, {
        isForgiving: false,
      });
      await twoFactor.spendCode({ websiteId, subjectId, code: input.code });
      signInGuard.succeeded(key);
      await twoFactor.turnOff(websiteId, subjectId);
      await factorChanged(websiteId, session, false);
    },

    /** The cart the browser keeps after sign-in: its guest cart merged into the account's. */
    cartAtSignIn(websiteId: string, siteUserId: string, guestCartId: string | undefined) {
      return repo.mergeCartAtSignIn({ websiteId, siteUserId, guestCartId });
    },

    /**
     * Ends the session. The browser's cart is saved with the account; with `cloneCart`
     * the browser keeps a copy of it as a guest cart (the answer's cart id), otherwise
     * it is left with none.
     */
    async signOut(
      websiteId: string,
      token: string | undefined,
      browser: { cartId: string | undefined; cloneCart: boolean },
    ): Promise<{ cartId: string | undefined }> {
      const session = await sessionOf(websiteId, token);
      // Not signed in (or the session already ended): the browser's cart stays as it is.
      if (!session) return { cartId: browser.cartId };
      await repo.deleteSession(websiteId, session.tokenHash);
      if (!browser.cartId) return { cartId: undefined };
      await repo.saveCart(websiteId, session.user.site_user_id, browser.cartId);
      if (!browser.cloneCart) return { cartId: undefined };
      return { cartId: await repo.cloneCart(websiteId, browser.cartId) };
    },

    async setLanguage(websiteId: string, session: AccountSession, language: string) {
      if (!isLanguageTag(language)) {
        throw fail('ACCOUNT_INVALID', accountMessages.languageInvalid, {
          language: accountMessages.languageInvalid,
        });
      }
      await repo.setLanguage(websiteId, session.user.site_user_id, language);
      return { language };
    },

    /** The same words whether or not the email has an account (no enumeration). */
    async requestPasswordReset(websiteId: string, rawEmail: string): Promise<string> {
      const email = normaliseEmail(rawEmail);
      checkEmail(email);
      const user = await repo.findByEmail(websiteId, email);
      if (user && mayMail(websiteId, email)) {
        const token = newToken();
        const { title, origin } = await site(websiteId);
        await repo.issueToken({
          websiteId,
          siteUserId: user.site_user_id,
          purpose: 'reset-password',
          email,
          hash: hashSiteUserToken(token),
          expiresAt: new Date(now().getTime() + RESET_LINK_MS),
          now: now(),
          mail: {
            kind: 'account-reset-password',
            to: email,
            subject: accountMessages.resetSubject(title),
            bodyText: accountMessages.resetBody(
              title,
              `${origin}/account/reset-password?t=${token}`,
            ),
          },
        });
      }
      return accountMessages.resetSent;
    },

    /** Works once per link; every session of the account ends. */
    async resetPassword(websiteId: string, input: { token: string; password: string }) {
      const hash = hashSiteUserToken(input.token);
      const target = await repo.findCurrentToken({
        websiteId,
        hash,
        purpose: 'reset-password',
        now: now(),
      });
      if (!target) throw fail('ACCOUNT_LINK_INVALID', accountMessages.linkInvalid);
      checkNewPassword(input.password, target.email, 'password');
      const passwordHash = await hashSiteUserPassword(input.password, cost);
      const user = await repo.resetPassword({ websiteId, hash, passwordHash, now: now() });
      if (!user) throw fail('ACCOUNT_LINK_INVALID', accountMessages.linkInvalid);
      return accountMessages.passwordReset;
    },

    /** The new address is the account's once the link sent to it is opened. */
    async changeEmail(
      websiteId: string,
      session: AccountSession,
      input: { email: string; currentPassword: string },
    ): Promise<string> {
      const email = normaliseEmail(input.email);
      checkEmail(email);
      await confirmPassword(websiteId, session.user, input.currentPassword);
      if (email === session.user.email) {
        throw fail('ACCOUNT_INVALID', accountMessages.emailUnchanged, {
          email: accountMessages.emailUnchanged,
        });
      }
      if (mayMail(websiteId, email)) await sendVerification(websiteId, session.user, email);
      return accountMessages.emailChangeSent(email);
    },

    /** Needs the current password; this session gets a new token, every other one ends. */
    async changePassword(
      websiteId: string,
      session: AccountSession,
      input: { currentPassword: string; newPassword: string },
      currentToken: string,
    ): Promise<StartedSession> {
      const { user } = session;
      await confirmPassword(websiteId, user, input.currentPassword);
      checkNewPassword(input.newPassword, user.email, 'newPassword');
      const passwordHash = await hashSiteUserPassword(input.newPassword, cost);
      const { tokenHash, ...started } = await startSession({
        websiteId,
        user,
        isRemembered: false,
        replacedToken: currentToken,
      });
      const { title } = await site(websiteId);
      await repo.changePassword({
        websiteId,
        siteUserId: user.site_user_id,
        passwordHash,
        keepTokenHash: tokenHash,
        now: now(),
        mail: {
          kind: 'account-password-changed',
          to: user.email,
          subject: accountMessages.passwordChangedSubject(title),
          bodyText: accountMessages.passwordChangedBody(title),
        },
      });
      return started;
    },

    async deleteAccount(
      websiteId: string,
      session: AccountSession,
      input: { currentPassword: string },
    ): Promise<void> {
      await confirmPassword(websiteId, session.user, input.currentPassword);
      await repo.deleteUser(websiteId, session.user.site_user_id);
    },

    /** Orders placed with the account's email, once that email is confirmed. */
    async orders(websiteId: string, session: AccountSession): Promise<AccountOrder[]> {
      const { user } = session;
      if (user.email_verified_at === null) return [];
      const rows = await repo.listOrdersByEmail(websiteId, user.email);
      return rows.map((row) => ({
        id: row.order_id,
        orderNumber: row.order_number,
        createdAt: new Date(row.created_at).toISOString(),
        status: row.status,
        fulfillmentStatus: row.fulfillment_status,
        grandTotalCents: row.grand_total_cents,
        currency: row.currency,
        itemCount: Number(row.item_count),
        statusUrl: orderStatusPath(row.order_id, row.secret_token),
      }));
    },
  };
}
