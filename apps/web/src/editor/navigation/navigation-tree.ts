import type {
  FolderBehavior,
  NavigationItemInput,
  NavigationLink,
  SiteLayout,
} from '@atelier/contract';

// The Pages panel's working copy of the two navigations, changed by small pure reducers
// (Puck's shape: (state, action) → state) and turned back into UpdateNavigation items.
// Nothing here touches the DOM or the network.

export type ListName = 'main' | 'hidden';

/** SPEC §3 folder behaviours in the owner's words. */
export const FOLDER_BEHAVIOR_LABELS: Record<FolderBehavior, string> = {
  index: 'Opens its first page',
  redirect: 'Opens its own page',
  none: 'Only opens its menu',
};
export type NavNode = { key: string; link: NavigationLink; children: NavNode[] };
export type NavTree = Record<ListName, NavNode[]>;

export const keyOf = (link: NavigationLink): string =>
  link.collectionId ?? `link:${link.externalLink ?? link.fullUrl}`;

const toNode = (link: NavigationLink): NavNode => ({
  key: keyOf(link),
  link,
  children: link.children.map(toNode),
});

export function treeFromLayout(layout: SiteLayout['layout']): NavTree {
  const find = (id: string) => layout.find((n) => n.identifier === id)?.links ?? [];
  return { main: find('mainNavigation').map(toNode), hidden: find('_hidden').map(toNode) };
}

export type NavAction =
  | { type: 'move'; key: string; by: -1 | 1 }
  /** Drag and drop: put `key` where `overKey` is, among the same siblings. */
  | { type: 'reorder'; key: string; overKey: string }
  | { type: 'moveToList'; key: string; list: ListName }
  /** Into a folder (at its end), or out to the top level of its list with null. */
  | { type: 'moveIntoFolder'; key: string; folderKey: string | null }
  | { type: 'rename'; key: string; title: string }
  /** A link to another site, at the end of the main navigation. */
  | { type: 'addLink'; key: string; title: string; url: string }
  | { type: 'remove'; key: string };

type Location = { list: ListName; siblings: NavNode[]; index: number; parent: NavNode | null };

export function locate(tree: NavTree, key: string): Location | undefined {
  for (const list of ['main', 'hidden'] as const) {
    const search = (siblings: NavNode[], parent: NavNode | null): Location | undefined => {
      const index = siblings.findIndex((n) => n.key === key);
      if (index >= 0) return { list, siblings, index, parent };
      for (const node of siblings) {
        const found = search(node.children, node);
        if (found) return found;
      }
      return undefined;
    };
    const found = search(tree[list], null);
    if (found) return found;
  }
  return undefined;
}

/** Deep enough copy: nodes are replaced, never mutated, so React sees every change. */
const clone = (tree: NavTree): NavTree => {
  const copy = (nodes: NavNode[]): NavNode[] =>
    nodes.map((n) => ({ ...n, children: copy(n.children) }));
  return { main: copy(tree.main), hidden: copy(tree.hidden) };
};

const detach = (tree: NavTree, key: string): NavNode | undefined => {
  const at = locate(tree, key);
  if (!at) return undefined;
  return at.siblings.splice(at.index, 1)[0];
};

export const isFolder = (node: NavNode) => node.link.kind === 'folder';

export function navigationReducer(state: NavTree, action: NavAction): NavTree {
  if (action.type === 'addLink') {
    if (locate(state, action.key)) return state;
    const link: NavigationLink = {
      externalLink: action.url,
      kind: 'link',
      title: action.title || action.url,
      fullUrl: action.url,
      isHomePage: false,
      children: [],
    };
    return { ...state, main: [...state.main, { key: action.key, link, children: [] }] };
  }
  const tree = clone(state);
  const at = locate(tree, action.key);
  if (!at) return state;
  const node = at.siblings[at.index] as NavNode;
  switch (action.type) {
    case 'move': {
      const to = at.index + action.by;
      if (to < 0 || to >= at.siblings.length) return state;
      at.siblings.splice(at.index, 1);
      at.siblings.splice(to, 0, node);
      return tree;
    }
    case 'reorder': {
      const to = at.siblings.findIndex((n) => n.key === action.overKey);
      if (to < 0 || to === at.index) return state;
      at.siblings.splice(at.index, 1);
      at.siblings.splice(to, 0, node);
      return tree;
    }
    case 'moveToList': {
      if (at.list === action.list && at.parent === null) return state;
      detach(tree, action.key);
      tree[action.list].push(node);
      return tree;
    }
    case 'moveIntoFolder': {
      if (action.folderKey === null) {
        if (at.parent === null) return state;
        detach(tree, action.key);
        const parentAt = locate(tree, at.parent.key);
        const siblings = parentAt ? parentAt.siblings : tree[at.list];
        siblings.splice(parentAt ? parentAt.index + 1 : siblings.length, 0, node);
        return tree;
      }
      // Folders hold pages one level deep: a folder never goes into another.
      if (isFolder(node) || action.folderKey === action.key) return state;
      const folderAt = locate(tree, action.folderKey);
      const folder = folderAt?.siblings[folderAt.index];
      if (!folder || !isFolder(folder) || folderAt.parent !== null) return state;
      detach(tree, action.key);
      folder.children.push(node);
      return tree;
    }
    case 'rename': {
      at.siblings[at.index] = { ...node, link: { ...node.link, title: action.title } };
      return tree;
    }
    case 'remove': {
      detach(tree, action.key);
      // A removed folder's pages stay, at the place it had (as the server does).
      const after = locate(tree, action.key);
      if (!after) {
        const siblings = at.parent ? locate(tree, at.parent.key) : undefined;
        const list = siblings
          ? (siblings.siblings[siblings.index] as NavNode).children
          : tree[at.list];
        list.splice(at.index, 0, ...node.children);
      }
      return tree;
    }
  }
}

/** The folders a node could move into: top-level folders of its own list. */
export function foldersFor(tree: NavTree, key: string): NavNode[] {
  const at = locate(tree, key);
  if (!at) return [];
  return tree[at.list].filter((n) => isFolder(n) && n.key !== key);
}

export function toItems(nodes: NavNode[]): NavigationItemInput[] {
  return nodes.map((node) =>
    node.link.kind === 'link'
      ? { externalLink: node.link.externalLink ?? node.link.fullUrl, title: node.link.title }
      : {
          collectionId: node.link.collectionId,
          ...(node.children.length > 0 && { children: toItems(node.children) }),
        },
  );
}
