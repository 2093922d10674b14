import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  MEMBER_CHALLENGE_PATH,
  SITE_USER_CHALLENGE_PATH,
  SITE_USER_SESSION_COOKIE,
} from '@atelier/contract';
import { base32Decode, Role, totpCode, twoFactorMessages } from '@atelier/core';
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

// ASVS 5.0 V7.4.3 / V6: turning two-step verification on or off ends every other session
// of the person (the one it was changed in goes on) and emails them, for members and
// customers alike. Its own app, so the address limits of two-factor.test.ts stay theirs.

const MEMBER_2FA = '/api/config/account/two-factor';
const ACCOUNT = '/api/site-users/account';
const ACCOUNT_2FA = `${ACCOUNT}/two-factor`;
const OWNER = { email: 'owner@example.com', password: 'correct horse battery' };
const PASSWORD = 'plum tart on sunday';

describe(`two-step verification ends other sessions (${testDialect})`, () => {
  let t: TestApp;
  let clock = Date.parse('2032-06-01T08:00:00Z');
  const now = () => new Date(clock);
  const codeFor = (key: string) => totpCode(base32Decode(key) ?? new Uint8Array(), clock);
  const nextStep = () => {
    clock += 30_000;
  };
  const mailsTo = (email: string) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'body_text'])
      .where('to_email', '=', email)
      .orderBy('created_at')
      .execute();

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-2fa-sessions-'));
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

  it('a member: on and off each end the other sessions, keep this one, and email', async () => {
    const owner = await ownerClient(t, OWNER);
    const editor = { email: 'editor@example.com', password: 'editor password 1' };
    await owner.call('POST', '/api/config/members', { ...editor, role: Role.editor });
    const signIn = async (): Promise<EditorClient> => {
      const browser = await editorClient(t);
      const answer = await browser.call('POST', '/api/config/session', editor);
      expect(answer.json().state, answer.body).toBe('signed-in');
      return browser;
    };
    const here = await signIn();
    const elsewhere = await signIn();
    const pagesOf = async (browser: EditorClient) =>
      (await browser.call('GET', '/api/config/pages')).statusCode;
    expect(await pagesOf(elsewhere)).toBe(200);

    const started = await here.call('POST', MEMBER_2FA, { password: editor.password });
    const { key } = started.json() as { key: string };
    const sessionBefore = here.cookies[SESSION_COOKIE];
    const on = await here.call('POST', `${MEMBER_2FA}/confirmation`, { code: codeFor(key) });
    expect(on.statusCode, on.body).toBe(200);
    // This browser goes on with the same session; the other one is signed out.
    expect(here.cookies[SESSION_COOKIE]).toBe(sessionBefore);
    expect(await pagesOf(here)).toBe(200);
    expect(await pagesOf(elsewhere)).toBe(401);
    expect((await elsewhere.call('GET', '/api/config/session')).json().state).toBe('signed-out');
    // Another member's sessions are not touched.
    expect(await pagesOf(owner)).toBe(200);
    const onMail = (await mailsTo(editor.email)).at(-1);
    expect(onMail).toMatchObject({
      kind: 'member-two-factor-on',
      subject: expect.stringContaining('two-step verification was turned on'),
    });
    expect(onMail?.body_text).toContain(twoFactorMessages.ifNotYouMember);
    expect(await mailsTo(OWNER.email)).toEqual([]);

    // Signed in again elsewhere (with a code now), then turned off here.
    nextStep();
    const again = await editorClient(t);
    await again.call('POST', '/api/config/session', editor);
    const second = await again.call('POST', MEMBER_CHALLENGE_PATH, {
      code: codeFor(key),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await pagesOf(again)).toBe(200);
    nextStep();
    const off = await here.call('DELETE', MEMBER_2FA, {
      password: editor.password,
      code: codeFor(key),
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await pagesOf(here)).toBe(200);
    expect(await pagesOf(again)).toBe(401);
    expect((await mailsTo(editor.email)).map((m) => m.kind)).toEqual([
      'member-two-factor-on',
      'member-two-factor-off',
    ]);
  });

  it('a refused code ends nothing and sends nothing', async () => {
    const owner = await editorClient(t);
    await owner.call('POST', '/api/config/session', OWNER);
    const elsewhere = await editorClient(t);
    await elsewhere.call('POST', '/api/config/session', OWNER);
    await owner.call('POST', MEMBER_2FA, { password: OWNER.password });
    const wrong = await owner.call('POST', `${MEMBER_2FA}/confirmation`, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await elsewhere.call('GET', '/api/config/pages')).statusCode).toBe(200);
    expect(await mailsTo(OWNER.email)).toEqual([]);
  });

  it('a customer: on and off each end the other sessions, keep this one, and email', async () => {
    const email = 'rosa@example.com';
    const visitor = async () => {
      const shopper = createShopper(injectSend(t.app));
      await shopper.call('GET', ACCOUNT);
      return shopper;
    };
    const signIn = async (): Promise<Shopper> => {
      const shopper = await visitor();
      const answer = await shopper.call('POST', `${ACCOUNT}/session`, {
        email,
        password: PASSWORD,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return shopper;
    };
    const stateOf = async (shopper: Shopper) =>
      ((await shopper.call('GET', ACCOUNT)).body as { state: string }).state;
    expect(
      (await (await visitor()).call('POST', ACCOUNT, { email, password: PASSWORD })).status,
    ).toBe(202);
    const here = await signIn();
    const elsewhere = await signIn();
    expect(await stateOf(elsewhere)).toBe('signed-in');

    const started = await here.call('POST', ACCOUNT_2FA, { password: PASSWORD });
    const { key } = started.body as { key: string };
    const sessionBefore = here.cookies[SITE_USER_SESSION_COOKIE];
    const on = await here.call('POST', `${ACCOUNT_2FA}/confirmation`, { code: codeFor(key) });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(here.cookies[SITE_USER_SESSION_COOKIE]).toBe(sessionBefore);
    expect(await stateOf(here)).toBe('signed-in');
    expect(await stateOf(elsewhere)).toBe('signed-out');
    const onMail = (await mailsTo(email)).at(-1);
    expect(onMail).toMatchObject({ kind: 'account-two-factor-on' });
    expect(onMail?.body_text).toContain(twoFactorMessages.ifNotYouCustomer);

    nextStep();
    const again = await visitor();
    await again.call('POST', `${ACCOUNT}/session`, { email, password: PASSWORD });
    const second = await again.call('POST', SITE_USER_CHALLENGE_PATH, { code: codeFor(key) });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await stateOf(again)).toBe('signed-in');
    nextStep();
    const off = await here.call('DELETE', ACCOUNT_2FA, { password: PASSWORD, code: codeFor(key) });
    expect(off.status, JSON.stringify(off.body)).toBe(204);
    expect(await stateOf(here)).toBe('signed-in');
    expect(await stateOf(again)).toBe('signed-out');
    expect((await mailsTo(email)).map((m) => m.kind).slice(-2)).toEqual([
      'account-two-factor-on',
      'account-two-factor-off',
    ]);
  });
});
