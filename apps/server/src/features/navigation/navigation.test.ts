import { editorMessages, memberAreaMessages, navigationMessages, Role } from '@atelier/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import {
  type EditorClient,
  editorClient,
  memberClient,
  ownerClient,
} from '../auth/editor-client.ts';

type Link = {
  collectionId?: string;
  externalLink?: string;
  kind: string;
  title: string;
  fullUrl: string;
  folderBehavior?: string;
  children: Link[];
};
type Layout = { layout: { identifier: string; links: Link[] }[] };

const titles = (links: Link[]): unknown[] =>
  links.map((l) => (l.children.length ? [l.title, titles(l.children)] : l.title));

/** The header menu of a public page, as text: top-level entries in order. */
function menuOf(html: string): string {
  const nav = html.match(/<nav aria-label="Main">([\s\S]*?)<\/nav>/)?.[1] ?? '';
  return nav
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe(`navigation: UpdateNavigation and GetSiteLayout (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
  });
  afterAll(() => t.close());

  const layout = async (): Promise<Layout> => {
    const response = await owner.call('GET', '/api/commondata/GetSiteLayout');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const update = (fieldName: string, items: unknown[]) =>
    owner.call('POST', '/api/widget/UpdateNavigation', {
      fieldName,
      templateId: 'atelier',
      navigation: { items },
    });
  const home = () => t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  async function addPage(body: Record<string, unknown>) {
    const response = await owner.call('POST', '/api/config/pages', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; urlSlug: string; draftRevision: number };
  }
  async function publish(page: { id: string; draftRevision: number }) {
    const response = await owner.call('POST', `/api/config/pages/${page.id}/publish`, {
      baseRevision: page.draftRevision,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('answers the main navigation first and the hidden one second', async () => {
    const { layout: navigations } = await layout();
    expect(navigations.map((n) => n.identifier)).toEqual(['mainNavigation', '_hidden']);
    const main = navigations[0]?.links ?? [];
    expect(main.length).toBeGreaterThan(0);
    // Every page is in one of the two: the home page too.
    const all = navigations.flatMap((n) => n.links);
    expect(all.some((l) => l.fullUrl === '/')).toBe(true);
  });

  it('reorders the main navigation and the public menu follows at once', async () => {
    const before = await home();
    expect(before.statusCode).toBe(200);
    const main = (await layout()).layout[0]?.links ?? [];
    const reversed = [...main].reverse();
    const response = await update(
      'mainNavigation',
      reversed.map((l) =>
        l.collectionId ? { collectionId: l.collectionId } : { externalLink: l.externalLink },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved: Layout = response.json();
    expect(saved.layout[0]?.links.map((l) => l.title)).toEqual(reversed.map((l) => l.title));
    // The cached home page is not served with the old menu.
    const menu = menuOf((await home()).body);
    const positions = reversed.map((l) => menu.indexOf(l.title));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('nests pages in a folder, shown on the public site as a disclosure menu', async () => {
    const folder = await addPage({ title: 'Studio', kind: 'folder', folderBehavior: 'index' });
    const process = await addPage({ title: 'Our Process' });
    await publish(process);
    const makers = await addPage({ title: 'The Makers' });
    await publish(makers);
    const main = (await layout()).layout[0]?.links ?? [];
    const others = main.filter(
      (l) => ![folder.id, process.id, makers.id].includes(l.collectionId ?? ''),
    );
    const response = await update('mainNavigation', [
      ...others.map((l) => ({ collectionId: l.collectionId })),
      {
        collectionId: folder.id,
        children: [{ collectionId: makers.id }, { collectionId: process.id, title: 'How we work' }],
      },
      { externalLink: 'https://example.com/journal', title: 'Journal' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved: Layout = response.json();
    const savedFolder = saved.layout[0]?.links.find((l) => l.collectionId === folder.id);
    expect(savedFolder).toMatchObject({ kind: 'folder', folderBehavior: 'index' });
    expect(titles(savedFolder?.children ?? [])).toEqual(['The Makers', 'How we work']);
    expect(saved.layout[0]?.links.at(-1)).toMatchObject({
      kind: 'link',
      title: 'Journal',
      fullUrl: 'https://example.com/journal',
    });

    const html = (await home()).body;
    // index: the folder's link goes to its first child; its pages are in a <details> menu.
    expect(html).toMatch(
      /<li class="nav-folder"><a href="\/the-makers"[^>]*>Studio<\/a><details class="nav-folder__menu"><summary>/,
    );
    expect(html).toMatch(/<ul class="nav-folder__list" aria-label="Studio">.*How we work.*<\/ul>/s);
    expect(html).toContain('href="https://example.com/journal"');

    // none: the folder only opens its menu; redirect: it links to its own page.
    await owner.call('PATCH', `/api/config/pages/${folder.id}`, { folderBehavior: 'none' });
    expect((await home()).body).toMatch(
      /<li class="nav-folder"><details class="nav-folder__menu"><summary>Studio<\/summary>/,
    );
    await owner.call('PATCH', `/api/config/pages/${folder.id}`, { folderBehavior: 'redirect' });
    expect((await home()).body).toContain(`<a href="/${folder.urlSlug}">Studio</a>`);
  });

  it('keeps a hidden page reachable by its URL but out of the menu', async () => {
    const page = await addPage({ title: 'Press Kit' });
    await publish(page);
    expect(menuOf((await home()).body)).toContain('Press Kit');
    const main = (await layout()).layout[0]?.links ?? [];
    const response = await update(
      'mainNavigation',
      main
        .filter((l) => l.collectionId !== page.id)
        .map((l) =>
          l.collectionId
            ? {
                collectionId: l.collectionId,
                children: l.children.map((c) => ({ collectionId: c.collectionId })),
              }
            : { externalLink: l.externalLink, title: l.title },
        ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved: Layout = response.json();
    expect(saved.layout[1]?.links.some((l) => l.collectionId === page.id)).toBe(true);
    expect(menuOf((await home()).body)).not.toContain('Press Kit');
    const direct = await t.app.inject({
      method: 'GET',
      url: `/${page.urlSlug}`,
      headers: { accept: 'text/html' },
    });
    expect(direct.statusCode).toBe(200);

    // Back into the main navigation by saving the hidden one without it.
    const hidden = saved.layout[1]?.links ?? [];
    const back = await update(
      'mainNavigation',
      [...(saved.layout[0]?.links ?? []), { collectionId: page.id, kind: 'page' }].map((l) =>
        'externalLink' in l && l.externalLink
          ? { externalLink: l.externalLink, title: l.title }
          : {
              collectionId: l.collectionId,
              children: ('children' in l ? l.children : []).map((c) => ({
                collectionId: c.collectionId,
              })),
            },
      ),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(hidden.length).toBeGreaterThan(0);
    expect(menuOf((await home()).body)).toContain('Press Kit');
  });

  it('refuses bad ids, nesting under a page, folders in folders and unsafe links with a 400', async () => {
    const page = await addPage({ title: 'Plain Page' });
    const folderA = await addPage({ title: 'Folder A', kind: 'folder' });
    const folderB = await addPage({ title: 'Folder B', kind: 'folder' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [unknown[], string][] = [
      [[{ collectionId: unknown }], navigationMessages.unknownId(unknown)],
      [
        [{ collectionId: page.id, children: [{ collectionId: folderA.id }] }],
        navigationMessages.onlyFoldersNest('Plain Page'),
      ],
      [
        [{ collectionId: folderA.id, children: [{ collectionId: folderB.id }] }],
        navigationMessages.folderInFolder('Folder B'),
      ],
      [
        [{ collectionId: page.id }, { collectionId: page.id }],
        navigationMessages.listedTwice('Plain Page'),
      ],
      [[{ externalLink: 'javascript:alert(1)' }], navigationMessages.linkFormat],
      [[{ title: 'Nothing' }], navigationMessages.oneTarget],
      [[{ memberAreaId: 'members' }], memberAreaMessages.navigationUnknownArea('members')],
    ];
    const before = await layout();
    for (const [items, message] of cases) {
      const response = await update('mainNavigation', items);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const wrongName = await update('sideNavigation', []);
    expect(wrongName.statusCode).toBe(400);
    // Nothing was written by any refused call.
    expect(await layout()).toEqual(before);
  });

  it('moves a deleted folder’s pages up to the top level', async () => {
    const folder = await addPage({ title: 'Archive', kind: 'folder' });
    const child = await addPage({ title: 'Old News' });
    const main = (await layout()).layout[0]?.links ?? [];
    await update('mainNavigation', [
      ...main
        .filter(
          (l) => l.kind !== 'link' && l.collectionId !== folder.id && l.collectionId !== child.id,
        )
        .map((l) => ({ collectionId: l.collectionId })),
      { collectionId: folder.id, children: [{ collectionId: child.id }] },
    ]);
    const deleted = await owner.call('DELETE', `/api/config/pages/${folder.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = (await layout()).layout[0]?.links ?? [];
    expect(after.some((l) => l.collectionId === child.id)).toBe(true);
  });

  it('sends a folder’s own address to its first page, and shows SEO title and social image', async () => {
    const folder = await addPage({ title: 'Workshop', kind: 'folder', folderBehavior: 'index' });
    const first = await addPage({ title: 'Classes' });
    await publish(first);
    const main = (await layout()).layout[0]?.links ?? [];
    const kept = main.filter((l) => l.kind !== 'link' && l.collectionId !== first.id);
    const saved = await update(
      'mainNavigation',
      [
        ...kept.map((l) => ({
          collectionId: l.collectionId,
          children: l.children.map((c) => ({ collectionId: c.collectionId })),
        })),
      ].map((item) =>
        item.collectionId === folder.id
          ? { collectionId: folder.id, children: [{ collectionId: first.id }] }
          : item,
      ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const visit = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const toFirst = await visit(`/${folder.urlSlug}`);
    expect(toFirst.statusCode).toBe(302);
    expect(toFirst.headers.location).toBe('/classes');
    await owner.call('PATCH', `/api/config/pages/${folder.id}`, { folderBehavior: 'none' });
    expect((await visit(`/${folder.urlSlug}`)).statusCode).toBe(404);

    const { mediaStore } = t.app.services;
    const image = await mediaStore.saveImage({
      websiteId: (await t.app.services.websites.resolveByHost('localhost'))?.id ?? '',
      bytes: await sharp({
        create: { width: 200, height: 120, channels: 3, background: '#204060' },
      })
        .png()
        .toBuffer(),
      filename: 'share.png',
      altText: '',
    });
    const settings = await owner.call('PATCH', `/api/config/pages/${first.id}`, {
      seoTitle: 'Weaving classes for beginners',
      socialImageId: image.media_id,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ socialImageId: image.media_id });
    const html = (await visit('/classes')).body;
    expect(html).toContain('<title>Weaving classes for beginners');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${image.media_id}`));
    const missing = await owner.call('PATCH', `/api/config/pages/${first.id}`, {
      socialImageId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(400);
  });

  it('needs a signed-in member with editing rights and the CSRF crumb', async () => {
    const stranger = await editorClient(t);
    expect((await stranger.call('GET', '/api/commondata/GetSiteLayout')).statusCode).toBe(401);
    const noCrumb = await owner.call(
      'POST',
      '/api/widget/UpdateNavigation',
      { fieldName: 'mainNavigation', navigation: { items: [] } },
      { 'x-csrf-token': 'wrong' },
    );
    expect(noCrumb.statusCode).toBe(403);

    const editor = await memberClient(t, owner, { email: 'editor@example.com', role: Role.editor });
    expect((await editor.call('GET', '/api/commondata/GetSiteLayout')).statusCode).toBe(200);
  });

  it('names the message for a layout without a main navigation', () => {
    expect(editorMessages.mainNavigationNotFound).toBe('Unable to find site main navigation');
  });
});
