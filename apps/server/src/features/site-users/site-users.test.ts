import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_USER_INFO_COOKIE, SITE_USER_SESSION_COOKIE } from '@atelier/contract';
import {
  accountMessages,
  accountPageText,
  DEFAULT_ACCOUNT_SESSION,
  signInMessages,
} from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { copyDemoData, createTestDatabase, testDialect } from '../../test/test-app.ts';
import {
  createShopper,
  fillDetails,
  injectSend,
  type Shopper,
} from '../checkout/commerce-test-kit.ts';
import { createTwoFactorRepo } from '../two-factor/two-factor.repo.ts';
import { createTwoFactorService } from '../two-factor/two-factor.service.ts';
import { createSiteUsersRepo } from './site-users.repo.ts';
import { createSiteUsersService } from './site-users.service.ts';

// Customer accounts against the real app (demo store, real database), with a clock the
// test moves for the session timeouts and a cheap scrypt cost so hashing takes no time;
// stored hashes carry their cost, and the last block checks the real cost's timing.

const PASSWORD = 'plum tart on sunday';
const ACCOUNT = '/api/site-users/account';

type Mail = { kind: string; to_email: string; body_text: string };

describe(`customer accounts (${testDialect})`, () => {
  let app: App;
  let database: Database;
  let websiteId: string;
  let close: () => Promise<void>;
  let clock = Date.parse('2031-03-01T09:00:00Z');

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-accounts-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TRUST_PROXY: 'loopback' });
    const testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    database = await testDatabase.open();
    app = await buildApp({
      config,
      database,
      siteUsers: {
        now: () => new Date(clock),
        scryptCost: { ln: 4, r: 8, p: 1 },
        addressLimit: 25,
      },
    });
    websiteId = (await app.services.websites.resolveByHost('localhost'))?.id ?? '';
    close = async () => {
      await app.close();
      await testDatabase.dispose();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  const visitor = async () => {
    const shopper = createShopper(injectSend(app));
    await shopper.call('GET', ACCOUNT);
    return shopper;
  };

  const mailsTo = async (email: string): Promise<Mail[]> =>
    (await database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_email', 'body_text'])
      .where('to_email', '=', email)
      .orderBy('created_at')
      .execute()) as Mail[];

  /** The token of the newest link of `kind` emailed to `email`. */
  const linkToken = async (email: string, kind: string): Promise<string> => {
    const mail = (await mailsTo(email)).filter((m) => m.kind === kind).at(-1);
    const token = mail?.body_text.match(/\?t=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no ${kind} link to ${email}`);
    return token;
  };

  /** A verified account, signed in on a shopper of its own. */
  async function signedUp(email: string, password = PASSWORD): Promise<Shopper> {
    const shopper = await visitor();
    const created = await shopper.call('POST', ACCOUNT, { email, password });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const verified = await shopper.call('POST', `${ACCOUNT}/email-verification`, {
      token: await linkToken(email.toLowerCase(), 'account-verify-email'),
    });
    expect(verified.status).toBe(200);
    const signedIn = await shopper.call('POST', `${ACCOUNT}/session`, { email, password });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    return shopper;
  }

  const stateOf = async (shopper: Shopper) => (await shopper.call('GET', ACCOUNT)).body;

  describe('sign-up', () => {
    it('answers the same for a new and an existing email, and emails each owner', async () => {
      const first = await (await visitor()).call('POST', ACCOUNT, {
        email: 'Nora@Example.com',
        password: PASSWORD,
      });
      const again = await (await visitor()).call('POST', ACCOUNT, {
        email: 'nora@example.COM',
        password: 'another long pass',
      });
      expect([first.status, first.body]).toEqual([202, { message: accountMessages.signUpSent }]);
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      const kinds = (await mailsTo('nora@example.com')).map((m) => m.kind);
      expect(kinds).toEqual(['account-verify-email', 'account-exists']);
      const rows = await database.db
        .selectFrom('site_users')
        .select(['email', 'password_hash', 'website_id'])
        .where('email', '=', 'nora@example.com')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.password_hash).toMatch(/^\$scrypt\$ln=\d+,r=\d+,p=\d+\$[A-Za-z0-9+/=]{24}\$/);
    });

    it('refuses a breached password, a short one and a bad email, with the field named', async () => {
      const shopper = await visitor();
      const breached = await shopper.call('POST', ACCOUNT, {
        email: 'ivy@example.com',
        password: 'password123!',
      });
      expect([breached.status, breached.body.code, breached.body.errors]).toEqual([
        400,
        'ACCOUNT_INVALID',
        { password: accountMessages.passwordTooCommon },
      ]);
      const listed = await shopper.call('POST', ACCOUNT, {
        email: 'ivy@example.com',
        password: 'qwertyuiop',
      });
      expect(listed.body.errors).toEqual({ password: accountMessages.passwordTooCommon });
      const short = await shopper.call('POST', ACCOUNT, {
        email: 'ivy@example.com',
        password: 'short',
      });
      expect(short.body.errors).toEqual({ password: accountMessages.passwordTooShort(10) });
      const email = await shopper.call('POST', ACCOUNT, { email: 'ivy@', password: PASSWORD });
      expect(email.body.errors).toEqual({ email: accountMessages.enterValidEmail });
      expect(await mailsTo('ivy@example.com')).toEqual([]);
    });

    it('needs the crumb, so another site cannot sign a browser up or in', async () => {
      const shopper = await visitor();
      const refused = await shopper.call(
        'POST',
        `${ACCOUNT}/session`,
        { email: 'nora@example.com', password: PASSWORD },
        { 'x-csrf-token': 'not-the-crumb-at-all' },
      );
      expect([refused.status, refused.body.code]).toEqual([403, 'CSRF_FAILED']);
    });
  });

  describe('email verification', () => {
    it('confirms the address once; the same link then fails', async () => {
      const shopper = await visitor();
      await shopper.call('POST', ACCOUNT, { email: 'otto@example.com', password: PASSWORD });
      const token = await linkToken('otto@example.com', 'account-verify-email');
      const first = await shopper.call('POST', `${ACCOUNT}/email-verification`, { token });
      expect(first.body).toMatchObject({ email: 'otto@example.com', isEmailVerified: true });
      const second = await shopper.call('POST', `${ACCOUNT}/email-verification`, { token });
      expect([second.status, second.body.code, second.body.error]).toEqual([
        410,
        'ACCOUNT_LINK_INVALID',
        accountMessages.linkInvalid,
      ]);
      const stored = await database.db
        .selectFrom('site_user_tokens')
        .select('token_hash')
        .execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);
    });

    it('expires after a day', async () => {
      const shopper = await visitor();
      await shopper.call('POST', ACCOUNT, { email: 'late@example.com', password: PASSWORD });
      const token = await linkToken('late@example.com', 'account-verify-email');
      clock += 24 * 3600_000;
      const late = await shopper.call('POST', `${ACCOUNT}/email-verification`, { token });
      expect(late.status).toBe(410);
    });
  });

  describe('sign-in', () => {
    it('sets an httpOnly session cookie, a readable flag cookie and rotates the crumb', async () => {
      const shopper = await signedUp('pia@example.com');
      const oldCrumb = shopper.cookies.crumb;
      const again = await shopper.call('POST', `${ACCOUNT}/session`, {
        email: 'PIA@example.com',
        password: PASSWORD,
        rememberMe: true,
      });
      expect(again.status).toBe(200);
      expect(again.body.xsrfToken).toBe(shopper.cookies.crumb);
      expect(again.body.xsrfToken).not.toBe(oldCrumb);
      const session = again.setCookie.find((c) => c.startsWith(`${SITE_USER_SESSION_COOKIE}=`));
      expect(session).toMatch(/HttpOnly/);
      expect(session).toMatch(/SameSite=Lax/);
      expect(session).toMatch(/Expires=/);
      const info = again.setCookie.find((c) => c.startsWith(`${SITE_USER_INFO_COOKIE}=`));
      expect(info).not.toMatch(/HttpOnly/);
      const value = decodeURIComponent(info?.split(';')[0]?.split('=').slice(1).join('=') ?? '');
      expect(JSON.parse(value)).toEqual({ authenticated: true, siteUserId: again.body.account.id });
      // SPEC §7: later writes send the xsrfToken as the header.
      const locale = await shopper.call(
        'POST',
        `${ACCOUNT}/locale`,
        { language: 'fr-CA' },
        {
          'x-csrf-token': again.body.xsrfToken,
        },
      );
      expect(locale.body).toEqual({ language: 'fr-CA' });
      expect((await stateOf(shopper)).account.language).toBe('fr-CA');
    });

    it('never reuses a session the browser brought: a new token each time, the old one ended', async () => {
      const shopper = await signedUp('rui@example.com');
      const before = shopper.cookies[SITE_USER_SESSION_COOKIE] ?? '';
      await shopper.call('POST', `${ACCOUNT}/session`, {
        email: 'rui@example.com',
        password: PASSWORD,
      });
      const after = shopper.cookies[SITE_USER_SESSION_COOKIE] ?? '';
      expect(after.length).toBeGreaterThanOrEqual(43);
      expect(after).not.toBe(before);
      const stale = createShopper(injectSend(app));
      stale.cookies[SITE_USER_SESSION_COOKIE] = before;
      expect((await stateOf(stale)).state).toBe('signed-out');
      // A made-up cookie is ignored, and the sign-in replaces it.
      const planted = await visitor();
      planted.cookies[SITE_USER_SESSION_COOKIE] = 'chosen-by-an-attacker-0123456789abcdefghijk';
      await planted.call('POST', `${ACCOUNT}/session`, {
        email: 'rui@example.com',
        password: PASSWORD,
      });
      expect(planted.cookies[SITE_USER_SESSION_COOKIE]).not.toBe(
        'chosen-by-an-attacker-0123456789abcdefghijk',
      );
      const stored = await database.db
        .selectFrom('site_user_sessions')
        .select('token_hash')
        .execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(after);
    });

    it('ends a session left idle past the idle timeout', async () => {
      const shopper = await signedUp('ida@example.com');
      clock += DEFAULT_ACCOUNT_SESSION.idleMs - 60_000;
      expect((await stateOf(shopper)).state).toBe('signed-in');
      clock += DEFAULT_ACCOUNT_SESSION.idleMs - 60_000;
      expect((await stateOf(shopper)).state).toBe('signed-in');
      clock += DEFAULT_ACCOUNT_SESSION.idleMs;
      const state = await shopper.call('GET', ACCOUNT);
      expect(state.body.state).toBe('signed-out');
      expect(state.setCookie.some((c) => c.startsWith(`${SITE_USER_SESSION_COOKIE}=;`))).toBe(true);
    });

    it('ends a session at the absolute timeout however busy it is', async () => {
      const shopper = await signedUp('abe@example.com');
      const halfHour = 30 * 60_000;
      for (
        let spent = 0;
        spent + halfHour < DEFAULT_ACCOUNT_SESSION.absoluteMs;
        spent += halfHour
      ) {
        clock += halfHour;
        expect((await stateOf(shopper)).state).toBe('signed-in');
      }
      clock += halfHour;
      expect((await stateOf(shopper)).state).toBe('signed-out');
      const orders = await shopper.call('GET', `${ACCOUNT}/orders`);
      expect([orders.status, orders.body.code]).toEqual([401, 'ACCOUNT_SIGN_IN_REQUIRED']);
    });

    it('answers a wrong password and an unknown email alike, and locks both the same way', async () => {
      await signedUp('lou@example.com');
      const shopper = await visitor();
      const wrong = await shopper.call('POST', `${ACCOUNT}/session`, {
        email: 'lou@example.com',
        password: 'not the password',
      });
      const unknown = await shopper.call('POST', `${ACCOUNT}/session`, {
        email: 'nobody-here@example.com',
        password: 'not the password',
      });
      expect([wrong.status, wrong.body]).toEqual([
        401,
        { error: accountMessages.signInFailed, code: 'SIGN_IN_FAILED' },
      ]);
      expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
      // The account's lock: whatever the address, the tenth failure locks it for 15 minutes.
      await signedUp('lia@example.com');
      const known: string[] = [];
      const nobody: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        clock += 70_000;
        for (const [email, codes] of [
          ['lia@example.com', known],
          ['nobody-else@example.com', nobody],
        ] as const) {
          const answer = await (await visitor()).call('POST', `${ACCOUNT}/session`, {
            email,
            password: 'guess guess',
          });
          codes.push(answer.body.code);
        }
      }
      expect(known.at(-1)).toBe('SIGN_IN_LOCKED');
      expect(nobody).toEqual(known);
      const locked = await (await visitor()).call('POST', `${ACCOUNT}/session`, {
        email: 'lia@example.com',
        password: PASSWORD,
      });
      expect([locked.status, locked.body.error]).toEqual([429, signInMessages.tooManyAttempts]);
      clock += 16 * 60_000;
      const later = await (await visitor()).call('POST', `${ACCOUNT}/session`, {
        email: 'lia@example.com',
        password: PASSWORD,
      });
      expect(later.status).toBe(200);
    });

    it('limits account calls per address', async () => {
      const shopper = await visitor();
      const statuses: number[] = [];
      for (let i = 0; i < 26; i += 1) {
        const answer = await shopper.call('POST', `${ACCOUNT}/password-reset`, {
          email: `someone${i}@example.com`,
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 25).every((s) => s === 202)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another address is not held up.
      const other = await (await visitor()).call('POST', `${ACCOUNT}/password-reset`, {
        email: 'someone@example.com',
      });
      expect(other.status).toBe(202);
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown emails; only the account is emailed', async () => {
      await signedUp('rex@example.com');
      const known = await (await visitor()).call('POST', `${ACCOUNT}/password-reset`, {
        email: 'rex@example.com',
      });
      const unknown = await (await visitor()).call('POST', `${ACCOUNT}/password-reset`, {
        email: 'ghost@example.com',
      });
      expect([known.status, known.body]).toEqual([202, { message: accountMessages.resetSent }]);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      expect((await mailsTo('rex@example.com')).map((m) => m.kind)).toContain(
        'account-reset-password',
      );
      expect(await mailsTo('ghost@example.com')).toEqual([]);
    });

    it('works once per link, refuses a breached password without spending it, ends every session', async () => {
      const signedIn = await signedUp('sam@example.com');
      await (await visitor()).call('POST', `${ACCOUNT}/password-reset`, {
        email: 'sam@example.com',
      });
      const token = await linkToken('sam@example.com', 'account-reset-password');
      const shopper = await visitor();
      const weak = await shopper.call('POST', `${ACCOUNT}/password-reset/complete`, {
        token,
        password: 'iloveyou2024',
      });
      expect([weak.status, weak.body.errors]).toEqual([
        400,
        { password: accountMessages.passwordTooCommon },
      ]);
      const done = await shopper.call('POST', `${ACCOUNT}/password-reset/complete`, {
        token,
        password: 'a brand new secret',
      });
      expect([done.status, done.body]).toEqual([200, { message: accountMessages.passwordReset }]);
      const again = await shopper.call('POST', `${ACCOUNT}/password-reset/complete`, {
        token,
        password: 'yet another secret',
      });
      expect([again.status, again.body.code]).toEqual([410, 'ACCOUNT_LINK_INVALID']);
      expect((await stateOf(signedIn)).state).toBe('signed-out');
      const old = await shopper.call('POST', `${ACCOUNT}/session`, {
        email: 'sam@example.com',
        password: PASSWORD,
      });
      expect(old.status).toBe(401);
      const fresh = await shopper.call('POST', `${ACCOUNT}/session`, {
        email: 'sam@example.com',
        password: 'a brand new secret',
      });
      expect(fresh.status).toBe(200);
    });

    it('stops an older link once a newer one is asked for, and any link after an hour', async () => {
      await signedUp('tia@example.com');
      const ask = () =>
        visitor().then((v) =>
          v.call('POST', `${ACCOUNT}/password-reset`, { email: 'tia@example.com' }),
        );
      await ask();
      const older = await linkToken('tia@example.com', 'account-reset-password');
      await ask();
      const newer = await linkToken('tia@example.com', 'account-reset-password');
      const shopper = await visitor();
      const viaOlder = await shopper.call('POST', `${ACCOUNT}/password-reset/complete`, {
        token: older,
        password: 'a brand new secret',
      });
      expect(viaOlder.status).toBe(410);
      clock += 3600_000;
      const viaNewer = await shopper.call('POST', `${ACCOUNT}/password-reset/complete`, {
        token: newer,
        password: 'a brand new secret',
      });
      expect(viaNewer.status).toBe(410);
    });
  });

  describe('the signed-in account', () => {
    it('changes the password with the current one; other sessions end, this one goes on', async () => {
      const here = await signedUp('umberto@example.com');
      const elsewhere = await visitor();
      await elsewhere.call('POST', `${ACCOUNT}/session`, {
        email: 'umberto@example.com',
        password: PASSWORD,
      });
      const before = here.cookies[SITE_USER_SESSION_COOKIE];
      const wrong = await here.call('PUT', `${ACCOUNT}/password`, {
        currentPassword: 'not my password',
        newPassword: 'a brand new secret',
      });
      expect([wrong.status, wrong.body.errors]).toEqual([
        403,
        { currentPassword: accountMessages.passwordWrong },
      ]);
      const weak = await here.call('PUT', `${ACCOUNT}/password`, {
        currentPassword: PASSWORD,
        newPassword: 'Umberto likes pie',
      });
      expect(weak.body.errors).toEqual({ newPassword: accountMessages.passwordContainsEmail });
      const changed = await here.call('PUT', `${ACCOUNT}/password`, {
        currentPassword: PASSWORD,
        newPassword: 'a brand new secret',
      });
      expect(changed.status).toBe(200);
      expect(here.cookies[SITE_USER_SESSION_COOKIE]).not.toBe(before);
      expect((await stateOf(here)).state).toBe('signed-in');
      expect((await stateOf(elsewhere)).state).toBe('signed-out');
      expect((await mailsTo('umberto@example.com')).map((m) => m.kind)).toContain(
        'account-password-changed',
      );
    });

    it('changes the email once the new address confirms it', async () => {
      const shopper = await signedUp('val@example.com');
      const asked = await shopper.call('PUT', `${ACCOUNT}/email`, {
        email: 'Val.New@example.com',
        currentPassword: PASSWORD,
      });
      expect([asked.status, asked.body.message]).toEqual([
        202,
        accountMessages.emailChangeSent('val.new@example.com'),
      ]);
      expect((await stateOf(shopper)).account.email).toBe('val@example.com');
      const token = await linkToken('val.new@example.com', 'account-verify-email');
      await shopper.call('POST', `${ACCOUNT}/email-verification`, { token });
      expect((await stateOf(shopper)).account).toMatchObject({
        email: 'val.new@example.com',
        isEmailVerified: true,
      });
      const signIn = await (await visitor()).call('POST', `${ACCOUNT}/session`, {
        email: 'val.new@example.com',
        password: PASSWORD,
      });
      expect(signIn.status).toBe(200);
    });

    it('refuses the locale without a session and a language that is not one', async () => {
      const guest = await visitor();
      const refused = await guest.call('POST', `${ACCOUNT}/locale`, { language: 'en' });
      expect([refused.status, refused.body.code]).toEqual([401, 'ACCOUNT_SIGN_IN_REQUIRED']);
      const shopper = await signedUp('wes@example.com');
      const bad = await shopper.call('POST', `${ACCOUNT}/locale`, { language: 'klingon!' });
      expect([bad.status, bad.body.error]).toEqual([400, accountMessages.languageInvalid]);
    });
  });

  describe('carts and orders', () => {
    const variantOf = async (collection: string) => {
      const list = await app.inject(`/api/catalog/collections/${collection}/products`);
      const product = (
        list.json().products as {
          id: string;
          productType: number;
          variants: { sku: string; id: string; isUnlimited?: boolean }[];
        }[]
      )[0];
      if (!product) throw new Error('no product');
      const variant = product.variants[0];
      if (!variant) throw new Error('no variant');
      return { itemId: product.id, sku: variant.sku, variantId: variant.id };
    };

    it('merges a guest cart into the account’s saved cart at sign-in; cloneCart keeps a copy', async () => {
      const item = await variantOf('shop');
      await database.db
        .updateTable('product_variants')
        .set({ qty_in_stock: 5, is_unlimited: false })
        .where('variant_id', '=', item.variantId)
        .execute();
      const shopper = await signedUp('xia@example.com');
      await shopper.add(item, 2);
      // Signing out saves the cart with the account and leaves this browser without one.
      const out = await shopper.call('DELETE', `${ACCOUNT}/session`);
      expect(out.status).toBe(204);
      expect(shopper.cookies.atelier_cart ?? '').toBe('');
      expect((await stateOf(shopper)).state).toBe('signed-out');
      // As a guest on another device: 4 more of the same, which stock caps at 5 in all.
      const device = await visitor();
      await device.add(item, 4);
      const guestCart = device.cookies.atelier_cart;
      await device.call('POST', `${ACCOUNT}/session`, {
        email: 'xia@example.com',
        password: PASSWORD,
      });
      expect(device.cookies.atelier_cart).not.toBe(guestCart);
      const cart = (await device.call('GET', '/api/commerce/shopping-cart')).body.shoppingCart;
      expect(cart.entries.map((e: { quantity: number }) => e.quantity)).toEqual([5]);
      // cloneCart: the account keeps its cart and the browser a copy.
      await device.call('DELETE', `${ACCOUNT}/session?cloneCart=true`);
      const copy = (await device.call('GET', '/api/commerce/shopping-cart')).body.shoppingCart;
      expect(copy.entries.map((e: { quantity: number }) => e.quantity)).toEqual([5]);
      expect(device.cookies.atelier_cart).not.toBe(cart.id);
    });

    it('leaves a guest’s cart alone when a browser without a session signs out', async () => {
      const guest = await visitor();
      await guest.add(await variantOf('shop'), 1);
      const cartId = guest.cookies.atelier_cart;
      const out = await guest.call('DELETE', `${ACCOUNT}/session`);
      expect(out.status).toBe(204);
      expect(guest.cookies.atelier_cart).toBe(cartId);
    });

    it('lists guest orders of the confirmed email, and keeps them when the account is deleted', async () => {
      const item = await variantOf('shop');
      await database.db
        .updateTable('product_variants')
        .set({ qty_in_stock: 50 })
        .where('variant_id', '=', item.variantId)
        .execute();
      const guest = createShopper(injectSend(app));
      await guest.visit();
      await guest.add(item, 1);
      const started = await guest.start();
      const checkoutId = started.body.checkout.id;
      await fillDetails(guest, checkoutId);
      await guest.put(checkoutId, '/email', { email: 'Yan@Example.com' });
      const placed = await guest.place(checkoutId, 'accounts-order-1');
      expect(placed.body.order, JSON.stringify(placed.body)).toBeDefined();

      const unverified = await visitor();
      await unverified.call('POST', ACCOUNT, { email: 'yan@example.com', password: PASSWORD });
      await unverified.call('POST', `${ACCOUNT}/session`, {
        email: 'yan@example.com',
        password: PASSWORD,
      });
      expect((await unverified.call('GET', `${ACCOUNT}/orders`)).body.orders).toEqual([]);
      const token = await linkToken('yan@example.com', 'account-verify-email');
      const verified = await unverified.call('POST', `${ACCOUNT}/email-verification`, { token });
      expect(verified.body, JSON.stringify(verified.body)).toMatchObject({ isEmailVerified: true });
      const orders = (await unverified.call('GET', `${ACCOUNT}/orders`)).body.orders;
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ status: 'paid', itemCount: 1 });
      expect(orders[0].statusUrl).toMatch(/^\/commerce\/orders\/[0-9a-f-]{36}\?token=/);
      const statusPage = await app.inject({ url: orders[0].statusUrl });
      expect(statusPage.statusCode).toBe(200);

      const wrong = await unverified.call('DELETE', ACCOUNT, {
        currentPassword: 'not my password',
      });
      expect(wrong.status).toBe(403);
      const deleted = await unverified.call('DELETE', ACCOUNT, { currentPassword: PASSWORD });
      expect(deleted.status).toBe(204);
      expect((await stateOf(unverified)).state).toBe('signed-out');
      const left = await database.db
        .selectFrom('site_users')
        .select('site_user_id')
        .where('email', '=', 'yan@example.com')
        .execute();
      expect(left).toEqual([]);
      const kept = await database.db
        .selectFrom('orders')
        .select('order_number')
        .where('email', '=', 'Yan@Example.com')
        .execute();
      expect(kept).toHaveLength(1);
    });
  });

  describe('the storefront account pages', () => {
    const page = (url: string, shopper?: Shopper) =>
      app.inject({
        url,
        headers: {
          cookie: Object.entries(shopper?.cookies ?? {})
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        },
      });

    it('sends a signed-out visitor from /account to the sign-in page, never cached', async () => {
      const account = await page('/account');
      expect([account.statusCode, account.headers.location]).toEqual([302, '/account/sign-in']);
      for (const path of ['/account/sign-in', '/account/sign-up', '/account/forgot-password']) {
        const form = await page(path);
        expect(form.statusCode, path).toBe(200);
        expect(form.headers['cache-control']).toBe('private, no-store');
        expect(form.headers['x-robots-tag']).toBe('noindex');
        expect(form.body).toContain('data-island="AccountForm"');
      }
      const reset = await page('/account/reset-password?t=abcdefghijklmnopqrstuvwxyz012345');
      expect(reset.headers['referrer-policy']).toBe('no-referrer');
      expect(reset.body).toContain('abcdefghijklmnopqrstuvwxyz012345');
    });

    it('shows a signed-in customer their account and sends them past the sign-in form', async () => {
      const shopper = await signedUp('ana.page@example.com');
      const signIn = await page('/account/sign-in', shopper);
      expect([signIn.statusCode, signIn.headers.location]).toEqual([302, '/account']);
      const account = await page('/account', shopper);
      expect(account.statusCode).toBe(200);
      expect(account.body).toContain('ana.page@example.com');
      expect(account.body).toContain(accountPageText.noOrders);
      expect(account.body).toContain('<label for=');
    });
  });

  describe('with the real hashing cost', () => {
    it('hashes with OWASP’s scrypt setting and spends as long on an unknown email', async () => {
      const service = createSiteUsersService({
        repo: createSiteUsersRepo(database.db),
        websites: app.services.websites,
        twoFactor: createTwoFactorService({
          repo: createTwoFactorRepo(database.db, 'site-user'),
          now: () => new Date(),
        }),
      });
      // Made by this service, so its hash has the real cost as every stored hash would.
      await service.signUp(websiteId, { email: 'zed@example.com', password: PASSWORD });
      const timed = async (email: string) => {
        const started = performance.now();
        await service
          .signIn(websiteId, { email, password: 'wrong password' }, { sessionToken: undefined })
          .catch(() => undefined);
        return performance.now() - started;
      };
      await timed('zed@example.com');
      await timed('nobody-at-all@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        known.push(await timed('zed@example.com'));
        unknown.push(await timed('nobody-at-all@example.com'));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
      // The cheap test cost (ln=4) would take well under a millisecond; the real one does not.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
      expect(median(known)).toBeGreaterThan(median(unknown) * 0.5);
      const { hashSiteUserPassword } = await import('./site-user-password.ts');
      expect(await hashSiteUserPassword('anything at all')).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$/);
    });
  });
});
