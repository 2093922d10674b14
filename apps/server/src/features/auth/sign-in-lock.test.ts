import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cartMessages, editorApiMessages, Role, signInMessages } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  copyDemoData,
  createTestDatabase,
  type TestApp,
  testDialect,
} from '../../test/test-app.ts';
import { ownerClient } from './editor-client.ts';

// Issue 15: an account is locked after SIGN_IN_LOCK_AFTER failures however the attempts
// vary their address or Host, and the answers are the same for an email nobody owns.

const OWNER = { email: 'owner@example.com', password: 'correct horse battery' };
const LOCK_AFTER = 6;
const MINUTE = 60_000;

describe(`per-account sign-in lock (${testDialect})`, () => {
  let t: TestApp;
  let clock = new Date('2030-01-01T10:00:00Z').getTime();
  let crumb = '';

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-test-'));
    const testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    // Forwarded addresses are believed here (a loopback proxy is trusted), so each attempt
    // really is a new address to the per-address limit, as from a botnet: only the
    // per-account lock can stop them.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'loopback',
      SIGN_IN_LOCK_AFTER: String(LOCK_AFTER),
      SIGN_IN_LOCK_MINUTES: '600',
    });
    const database = await testDatabase.open();
    const app = await buildApp({ config, database, auth: { now: () => new Date(clock) } });
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
    const owner = await ownerClient(t, OWNER);
    crumb = owner.xsrfToken;
  });
  afterAll(() => t.close());

  function signIn(credentials: { email: string; password: string }, headers = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/config/session',
      headers: { 'x-csrf-token': crumb, ...headers },
      cookies: { crumb },
      payload: credentials,
    });
  }

  /** 200 wrong guesses a minute and five seconds apart, each shaped by `headersOf(i)`. */
  async function patientGuesses(email: string, headersOf: (i: number) => Record<string, string>) {
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < 200; i++) {
      const response = await signIn({ email, password: `guess number ${i}` }, headersOf(i));
      answers.push({ status: response.statusCode, body: response.json() });
      clock += MINUTE + 5000;
    }
    return answers;
  }

  const expectLockedAfterConfiguredFailures = (answers: { status: number; body: unknown }[]) => {
    expect(answers.map((a) => a.status).indexOf(429)).toBe(LOCK_AFTER);
    expect(answers.slice(0, LOCK_AFTER)).toEqual(
      Array(LOCK_AFTER).fill({
        status: 401,
        body: { error: editorApiMessages.signInFailed, code: 'SIGN_IN_FAILED' },
      }),
    );
    expect(answers.slice(LOCK_AFTER)).toEqual(
      Array(200 - LOCK_AFTER).fill({
        status: 429,
        body: { error: signInMessages.tooManyAttempts, code: 'SIGN_IN_LOCKED' },
      }),
    );
  };

  it('locks an account after the configured failures, each from a new X-Forwarded-For', async () => {
    const answers = await patientGuesses(OWNER.email, (i) => ({
      'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}`,
    }));
    expectLockedAfterConfiguredFailures(answers);

    // Locked means the right password is refused too, with the same words, from anywhere.
    const right = await signIn(OWNER, { 'x-forwarded-for': '192.0.2.77' });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      error: signInMessages.tooManyAttempts,
      code: 'SIGN_IN_LOCKED',
    });
  });

  it('answers an email nobody owns exactly as it answers a member’s', async () => {
    const answers = await patientGuesses('nobody@example.com', (i) => ({
      'x-forwarded-for': `203.0.${Math.floor(i / 250)}.${i % 250}`,
    }));
    expectLockedAfterConfiguredFailures(answers);
  });

  it('locks an account whatever Host the attempts name', async () => {
    await t.app.services.auth.addMember(
      (await t.app.services.websites.resolveByHost('localhost'))?.id ?? '',
      { email: 'editor@example.com', password: 'another long password', role: Role.editor },
    );
    const answers = await patientGuesses('Editor@Example.com ', (i) => ({
      host: `guess-${i}.example`,
      'x-forwarded-for': `192.0.${Math.floor(i / 250)}.${i % 250}`,
    }));
    expectLockedAfterConfiguredFailures(answers);
  });

  it('ends the lock by itself, and a successful sign-in forgets earlier failures', async () => {
    clock += 601 * MINUTE;
    const right = await signIn(OWNER);
    expect(right.statusCode).toBe(200);
    // Forgotten: the free failures are free again.
    for (let i = 0; i < 3; i++) {
      expect((await signIn({ ...OWNER, password: `typo ${i}` })).statusCode).toBe(401);
    }
    expect((await signIn({ ...OWNER, password: 'typo 4' })).statusCode).toBe(429);
    clock += 1000;
    expect((await signIn(OWNER)).statusCode).toBe(200);
  });

  it('lets only the free attempts of a parallel burst reach the password check', async () => {
    clock += 601 * MINUTE;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(
          { email: 'burst@example.com', password: `burst ${i}` },
          { 'x-forwarded-for': `198.18.0.${i}` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
  });

  it('still limits one address trying many emails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await signIn(
        { email: `person${i}@example.com`, password: 'a guessed password' },
        { 'x-forwarded-for': '198.18.1.1' },
      );
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(r.json().error).toBe(cartMessages.tooManyRequests);
    }
    expect(statuses.indexOf(429)).toBe(30);
  });
});
