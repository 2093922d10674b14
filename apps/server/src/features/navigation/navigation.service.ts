import {
  HIDDEN_NAVIGATION,
  MAIN_NAVIGATION,
  type MenuAudience,
  type NavigationItemInput,
  type NavigationLink,
  type NavigationName,
  PUBLIC_MENU,
  type PublicNavigationItem,
  type SiteLayout,
  type UpdateNavigation,
} from '@atelier/contract';
import { memberAreaMessages, navigationMessages } from '@atelier/core';
import { fail } from '../../http/errors.ts';
import { pageAudience } from '../content/content.service.ts';
import type {
  NavigationCollectionRow,
  NavigationLinkRow,
  NavigationPageRow,
  NavigationPlan,
  NavigationRepo,
  Placement,
} from './navigation.repo.ts';

// The site's two navigations (SPEC §4, §9): the main one is the header menu, '_hidden'
// holds everything else (reachable by URL, never in a menu). Every page and collection is
// in exactly one of them. Folders hold pages one level below them.

export type NavigationService = ReturnType<typeof createNavigationService>;

type Stored = {
  pages: NavigationPageRow[];
  collections: NavigationCollectionRow[];
  links: NavigationLinkRow[];
  memberAreaIds: ReadonlySet<string>;
};

const nameOf = (name: NavigationName): 'main' | '_hidden' =>
  name === MAIN_NAVIGATION ? 'main' : '_hidden';
const hrefOf = (slug: string) => (slug === '' ? '/' : `/${slug}`);

/** http(s), mailto and tel addresses; anything else (javascript:, data:) is refused. */
function checkExternalLink(raw: string): string {
  try {
    const url = new URL(raw);
    if (['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol)) return url.href;
  } catch {
    // not a URL at all: the same answer as a refused scheme
  }
  throw fail('LINK_INVALID', navigationMessages.linkFormat, {
    externalLink: navigationMessages.linkFormat,
  });
}

/**
 * Turns an UpdateNavigation payload into placements for every row it moves. Pure: reads
 * only what was loaded, so the whole check happens before anything is written.
 */
export function planNavigation(stored: Stored, input: UpdateNavigation): NavigationPlan {
  const target = nameOf(input.fieldName);
  const isMain = target === 'main';
  const pages = new Map(stored.pages.map((p) => [p.id, p]));
  const collections = new Map(stored.collections.map((c) => [c.id, c]));
  const seen = new Set<string>();
  const plan: NavigationPlan = {
    pages: [],
    collections: [],
    linkNavigation: target,
    links: [],
    memberAreas: [],
  };
  // Member areas (issue 23): an item with memberAreaId is the area's group, whose
  // children (pages and folders) are its contents. They sit in the menu where the group
  // is, at the top level; an area named here loses the pages no longer listed under it.
  const namedAreas = new Set<string>();
  const listedInArea = new Set<string>();

  const place = (
    items: NavigationItemInput[],
    parent: NavigationPageRow | null,
    area: string | null,
    counter: { next: number },
  ) => {
    for (const item of items) {
      const targets = [item.collectionId, item.externalLink, item.memberAreaId].filter(
        (value) => value !== undefined,
      );
      if (targets.length !== 1) throw fail('NAVIGATION_INVALID', navigationMessages.oneTarget);
      if (item.memberAreaId !== undefined) {
        if (parent || area) {
          throw fail('NAVIGATION_INVALID', memberAreaMessages.navigationNested);
        }
        if (!stored.memberAreaIds.has(item.memberAreaId)) {
          const message = memberAreaMessages.navigationUnknownArea(item.memberAreaId);
          throw fail('NAVIGATION_INVALID', message, { memberAreaId: message });
        }
        namedAreas.add(item.memberAreaId);
        place(item.children ?? [], null, item.memberAreaId, counter);
        continue;
      }
      const index = counter.next++;
      const parentId = parent?.id ?? null;
      if (item.externalLink !== undefined) {
        const url = checkExternalLink(item.externalLink);
        if (area) throw fail('NAVIGATION_INVALID', memberAreaMessages.navigationOnlyPages);
        if (item.children?.length)
          throw fail('NAVIGATION_INVALID', navigationMessages.onlyFoldersNest(url));
        plan.links.push({ title: item.title?.trim() || url, url, parentId, index });
        continue;
      }
      const id = item.collectionId as string;
      const page = pages.get(id);
      const collection = collections.get(id);
      if (!page && !collection) {
        throw fail('NAVIGATION_INVALID', navigationMessages.unknownId(id), {
          collectionId: navigationMessages.unknownId(id),
        });
      }
      if (area && !page) throw fail('NAVIGATION_INVALID', memberAreaMessages.navigationOnlyPages);
      const title = page?.title ?? collection?.title ?? id;
      if (seen.has(id)) throw fail('NAVIGATION_INVALID', navigationMessages.listedTwice(title));
      seen.add(id);
      const isFolder = page?.kind === 'folder';
      if (isFolder && parent)
        throw fail('NAVIGATION_INVALID', navigationMessages.folderInFolder(title));
      if (item.children?.length && !isFolder) {
        throw fail('NAVIGATION_INVALID', navigationMessages.onlyFoldersNest(title));
      }
      const placement: Placement = {
        id,
        isInNavigation: isMain,
        parentId,
        index,
        ...(item.title !== undefined && { navigationTitle: item.title.trim() }),
      };
      (page ? plan.pages : plan.collections).push(placement);
      if (page && area) {
        listedInArea.add(id);
        if (page.memberAreaId !== area) plan.memberAreas.push({ pageId: id, memberAreaId: area });
      }
      if (page && isFolder) place(item.children ?? [], page, null, { next: 0 });
    }
  };
  place(input.navigation.items, null, null, { next: 0 });
  for (const row of stored.pages) {
    if (row.memberAreaId && namedAreas.has(row.memberAreaId) && !listedInArea.has(row.id)) {
      plan.memberAreas.push({ pageId: row.id, memberAreaId: null });
    }
  }

  // Whatever was in this navigation and is no longer listed goes to the end of the hidden
  // one: every page stays reachable by its URL, it just leaves the menu.
  const inTarget = (row: { isInNavigation: boolean }) => row.isInNavigation === isMain;
  const hiddenEnd =
    1 +
    Math.max(
      -1,
      ...[...stored.pages, ...stored.collections]
        .filter((row) => !row.isInNavigation && !seen.has(row.id))
        .map((row) => row.index),
      ...plan.pages
        .concat(plan.collections)
        .filter((p) => !p.isInNavigation && p.parentId === null)
        .map((p) => p.index),
    );
  let next = hiddenEnd;
  const unlisted = <
    T extends { id: string; isInNavigation: boolean; parentId: string | null; index: number },
  >(
    rows: T[],
    into: Placement[],
  ) => {
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      if (inTarget(row)) {
        into.push({ id: row.id, isInNavigation: false, parentId: null, index: next++ });
      } else if (row.parentId !== null && seen.has(row.parentId)) {
        // Its folder moved to the other navigation without it: it stays, at the top level.
        into.push({
          id: row.id,
          isInNavigation: row.isInNavigation,
          parentId: null,
          index: row.index,
        });
      }
    }
  };
  unlisted(stored.pages, plan.pages);
  unlisted(stored.collections, plan.collections);
  return plan;
}

type Entry =
  | { type: 'page'; row: NavigationPageRow }
  | { type: 'collection'; row: NavigationCollectionRow }
  | { type: 'link'; row: NavigationLinkRow };

const titleOf = (entry: Entry) =>
  entry.type === 'link' ? entry.row.title : entry.row.navigationTitle || entry.row.title;

/** Entries of one navigation, top level first, each level in menu order. */
function entriesOf(stored: Stored, navigation: 'main' | '_hidden') {
  const isMain = navigation === 'main';
  const entries: Entry[] = [
    ...stored.pages
      .filter((row) => row.isInNavigation === isMain)
      .map((row): Entry => ({ type: 'page', row })),
    ...stored.collections
      .filter((row) => row.isInNavigation === isMain)
      .map((row): Entry => ({ type: 'collection', row })),
    ...stored.links
      .filter((row) => row.navigation === navigation)
      .map((row): Entry => ({ type: 'link', row })),
  ];
  const folders = new Set(
    entries.flatMap((e) => (e.type === 'page' && e.row.kind === 'folder' ? [e.row.id] : [])),
  );
  const byOrder = (a: Entry, b: Entry) =>
    a.row.index - b.row.index || titleOf(a).localeCompare(titleOf(b));
  // A row whose folder is not in the same navigation shows at the top level.
  const parentOf = (e: Entry) =>
    e.row.parentId !== null && folders.has(e.row.parentId) ? e.row.parentId : null;
  const childrenOf = (parentId: string | null) =>
    entries.filter((e) => parentOf(e) === parentId).sort(byOrder);
  return childrenOf;
}

export function createNavigationService(deps: {
  navigationRepo: NavigationRepo;
  /** Called after the navigation changes: every public page shows the menu. */
  onPublicChange?: (websiteId: string) => void;
  now?: () => Date;
}) {
  const { navigationRepo: repo } = deps;
  const now = deps.now ?? (() => new Date());

  function editorLinks(stored: Stored, navigation: 'main' | '_hidden'): NavigationLink[] {
    const childrenOf = entriesOf(stored, navigation);
    const toLink = (entry: Entry): NavigationLink => {
      switch (entry.type) {
        case 'link':
          return {
            externalLink: entry.row.url,
            kind: 'link',
            title: entry.row.title,
            fullUrl: entry.row.url,
            isHomePage: false,
            children: [],
          };
        case 'collection':
          return {
            collectionId: entry.row.id,
            kind: 'collection',
            title: titleOf(entry),
            fullUrl: hrefOf(entry.row.urlSlug),
            status: entry.row.isEnabled ? 'published' : 'disabled',
            isHomePage: false,
            children: [],
          };
        case 'page':
          return {
            collectionId: entry.row.id,
            kind: entry.row.kind,
            title: titleOf(entry),
            fullUrl: hrefOf(entry.row.urlSlug),
            ...(entry.row.folderBehavior && { folderBehavior: entry.row.folderBehavior }),
            status: entry.row.status,
            isHomePage: entry.row.urlSlug === '',
            ...(entry.row.memberAreaId && { memberAreaId: entry.row.memberAreaId }),
            children: entry.row.kind === 'folder' ? childrenOf(entry.row.id).map(toLink) : [],
          };
      }
    };
    return childrenOf(null).map(toLink);
  }

  async function getSiteLayout(websiteId: string): Promise<SiteLayout> {
    const stored = await repo.load(websiteId);
    return {
      layout: [
        { identifier: MAIN_NAVIGATION, links: editorLinks(stored, 'main') },
        { identifier: HIDDEN_NAVIGATION, links: editorLinks(stored, '_hidden') },
      ],
    };
  }

  return {
    getSiteLayout,

    async update(websiteId: string, input: UpdateNavigation): Promise<SiteLayout> {
      const plan = planNavigation(await repo.load(websiteId), input);
      await repo.apply(websiteId, plan);
      deps.onPublicChange?.(websiteId);
      return getSiteLayout(websiteId);
    },

    /**
     * The header menu: the main navigation's public pages, enabled collections and links.
     * A folder links to its first child (index), its own page (redirect) or nowhere
     * (none); a folder with nothing public in it is left out. Private pages are never
     * listed, since the menu is part of pages cached for everyone. A page, folder or
     * collection in a member area (its own, or its folder's) is listed only for an
     * audience let into that area (issue 23): the public's menu has none of them.
     */
    async getPublicNavigation(
      websiteId: string,
      audience: MenuAudience = PUBLIC_MENU,
    ): Promise<PublicNavigationItem[]> {
      const stored = await repo.load(websiteId);
      const childrenOf = entriesOf(stored, 'main');
      const at = now();
      const folderAreas = new Map(stored.pages.map((p) => [p.id, p.memberAreaId]));
      /** The area guarding a row: its own, else its folder's (as the member gate reads it). */
      const areaOf = (row: { parentId: string | null; memberAreaId?: string | null }) =>
        row.memberAreaId ?? (row.parentId ? (folderAreas.get(row.parentId) ?? null) : null);
      const isListed = (row: { parentId: string | null; memberAreaId?: string | null }) => {
        const area = areaOf(row);
        return area === null || audience === 'all' || audience.has(area);
      };
      const toItem = (entry: Entry): PublicNavigationItem | null => {
        switch (entry.type) {
          case 'link':
            return { title: entry.row.title, href: entry.row.url, children: [] };
          case 'collection':
            return entry.row.isEnabled && isListed(entry.row)
              ? { title: titleOf(entry), href: hrefOf(entry.row.urlSlug), children: [] }
              : null;
          case 'page': {
            const row = entry.row;
            const isPublic =
              pageAudience({ status: row.status, publish_at: row.publishAt }, at) === 'everyone';
            if (!isPublic || !isListed(row)) return null;
            if (row.kind !== 'folder') {
              return { title: titleOf(entry), href: hrefOf(row.urlSlug), children: [] };
            }
            const children = childrenOf(row.id)
              .map(toItem)
              .filter((item): item is PublicNavigationItem => item !== null);
            const behavior = row.folderBehavior ?? 'index';
            if (behavior === 'redirect') {
              return { title: titleOf(entry), href: hrefOf(row.urlSlug), children };
            }
            if (children.length === 0) return null;
            const href = behavior === 'index' ? (children[0]?.href ?? null) : null;
            return { title: titleOf(entry), href, children };
          }
        }
      };
      return childrenOf(null)
        .map(toItem)
        .filter((item): item is PublicNavigationItem => item !== null);
    },
  };
}
