import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_FAILED_CODE } from '@atelier/contract';
import { editorApiMessages, Role, signInMessages } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  copyDemoData,
  createTestDatabase,
  type TestApp,
  testDialect,
} from '../../test/test-app.ts';
import { editorClient } from './editor-client.ts';
import { SESSION_COOKIE } from './member-guard.ts';

const OWNER = { email: 'Owner@Example.com', password: 'correct horse battery' };

describe(`editor sign-in (${testDialect})`, () => {
  let t: TestApp;
  let clock = new Date('2030-01-01T10:00:00Z').getTime();

  beforeAll(async () => {
    // The real app with a clock the test moves, so session expiry needs no waiting.
    const dataDir = await mkdtemp(join(tmpdir(), 'atelier-test-'));
    const testDatabase = await createTestDatabase({ withDemo: true });
    await copyDemoData(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
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
  });
  afterAll(() => t.close());

  it('asks for an owner on the first visit and sets a readable crumb', async () => {
    const visitor = await editorClient(t);
    const state = await visitor.call('GET', '/api/config/session');
    expect(state.json()).toMatchObject({ state: 'needs-owner', member: null });
    expect(visitor.xsrfToken.length).toBeGreaterThanOrEqual(16);
    expect(visitor.cookies.crumb).toBe(visitor.xsrfToken);
  });

  it('refuses an owner with a bad email or a short password', async () => {
    const visitor = await editorClient(t);
    const badEmail = await visitor.call('POST', '/api/config/owner', {
      email: 'not-an-email',
      password: OWNER.password,
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual({ email: 'Please enter a valid email' });
    const short = await visitor.call('POST', '/api/config/owner', {
      email: OWNER.email,
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(editorApiMessages.passwordTooShort);
  });

  it('creates the owner once, as an admin, signed in with an httpOnly Lax cookie', async () => {
    const visitor = await editorClient(t);
    const created = await visitor.call('POST', '/api/config/owner', OWNER);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      state: 'signed-in',
      member: { email: 'owner@example.com', role: Role.admin },
    });
    const cookie = created.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);

    const again = await (await editorClient(t)).call('POST', '/api/config/owner', {
      email: 'intruder@example.com',
      password: 'another long password',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(editorApiMessages.ownerExists);

    const later = await editorClient(t);
    expect((await later.call('GET', '/api/config/session')).json()).toMatchObject({
      state: 'signed-out',
    });
    const state = await visitor.call('GET', '/api/config/session');
    expect(state.json()).toMatchObject({ state: 'signed-in' });
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const client = await editorClient(t);
    for (const credentials of [
      { email: OWNER.email, password: 'wrong password!' },
      { email: 'nobody@example.com', password: OWNER.password },
    ]) {
      const response = await client.call('POST', '/api/config/session', credentials);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: editorApiMessages.signInFailed,
        code: 'SIGN_IN_FAILED',
      });
      expect(client.cookies[SESSION_COOKIE]).toBeUndefined();
    }
  });

  it('signs in and out; a signed-out token no longer works even if replayed', async () => {
    const client = await editorClient(t);
    const signedIn = await client.call('POST', '/api/config/session', OWNER);
    expect(signedIn.statusCode).toBe(200);
    const token = client.cookies[SESSION_COOKIE]!;
    expect((await client.call('GET', '/api/config/pages')).statusCode).toBe(200);

    const out = await client.call('DELETE', '/api/config/session');
    expect(out.statusCode).toBe(204);
    expect(client.cookies[SESSION_COOKIE]).toBeUndefined();
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/config/pages',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(editorApiMessages.signInRequired);
  });

  it('expires a session after 12 hours, or 30 days with remember me', async () => {
    const brief = await editorClient(t);
    await brief.call('POST', '/api/config/session', OWNER);
    const remembered = await editorClient(t);
    const response = await remembered.call('POST', '/api/config/session', {
      ...OWNER,
      rememberMe: true,
    });
    // Remember me makes a persistent cookie; otherwise the browser drops it on close.
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.expires).toBeInstanceOf(Date);

    clock += 11 * 3600_000;
    expect((await brief.call('GET', '/api/config/pages')).statusCode).toBe(200);
    clock += 2 * 3600_000;
    expect((await brief.call('GET', '/api/config/pages')).statusCode).toBe(401);
    expect((await brief.call('GET', '/api/config/session')).json().state).toBe('signed-out');
    expect((await remembered.call('GET', '/api/config/pages')).statusCode).toBe(200);
    clock += 30 * 24 * 3600_000;
    expect((await remembered.call('GET', '/api/config/pages')).statusCode).toBe(401);

    // The next sign-in clears every expired session row of the website as it starts its own.
    const countSessions = async () =>
      (
        await t.database.db
          .selectFrom('member_sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('expires_at', '<=', new Date(clock))
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await countSessions())).toBeGreaterThanOrEqual(2);
    expect(
      (await (await editorClient(t)).call('POST', '/api/config/session', OWNER)).statusCode,
    ).toBe(200);
    expect(Number(await countSessions())).toBe(0);
  });

  it('checks the CSRF crumb on every write, sign-in included', async () => {
    const client = await editorClient(t);
    const noHeader = await client.call('POST', '/api/config/session', OWNER, {
      'x-csrf-token': '',
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().code).toBe(CSRF_FAILED_CODE);

    await client.call('POST', '/api/config/session', OWNER);
    const forged = await client.call(
      'POST',
      '/api/config/pages',
      { title: 'Forged' },
      { 'x-csrf-token': 'x'.repeat(client.xsrfToken.length) },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe(CSRF_FAILED_CODE);
    const signOut = await client.call('DELETE', '/api/config/session', undefined, {
      'x-csrf-token': '',
    });
    expect(signOut.statusCode).toBe(403);
  });

  it('lets editors edit content but only admins change members (403 on the server)', async () => {
    const admin = await editorClient(t);
    await admin.call('POST', '/api/config/session', OWNER);
    const added = await admin.call('POST', '/api/config/members', {
      email: 'editor@example.com',
      password: 'an editor password',
      role: Role.editor,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: 'editor@example.com', role: Role.editor });
    const duplicate = await admin.call('POST', '/api/config/members', {
      email: 'EDITOR@example.com',
      password: 'an editor password',
      role: Role.editor,
    });
    expect(duplicate.statusCode).toBe(409);

    const editor = await editorClient(t);
    await editor.call('POST', '/api/config/session', {
      email: 'editor@example.com',
      password: 'an editor password',
    });
    expect((await editor.call('GET', '/api/config/pages')).statusCode).toBe(200);
    const page = await editor.call('POST', '/api/config/pages', { title: 'Editor Notes' });
    expect(page.statusCode).toBe(201);

    const members = await editor.call('GET', '/api/config/members');
    expect(members.statusCode).toBe(403);
    expect(members.json().error).toBe(editorApiMessages.adminOnly);
    const promote = await editor.call('POST', '/api/config/members', {
      email: 'mine@example.com',
      password: 'a sneaky password',
      role: Role.admin,
    });
    expect(promote.statusCode).toBe(403);
    const ownerId = (await admin.call('GET', '/api/config/members')).json().members[0].id;
    expect((await editor.call('DELETE', `/api/config/members/${ownerId}`)).statusCode).toBe(403);

    const listed = await admin.call('GET', '/api/config/members');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().members.map((m: { email: string }) => m.email)).toEqual([
      'owner@example.com',
      'editor@example.com',
    ]);
    const removeSelf = await admin.call('DELETE', `/api/config/members/${ownerId}`);
    expect(removeSelf.statusCode).toBe(409);
    expect(removeSelf.json().error).toBe(editorApiMessages.lastAdminRemove);
  });

  it('lets a store manager sign in for products and files, never pages (403 on the server)', async () => {
    const admin = await editorClient(t);
    await admin.call('POST', '/api/config/session', OWNER);
    const added = await admin.call('POST', '/api/config/members', {
      email: 'shop@example.com',
      password: 'a store password',
      role: Role.storeManager,
    });
    expect(added.statusCode, added.body).toBe(201);
    const manager = await editorClient(t);
    const signedIn = await manager.call('POST', '/api/config/session', {
      email: 'shop@example.com',
      password: 'a store password',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = (await manager.call('GET', '/api/config/session')).json();
    expect(session.member.role).toBe(Role.storeManager);
    // The products, and the file manager their images come from.
    const products = await manager.call(
      'GET',
      `/api/content-service/product/1.1/websites/${session.websiteId}/products`,
    );
    expect(products.statusCode, products.body).toBe(200);
    expect((await manager.call('GET', '/api/config/media')).statusCode).toBe(200);
    // Not the pages, the menu, the header and footer, the settings or the members.
    for (const path of [
      '/api/config/pages',
      '/api/site-header-footer',
      '/api/commondata/GetSiteLayout',
      '/api/config/settings',
      '/api/config/members',
    ]) {
      expect((await manager.call('GET', path)).statusCode, path).toBe(403);
    }
    // A number that is no SPEC §3 role (5 is none) is refused, not stored.
    const unknownRole = await admin.call('POST', '/api/config/members', {
      email: 'viewer@example.com',
      password: 'a viewer password',
      role: 5,
    });
    expect(unknownRole.statusCode).toBe(400);
  });

  it('slows down guesses at one email after three failures, with one generic message', async () => {
    const client = await editorClient(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await client.call('POST', '/api/config/session', {
        email: 'guess@example.com',
        password: `guess ${i}`,
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(r.json().error).toBe(signInMessages.tooManyAttempts);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('documents the editor routes in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/config/session',
        '/api/config/owner',
        '/api/config/members',
        '/api/config/pages/{pageId}/draft',
      ]),
    );
  });
});
