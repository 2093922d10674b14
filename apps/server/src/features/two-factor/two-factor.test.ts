import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MEMBER_CHALLENGE_COOKIE,
  MEMBER_CHALLENGE_PATH,
  SITE_USER_CHALLENGE_COOKIE,
  SITE_USER_CHALLENGE_PATH,
  SITE_USER_SESSION_COOKIE,
} from '@atelier/contract';
import {
  base32Decode,
  RECOVERY_CODE_COUNT,
  Role,
  signInMessages,
  totpCode,
  twoFactorMessages,
} from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  copyDemoData,
  createTestDatabase,
  type TestApp,
  testDialect,
} from '../../test/test-app.ts';
import { type EditorClient, editorClient, ownerClient } from '../auth/editor-client.ts';
import { SESSION_COOKIE } from '../auth/member-guard.ts';
import { createShopper, injectSend, type Shopper } from '../checkout/commerce-test-kit.ts';

// Two-step verification of members and customers against the real app, with one clock
// the test moves for both (30-second steps, the five-minute wait, the sign-in lock).

const MEMBER_2FA = '/api/config/account/two-factor';
const ACCOUNT = '/api/site-users/account';
const ACCOUNT_2FA = `${ACCOUNT}/two-factor`;
const OWNER = { email: 'owner@example.com', password: 'correct horse battery' };
const SHOPPER_PASSWORD = 'plum tart on sunday';

describe(`two-step verification (${testDialect})`, () => {
  let t: TestApp;
  let clock = Date.parse('2032-05-01T08:00:00Z');
  const now = () => new Date(clock);
  /** The code an authenticator app shows now for a key shown at set-up. */
  const codeFor = (key: string, at = clock) => totpCode(base32Decode(key) ?? new Uint8Array(), at);
  const nextStep = () => {
    clock += 30_000;
  };
  /** Past SIGN_IN_LOCK_MINUTES: the failures earlier tests left are forgotten. */
  const afterLockTime = () => {
    clock += 15 * 60_000 + 1000;
  };

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-2fa-'));
    const testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TRUST_PROXY: 'loopback' });
    const database = await testDatabase.open();
    const app = await buildApp({
      config,
      database,
      auth: { now },
      siteUsers: { now, scryptCost: { ln: 4, r: 8, p: 1 }, addressLimit: 1000 },
    });
    t = {
      app,
      config,
      dataDir,
      database,
      close: async () => {
        await app.close();
        await testDatabase.dispose();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  });
  afterAll(() => t.close());

  describe('members', () => {
    let owner: EditorClient;
    let ownerKey = '';
    let recoveryCodes: string[] = [];

    /** A new browser that has typed the right password: waiting for the code. */
    async function waitingForCode(credentials = OWNER): Promise<EditorClient> {
      const browser = await editorClient(t);
      const answer = await browser.call('POST', '/api/config/session', credentials);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ state: 'second-factor', member: null });
      return browser;
    }

    /** Sets up two-step verification for a signed-in member; answers key and codes. */
    async function enrol(client: EditorClient, password: string) {
      const started = await client.call('POST', MEMBER_2FA, { password });
      expect(started.statusCode, started.body).toBe(200);
      const { key } = started.json() as { key: string };
      const confirmed = await client.call('POST', `${MEMBER_2FA}/confirmation`, {
        code: codeFor(key),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return {
        key,
        recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes,
      };
    }

    it('sets up with the password, shows the key once, and turns on with the first code', async () => {
      owner = await ownerClient(t, OWNER);
      expect((await owner.call('GET', MEMBER_2FA)).json()).toEqual({
        isOn: false,
        recoveryCodesLeft: 0,
      });
      const wrongPassword = await owner.call('POST', MEMBER_2FA, { password: 'not my password' });
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json().code).toBe('SIGN_IN_FAILED');

      const started = await owner.call('POST', MEMBER_2FA, { password: OWNER.password });
      expect(started.statusCode).toBe(200);
      const enrolment = started.json() as { key: string; otpauthUri: string; qrRows: string[] };
      expect(enrolment.key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      expect(base32Decode(enrolment.key)?.length).toBe(20);
      const secret = enrolment.key.replaceAll(' ', '');
      expect(enrolment.otpauthUri).toMatch(
        new RegExp(
          `^otpauth://totp/[^:]+:owner%40example\\.com\\?secret=${secret}&issuer=[^&]+&algorithm=SHA1&digits=6&period=30$`,
        ),
      );
      expect(enrolment.qrRows.length).toBeGreaterThanOrEqual(21);
      expect(enrolment.qrRows.every((row) => /^[01]+$/.test(row))).toBe(true);
      // Not on until a code proves the app has the key.
      expect((await owner.call('GET', MEMBER_2FA)).json().isOn).toBe(false);

      const wrong = await owner.call('POST', `${MEMBER_2FA}/confirmation`, { code: '000000' });
      expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'TWO_FACTOR_FAILED']);
      expect(wrong.json().errors).toEqual({ code: twoFactorMessages.codeWrong });

      const confirmed = await owner.call('POST', `${MEMBER_2FA}/confirmation`, {
        code: codeFor(enrolment.key),
      });
      expect(confirmed.statusCode).toBe(200);
      recoveryCodes = confirmed.json().recoveryCodes;
      ownerKey = enrolment.key;
      expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
      expect(recoveryCodes.every((code) => /^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/.test(code))).toBe(true);

      const status = await owner.call('GET', MEMBER_2FA);
      expect(status.json()).toEqual({ isOn: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
      expect(status.body).not.toContain(secret);
      // Setting up again while on is refused; the key is never sent again.
      const again = await owner.call('POST', MEMBER_2FA, { password: OWNER.password });
      expect([again.statusCode, again.json().code]).toEqual([409, 'TWO_FACTOR_STATE']);
      // Recovery codes are stored hashed, never as shown.
      const row = await t.database.db
        .selectFrom('member_two_factor')
        .select('recovery_code_hashes')
        .executeTakeFirstOrThrow();
      const stored = row.recovery_code_hashes.join(' ');
      for (const code of recoveryCodes) {
        expect(stored).not.toContain(code);
        expect(stored).not.toContain(code.replaceAll('-', ''));
      }
    });

    it('asks for the code after the password and starts the session only after it', async () => {
      nextStep();
      const browser = await waitingForCode();
      expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();
      expect(browser.cookies[MEMBER_CHALLENGE_COOKIE]).toBeDefined();
      expect((await browser.call('GET', '/api/config/session')).json().state).toBe('signed-out');
      expect((await browser.call('GET', '/api/config/pages')).statusCode).toBe(401);

      const wrong = await browser.call('POST', MEMBER_CHALLENGE_PATH, { code: '123456' });
      expect([wrong.statusCode, wrong.json().error]).toEqual([401, twoFactorMessages.codeWrong]);
      expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();

      const right = await browser.call('POST', MEMBER_CHALLENGE_PATH, { code: codeFor(ownerKey) });
      expect(right.statusCode, right.body).toBe(200);
      expect(right.json()).toMatchObject({ state: 'signed-in', member: { email: OWNER.email } });
      expect(browser.cookies[SESSION_COOKIE]).toBeDefined();
      expect(browser.cookies[MEMBER_CHALLENGE_COOKIE]).toBeUndefined();
      expect((await browser.call('GET', '/api/config/pages')).statusCode).toBe(200);
      // The wait is over: the same browser cannot spend another code on it.
      const after = await browser.call('POST', MEMBER_CHALLENGE_PATH, { code: '123456' });
      expect(after.json().code).toBe('TWO_FACTOR_EXPIRED');
    });

    it('refuses a code used before, even inside its 30 seconds', async () => {
      const used = codeFor(ownerKey);
      const browser = await waitingForCode();
      const replay = await browser.call('POST', MEMBER_CHALLENGE_PATH, { code: used });
      expect([replay.statusCode, replay.json().error]).toEqual([401, twoFactorMessages.codeUsed]);
      // The next step's code works (the app's clock may run a step ahead).
      const ahead = await browser.call('POST', MEMBER_CHALLENGE_PATH, {
        code: codeFor(ownerKey, clock + 30_000),
      });
      expect(ahead.statusCode).toBe(200);
      nextStep();
      nextStep();
    });

    it('takes each recovery code once, typed any way', async () => {
      const [first = ''] = recoveryCodes;
      const browser = await waitingForCode();
      const signedIn = await browser.call('POST', MEMBER_CHALLENGE_PATH, {
        code: ` ${first.toUpperCase().replaceAll('-', ' ')} `,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect((await browser.call('GET', MEMBER_2FA)).json().recoveryCodesLeft).toBe(
        RECOVERY_CODE_COUNT - 1,
      );
      const again = await waitingForCode();
      const reused = await again.call('POST', MEMBER_CHALLENGE_PATH, { code: first });
      expect([reused.statusCode, reused.json().error]).toEqual([
        401,
        twoFactorMessages.recoveryWrong,
      ]);
    });

    it('ends the wait after five minutes and without the browser’s cookie', async () => {
      afterLockTime();
      const browser = await waitingForCode();
      const elsewhere = await editorClient(t);
      const stolen = await elsewhere.call('POST', MEMBER_CHALLENGE_PATH, {
        code: codeFor(ownerKey),
      });
      expect([stolen.statusCode, stolen.json().code]).toEqual([401, 'TWO_FACTOR_EXPIRED']);
      clock += 5 * 60_000 + 1000;
      const late = await browser.call('POST', MEMBER_CHALLENGE_PATH, { code: codeFor(ownerKey) });
      expect([late.statusCode, late.json().error]).toEqual([
        401,
        twoFactorMessages.challengeExpired,
      ]);
    });

    it('locks the account after wrong codes, password step included, as wrong passwords do', async () => {
      const editor = { email: 'editor@example.com', password: 'editor password 1' };
      await owner.call('POST', '/api/config/members', { ...editor, role: Role.editor });
      const signedIn = await editorClient(t);
      await signedIn.call('POST', '/api/config/session', editor);
      const { key } = await enrol(signedIn, editor.password);
      nextStep();

      const browser = await waitingForCode(editor);
      const answers: number[] = [];
      for (let i = 0; i < 12 && !answers.includes(429); i += 1) {
        answers.push(
          (await browser.call('POST', MEMBER_CHALLENGE_PATH, { code: '000000' })).statusCode,
        );
      }
      expect(answers.at(-1)).toBe(429);
      expect(answers.slice(0, -1).every((status) => status === 401)).toBe(true);
      // Locked: the right code and the right password wait too.
      const right = await browser.call('POST', MEMBER_CHALLENGE_PATH, { code: codeFor(key) });
      expect([right.statusCode, right.json().error]).toEqual([429, signInMessages.tooManyAttempts]);
      const password = await (await editorClient(t)).call('POST', '/api/config/session', editor);
      expect(password.statusCode).toBe(429);
      // The owner's account is not touched by the editor's lock.
      nextStep();
      const ownerBrowser = await waitingForCode();
      expect(
        (await ownerBrowser.call('POST', MEMBER_CHALLENGE_PATH, { code: codeFor(ownerKey) }))
          .statusCode,
      ).toBe(200);
    });

    it('turns off only with the password and a code; then the password alone signs in', async () => {
      nextStep();
      const noCode = await owner.call('DELETE', MEMBER_2FA, {
        password: OWNER.password,
        code: '000000',
      });
      expect([noCode.statusCode, noCode.json().code]).toEqual([401, 'TWO_FACTOR_FAILED']);
      const noPassword = await owner.call('DELETE', MEMBER_2FA, {
        password: 'wrong password',
        code: codeFor(ownerKey),
      });
      expect([noPassword.statusCode, noPassword.json().code]).toEqual([401, 'SIGN_IN_FAILED']);
      const off = await owner.call('DELETE', MEMBER_2FA, {
        password: OWNER.password,
        code: codeFor(ownerKey),
      });
      expect(off.statusCode, off.body).toBe(204);
      expect((await owner.call('GET', MEMBER_2FA)).json()).toEqual({
        isOn: false,
        recoveryCodesLeft: 0,
      });
      const browser = await editorClient(t);
      const signedIn = await browser.call('POST', '/api/config/session', OWNER);
      expect(signedIn.json().state).toBe('signed-in');
    });

    it('answers a wrong password as before, whether or not the member has it on', async () => {
      const unknown = await (await editorClient(t)).call('POST', '/api/config/session', {
        email: 'nobody@example.com',
        password: 'whatever it is',
      });
      const wrong = await (await editorClient(t)).call('POST', '/api/config/session', {
        email: 'editor@example.com',
        password: 'whatever it is',
      });
      expect(unknown.statusCode).toBe(401);
      // The editor is still locked from above: the lock answers alike for anyone.
      expect([401, 429]).toContain(wrong.statusCode);
      expect(unknown.json().code).toBe('SIGN_IN_FAILED');
      expect((await owner.call('GET', MEMBER_2FA)).statusCode).toBe(200);
      const anonymous = await (await editorClient(t)).call('GET', MEMBER_2FA);
      expect(anonymous.statusCode).toBe(401);
    });

    it('locks code guesses at turning off, however often set-up is asked between them', async () => {
      const writer = { email: 'writer@example.com', password: 'writer password 1' };
      await owner.call('POST', '/api/config/members', { ...writer, role: Role.editor });
      const signedIn = await editorClient(t);
      await signedIn.call('POST', '/api/config/session', writer);
      await enrol(signedIn, writer.password);
      // The service itself, so the address's request limit does not stop the loop first.
      const auth = t.app.services.auth;
      const websiteId = (await signedIn.call('GET', '/api/config/session')).json().websiteId;
      const member = (await auth.listMembers(websiteId)).find((m) => m.email === writer.email);
      if (!member) throw new Error('no writer');
      const codeOf = (error: unknown) => (error as { code?: string }).code;
      let refusal: string | undefined;
      for (let i = 0; i < 12 && refusal !== 'SIGN_IN_LOCKED'; i += 1) {
        // Set-up with the right password is refused before the password is checked, so
        // it forgives none of the wrong codes.
        const again = await auth
          .beginTwoFactor(websiteId, member, { password: writer.password, issuer: 'Shop' })
          .then(() => 'began', codeOf);
        expect(again).toBe('TWO_FACTOR_STATE');
        refusal = await auth
          .turnOffTwoFactor(
            websiteId,
            member,
            { password: writer.password, code: '000000' },
            { currentToken: signedIn.cookies[SESSION_COOKIE] ?? '', siteName: 'Shop' },
          )
          .then(() => 'turned off', codeOf);
      }
      expect(refusal).toBe('SIGN_IN_LOCKED');
    });
  });

  describe('customers', () => {
    let key = '';
    let recoveryCodes: string[] = [];
    const EMAIL = 'rosa@example.com';

    const visitor = async () => {
      const shopper = createShopper(injectSend(t.app));
      await shopper.call('GET', ACCOUNT);
      return shopper;
    };

    async function waitingForCode(email = EMAIL): Promise<Shopper> {
      const shopper = await visitor();
      const answer = await shopper.call('POST', `${ACCOUNT}/session`, {
        email,
        password: SHOPPER_PASSWORD,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ secondFactor: 'totp' });
      return shopper;
    }

    async function signedUp(email: string): Promise<Shopper> {
      const shopper = await visitor();
      expect(
        (await shopper.call('POST', ACCOUNT, { email, password: SHOPPER_PASSWORD })).status,
      ).toBe(202);
      const signedIn = await shopper.call('POST', `${ACCOUNT}/session`, {
        email,
        password: SHOPPER_PASSWORD,
      });
      expect(signedIn.status).toBe(200);
      return shopper;
    }

    async function enrol(shopper: Shopper) {
      const started = await shopper.call('POST', ACCOUNT_2FA, { password: SHOPPER_PASSWORD });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const shown = started.body as { key: string };
      const confirmed = await shopper.call('POST', `${ACCOUNT_2FA}/confirmation`, {
        code: codeFor(shown.key),
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      return {
        key: shown.key,
        recoveryCodes: (confirmed.body as { recoveryCodes: string[] }).recoveryCodes,
      };
    }

    it('sets up in the account: wrong password and wrong first code refused', async () => {
      const shopper = await signedUp(EMAIL);
      expect((await shopper.call('GET', ACCOUNT_2FA)).body).toEqual({
        isOn: false,
        recoveryCodesLeft: 0,
      });
      const wrongPassword = await shopper.call('POST', ACCOUNT_2FA, { password: 'nope nope nope' });
      expect(wrongPassword.status).toBe(403);
      const started = await shopper.call('POST', ACCOUNT_2FA, { password: SHOPPER_PASSWORD });
      const wrongCode = await shopper.call('POST', `${ACCOUNT_2FA}/confirmation`, {
        code: '999999',
      });
      expect(wrongCode.status).toBe(401);
      expect((started.body as { otpauthUri: string }).otpauthUri).toContain(
        `:${encodeURIComponent(EMAIL)}?secret=`,
      );
      // Starting again replaces the key not yet confirmed.
      ({ key, recoveryCodes } = await enrol(shopper));
      expect(key).not.toBe((started.body as { key: string }).key);
      expect((await shopper.call('GET', ACCOUNT_2FA)).body).toEqual({
        isOn: true,
        recoveryCodesLeft: RECOVERY_CODE_COUNT,
      });
    });

    it('signs in with the code after the password; the session starts only then', async () => {
      nextStep();
      const shopper = await waitingForCode();
      expect(shopper.cookies[SITE_USER_SESSION_COOKIE]).toBeUndefined();
      expect(shopper.cookies[SITE_USER_CHALLENGE_COOKIE]).toBeDefined();
      expect(((await shopper.call('GET', ACCOUNT)).body as { state: string }).state).toBe(
        'signed-out',
      );
      const wrong = await shopper.call('POST', SITE_USER_CHALLENGE_PATH, { code: '111111' });
      expect(wrong.status).toBe(401);
      const right = await shopper.call('POST', SITE_USER_CHALLENGE_PATH, { code: codeFor(key) });
      expect(right.status, JSON.stringify(right.body)).toBe(200);
      expect(right.body).toMatchObject({ account: { email: EMAIL } });
      expect(((await shopper.call('GET', ACCOUNT)).body as { state: string }).state).toBe(
        'signed-in',
      );
      const replay = await (await waitingForCode()).call('POST', SITE_USER_CHALLENGE_PATH, {
        code: codeFor(key),
      });
      expect([replay.status, (replay.body as { error: string }).error]).toEqual([
        401,
        twoFactorMessages.codeUsed,
      ]);
    });

    it('takes a recovery code once', async () => {
      afterLockTime();
      const [code = ''] = recoveryCodes;
      const first = await (await waitingForCode()).call('POST', SITE_USER_CHALLENGE_PATH, { code });
      expect(first.status).toBe(200);
      const second = await (await waitingForCode()).call('POST', SITE_USER_CHALLENGE_PATH, {
        code,
      });
      expect(second.status).toBe(401);
    });

    it('locks after too many wrong codes, under the password’s lock', async () => {
      const other = 'tomas@example.com';
      const { key: otherKey } = await enrol(await signedUp(other));
      nextStep();
      const shopper = await waitingForCode(other);
      let status = 0;
      let tries = 0;
      while (status !== 429 && tries < 12) {
        status = (await shopper.call('POST', SITE_USER_CHALLENGE_PATH, { code: '000000' })).status;
        tries += 1;
      }
      expect(status).toBe(429);
      const right = await shopper.call('POST', SITE_USER_CHALLENGE_PATH, {
        code: codeFor(otherKey),
      });
      expect(right.status).toBe(429);
      // After the lock's time the right code signs in.
      clock += 15 * 60_000 + 1000;
      const later = await waitingForCode(other);
      const signedIn = await later.call('POST', SITE_USER_CHALLENGE_PATH, {
        code: codeFor(otherKey),
      });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    });

    it('turns off with the password and a code', async () => {
      nextStep();
      const shopper = await waitingForCode();
      expect(
        (await shopper.call('POST', SITE_USER_CHALLENGE_PATH, { code: codeFor(key) })).status,
      ).toBe(200);
      nextStep();
      const refused = await shopper.call('DELETE', ACCOUNT_2FA, {
        password: SHOPPER_PASSWORD,
        code: '000000',
      });
      expect(refused.status).toBe(401);
      const off = await shopper.call('DELETE', ACCOUNT_2FA, {
        password: SHOPPER_PASSWORD,
        code: codeFor(key),
      });
      expect(off.status, JSON.stringify(off.body)).toBe(204);
      const again = await (await visitor()).call('POST', `${ACCOUNT}/session`, {
        email: EMAIL,
        password: SHOPPER_PASSWORD,
      });
      expect(again.body).toMatchObject({ account: { email: EMAIL } });
    });

    it('locks code guesses at turning off: the right password forgives nothing', async () => {
      const other = 'vera@example.com';
      const signedIn = await signedUp(other);
      await enrol(signedIn);
      let status = 0;
      for (let i = 0; i < 12 && status !== 429; i += 1) {
        status = (
          await signedIn.call('DELETE', ACCOUNT_2FA, { password: SHOPPER_PASSWORD, code: '000000' })
        ).status;
      }
      expect(status).toBe(429);
    });
  });
});
