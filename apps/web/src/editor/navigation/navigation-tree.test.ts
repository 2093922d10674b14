import type { NavigationLink } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import {
  foldersFor,
  type NavTree,
  navigationReducer,
  toItems,
  treeFromLayout,
} from './navigation-tree.ts';

const page = (id: string, title = id): NavigationLink => ({
  collectionId: id,
  kind: 'page',
  title,
  fullUrl: `/${id}`,
  isHomePage: false,
  children: [],
});
const folder = (id: string, children: NavigationLink[] = []): NavigationLink => ({
  ...page(id),
  kind: 'folder',
  folderBehavior: 'index',
  children,
});

const start = (): NavTree =>
  treeFromLayout([
    {
      identifier: 'mainNavigation',
      links: [page('home'), folder('studio', [page('makers')]), page('shop')],
    },
    { identifier: '_hidden', links: [page('press')] },
  ]);
const keys = (tree: NavTree) => ({
  main: tree.main.map((n) => (n.children.length ? [n.key, n.children.map((c) => c.key)] : n.key)),
  hidden: tree.hidden.map((n) => n.key),
});

describe('the Pages panel navigation reducer', () => {
  it('moves an item up and down among its siblings, and not past the ends', () => {
    const up = navigationReducer(start(), { type: 'move', key: 'shop', by: -1 });
    expect(keys(up).main).toEqual(['home', 'shop', ['studio', ['makers']]]);
    const top = navigationReducer(start(), { type: 'move', key: 'home', by: -1 });
    expect(keys(top)).toEqual(keys(start()));
  });

  it('reorders by drag and drop onto another item', () => {
    const dropped = navigationReducer(start(), { type: 'reorder', key: 'shop', overKey: 'home' });
    expect(keys(dropped).main).toEqual(['shop', 'home', ['studio', ['makers']]]);
  });

  it('nests a page in a folder and takes it out again, but never a folder in a folder', () => {
    const nested = navigationReducer(start(), {
      type: 'moveIntoFolder',
      key: 'shop',
      folderKey: 'studio',
    });
    expect(keys(nested).main).toEqual(['home', ['studio', ['makers', 'shop']]]);
    const out = navigationReducer(nested, {
      type: 'moveIntoFolder',
      key: 'makers',
      folderKey: null,
    });
    expect(keys(out).main).toEqual(['home', ['studio', ['shop']], 'makers']);
    const withTwo = treeFromLayout([
      { identifier: 'mainNavigation', links: [folder('a'), folder('b')] },
      { identifier: '_hidden', links: [] },
    ]);
    expect(navigationReducer(withTwo, { type: 'moveIntoFolder', key: 'b', folderKey: 'a' })).toBe(
      withTwo,
    );
    expect(foldersFor(start(), 'home').map((n) => n.key)).toEqual(['studio']);
  });

  it('moves pages between the main navigation and Not Linked', () => {
    const hidden = navigationReducer(start(), {
      type: 'moveToList',
      key: 'makers',
      list: 'hidden',
    });
    expect(keys(hidden)).toEqual({ main: ['home', 'studio', 'shop'], hidden: ['press', 'makers'] });
    const shown = navigationReducer(hidden, { type: 'moveToList', key: 'press', list: 'main' });
    expect(keys(shown).main).toEqual(['home', 'studio', 'shop', 'press']);
  });

  it('adds a link to another site at the end of the main navigation, once', () => {
    const action = {
      type: 'addLink',
      key: 'link:https://example.com/journal',
      title: 'Journal',
      url: 'https://example.com/journal',
    } as const;
    const added = navigationReducer(start(), action);
    expect(toItems(added.main).at(-1)).toEqual({
      externalLink: 'https://example.com/journal',
      title: 'Journal',
    });
    expect(navigationReducer(added, action)).toBe(added);
  });

  it('keeps a removed folder’s pages in its place', () => {
    const removed = navigationReducer(start(), { type: 'remove', key: 'studio' });
    expect(keys(removed).main).toEqual(['home', 'makers', 'shop']);
  });

  it('writes UpdateNavigation items with nesting and external links', () => {
    const tree = start();
    tree.main.push({
      key: 'link:https://example.com',
      link: {
        externalLink: 'https://example.com',
        kind: 'link',
        title: 'Journal',
        fullUrl: 'https://example.com',
        isHomePage: false,
        children: [],
      },
      children: [],
    });
    expect(toItems(tree.main)).toEqual([
      { collectionId: 'home' },
      { collectionId: 'studio', children: [{ collectionId: 'makers' }] },
      { collectionId: 'shop' },
      { externalLink: 'https://example.com', title: 'Journal' },
    ]);
  });
});
