import { readFile } from 'node:fs/promises';
import {
  ALL_CAPABILITIES,
  type Capability,
  can,
  editorApiMessages,
  isPlannedCapability,
  ROLE_LABELS,
  ROLE_ORDER,
  Role,
} from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteCapability } from '../../http/route-capability.ts';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, memberClient, ownerClient } from './editor-client.ts';

// The permission matrix (core's permissions.ts, docs/PERMISSIONS.md) against the routes
// the app really registered (app.routeCapabilities, read by an onRoute hook), not a list
// that could fall behind: every admin route must name a capability, and every guarded
// route is called signed out and as a member of each of the 15 SPEC §3 roles. Signed out
// is 401; a role without the capability is 403 ROLE_FORBIDDEN; a role with it gets past
// the guard (whatever the handler then says about the made-up ids and bodies).

/** Where the admin API lives: a route here without a capability fails the test. */
const ADMIN_PREFIXES = [
  '/api/config/',
  '/api/content-service/',
  '/api/v1/commerce-preferences',
  '/api/mail/',
  '/api/api-keys',
  '/api/webhooks/',
  '/api/newsletter/',
  '/api/campaigns/',
  '/api/demo-content',
  '/api/media/',
  '/api/site-header-footer',
  '/api/commondata/',
  '/api/widget/',
];

/** Admin-prefixed routes that need no capability, and why. */
const PUBLIC_ADMIN_ROUTES = [
  // Signing in and out, and the first visit's owner: before anyone has a role.
  'GET /api/config/session',
  'POST /api/config/session',
  'DELETE /api/config/session',
  'POST /api/config/owner',
  // The second step of a sign-in: its waiting-sign-in cookie, not a session, names who.
  'POST /api/config/session/second-factor',
  // The invited person, by the link's secret: not a member yet.
  'POST /api/config/invitation',
  'POST /api/config/invitation/accept',
];

const ROLES = Object.values(Role);
const ID = '00000000-0000-4000-8000-000000000000';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const nameOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe(`every admin route × every role (${testDialect})`, () => {
  let t: TestApp;
  let websiteId: string;
  let routes: (RouteCapability & { capability: Capability })[];
  let signedOut: EditorClient;
  const members = new Map<Role, EditorClient>();

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await ownerClient(t);
    websiteId = (await owner.call('GET', '/api/config/session')).json().websiteId;
    members.set(Role.admin, owner);
    for (const role of ROLES.filter((r) => r !== Role.admin)) {
      members.set(role, await memberClient(t, owner, { email: `role${role}@example.com`, role }));
    }
    signedOut = await editorClient(t);
    routes = t.app.routeCapabilities.filter(
      (route): route is RouteCapability & { capability: Capability } =>
        route.capability !== undefined && route.method !== 'HEAD',
    );
  }, 120_000);
  afterAll(() => t.close());

  const urlOf = (url: string) =>
    url
      .replace(':websiteId', websiteId)
      .replace(':namespace', 'inventory')
      .replace(/:[A-Za-z]+/g, ID);

  async function call(client: EditorClient, route: RouteCapability) {
    const isWrite = !SAFE.has(route.method);
    const response = await client.call(
      route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      urlOf(route.url),
      isWrite ? {} : undefined,
    );
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const code: string | undefined = isJson ? response.json().code : undefined;
    return { status: response.statusCode, code };
  }

  it('finds a capability on every admin route, and only catalogued ones', () => {
    const admin = t.app.routeCapabilities.filter(
      (route) =>
        route.method !== 'HEAD' && ADMIN_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
    );
    expect(admin.length).toBeGreaterThan(120);
    const unguarded = admin.filter((route) => route.capability === undefined).map(nameOf);
    expect(unguarded.sort()).toEqual([...PUBLIC_ADMIN_ROUTES].sort());
    for (const route of routes) expect(ALL_CAPABILITIES).toContain(route.capability);
  });

  it('asks for every capability that has a screen somewhere', () => {
    const used = new Set(routes.map((route) => route.capability));
    // site.private guards the storefront's private pages, not an API route; planned ones
    // belong to features not built yet.
    const expected = ALL_CAPABILITIES.filter(
      (capability) => capability !== 'site.private' && !isPlannedCapability(capability),
    );
    expect([...used].sort()).toEqual(expected.sort());
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const { status, code } = await call(signedOut, route);
      if (status !== 401 || code !== 'SIGN_IN_REQUIRED') wrong.push(`${nameOf(route)}: ${status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it.each(ROLES.map((role) => [ROLE_LABELS[role], role] as const))(
    'lets a %s member through exactly where the matrix says',
    async (_label, role) => {
      const client = members.get(role);
      if (!client) throw new Error(`no member for role ${role}`);
      const wrong: string[] = [];
      for (const route of routes) {
        const { status, code } = await call(client, route);
        const isAllowed = can(role, route.capability);
        const isRefused = status === 403 && code === 'ROLE_FORBIDDEN';
        if (isAllowed && (isRefused || status === 401 || status >= 500)) {
          wrong.push(`${nameOf(route)} (${route.capability}): ${status} ${code ?? ''}`);
        }
        if (!isAllowed && !isRefused) {
          wrong.push(`${nameOf(route)} (${route.capability}) let through: ${status}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );

  it('lets a viewer write nothing and "none" do nothing at all', async () => {
    const viewer = members.get(Role.viewer);
    const none = members.get(Role.none);
    if (!viewer || !none) throw new Error('members missing');
    const viewerWrites: string[] = [];
    const noneReads: string[] = [];
    // One's own sign-in (account.self: password, second factor) is not the site's.
    for (const route of routes.filter((r) => r.capability !== 'account.self')) {
      if (!SAFE.has(route.method)) {
        const { status, code } = await call(viewer, route);
        if (status !== 403 || code !== 'ROLE_FORBIDDEN') viewerWrites.push(nameOf(route));
      }
      const { status } = await call(none, route);
      if (status !== 403) noneReads.push(nameOf(route));
    }
    expect(viewerWrites).toEqual([]);
    expect(noneReads).toEqual([]);
  }, 120_000);

  it('keeps the members screen and the API keys to administrators', () => {
    const adminOnly = routes.filter(
      (route) => route.capability === 'members.manage' || route.capability === 'api-keys.manage',
    );
    expect(adminOnly.map(nameOf)).toEqual(
      expect.arrayContaining([
        'GET /api/config/members',
        'PATCH /api/config/members/:memberId',
        'DELETE /api/config/members/:memberId',
        'POST /api/config/members/invitations',
        'POST /api/api-keys',
      ]),
    );
    for (const role of ROLES) expect(can(role, 'members.manage')).toBe(role === Role.admin);
  });
});

describe('docs/PERMISSIONS.md', () => {
  it('shows the matrix as core has it, row for row', async () => {
    const doc = await readFile(
      new URL('../../../../../docs/PERMISSIONS.md', import.meta.url),
      'utf8',
    );
    for (const capability of ALL_CAPABILITIES) {
      const row = `| \`${capability}\`${isPlannedCapability(capability) ? ' *' : ''} | ${ROLE_ORDER.map(
        (role) => (can(role, capability) ? '✓' : '·'),
      ).join(' | ')} |`;
      expect(doc).toContain(row);
    }
  });
});

describe(`a draft editor's line (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let draftEditor: EditorClient;
  let editor: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    draftEditor = await memberClient(t, owner, {
      email: 'drafts@example.com',
      role: Role.draftEditor,
    });
    editor = await memberClient(t, owner, { email: 'editor@example.com', role: Role.editor });
  }, 60_000);
  afterAll(() => t.close());

  const refusedToPublish = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'ROLE_FORBIDDEN',
      error: editorApiMessages.publishForbidden,
    });
  };

  it('adds a page and edits its draft, then hands it over for review', async () => {
    const page = await draftEditor.call('POST', '/api/config/pages', { title: 'Spring Notes' });
    expect(page.statusCode, page.body).toBe(201);
    const { id, draftRevision } = page.json();
    const saved = await draftEditor.call('PUT', `/api/config/pages/${id}/draft`, {
      blocks: [],
      baseRevision: draftRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const renamed = await draftEditor.call('PATCH', `/api/config/pages/${id}`, {
      title: 'Spring notes',
      status: 'needs-review',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().status).toBe('needs-review');
  });

  it('cannot publish, schedule, make a page public or private, or add a folder', async () => {
    const page = (
      await draftEditor.call('POST', '/api/config/pages', { title: 'Unpublished' })
    ).json();
    const publish = await draftEditor.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: page.draftRevision,
    });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().code).toBe('ROLE_FORBIDDEN');
    const schedule = await draftEditor.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: page.draftRevision,
      at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(schedule.statusCode).toBe(403);
    refusedToPublish(
      await draftEditor.call('PATCH', `/api/config/pages/${page.id}`, { status: 'published' }),
    );
    refusedToPublish(
      await draftEditor.call('PATCH', `/api/config/pages/${page.id}`, { status: 'private' }),
    );
    refusedToPublish(
      await draftEditor.call('POST', '/api/config/pages', { title: 'Lookbook', kind: 'folder' }),
    );
    const still = await owner.call('GET', `/api/config/pages/${page.id}`);
    expect(still.json().status).toBe('draft');
  });

  it('cannot change or delete a live page, which an editor can', async () => {
    const created = (await editor.call('POST', '/api/config/pages', { title: 'Live Page' })).json();
    const published = await editor.call('POST', `/api/config/pages/${created.id}/publish`, {
      baseRevision: created.draftRevision,
    });
    expect(published.statusCode, published.body).toBe(200);
    refusedToPublish(
      await draftEditor.call('PATCH', `/api/config/pages/${created.id}`, { title: 'Renamed' }),
    );
    refusedToPublish(
      await draftEditor.call('PATCH', `/api/config/pages/${created.id}`, { status: 'draft' }),
    );
    refusedToPublish(await draftEditor.call('DELETE', `/api/config/pages/${created.id}`));
    // Editing the live page's draft is still draft work: visitors see nothing of it.
    const draft = await draftEditor.call('PUT', `/api/config/pages/${created.id}/draft`, {
      blocks: [],
      baseRevision: published.json().draftRevision,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const live = await t.app.inject({ url: '/live-page', headers: { host: 'localhost' } });
    expect(live.statusCode).toBe(200);
    expect((await editor.call('DELETE', `/api/config/pages/${created.id}`)).statusCode).toBe(204);
  });

  it('may delete a page nobody sees yet, and upload but not delete files', async () => {
    const page = (await draftEditor.call('POST', '/api/config/pages', { title: 'Scrap' })).json();
    expect((await draftEditor.call('DELETE', `/api/config/pages/${page.id}`)).statusCode).toBe(204);
    const removeFile = await draftEditor.call('DELETE', `/api/config/media/${ID}`);
    expect(removeFile.statusCode).toBe(403);
  });

  it('is told at sign-in what it may do', async () => {
    const session = (await draftEditor.call('GET', '/api/config/session')).json();
    expect(session.capabilities).toContain('pages.edit');
    expect(session.capabilities).not.toContain('pages.publish');
  });
});
