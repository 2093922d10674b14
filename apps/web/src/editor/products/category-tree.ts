import type { CategoryTreeItem, CategoryUpdate } from '@atelier/contract';
import { catalogMessages } from '@atelier/core';
import { matchesFilter } from './manager-rules.ts';

// The category manager's tree as pure functions over the server's flat list (parents
// before children, siblings in display order): what the filter shows, where a move or a
// drop puts a category. Nothing here touches React, the DOM or the network.

export type CategoryRow = CategoryTreeItem & { depth: number };

/** Where a dragged row lands on another: above it, below it, or inside it (a child). */
export type DropPosition = 'before' | 'after' | 'inside';

const childrenOf = (all: readonly CategoryTreeItem[], parentId: string | null) =>
  all.filter((c) => c.parentCategoryId === parentId);

/** The categories depth first, each with how deep it sits (0 at the top level). */
export function treeRows(all: readonly CategoryTreeItem[]): CategoryRow[] {
  const rows: CategoryRow[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const category of childrenOf(all, parentId)) {
      rows.push({ ...category, depth });
      visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** The category and everything below it. */
export function subtreeIds(all: readonly CategoryTreeItem[], id: string): Set<string> {
  const ids = new Set([id]);
  for (const row of treeRows(all)) {
    if (row.parentCategoryId !== null && ids.has(row.parentCategoryId)) ids.add(row.id);
  }
  return ids;
}

/**
 * The rows the filter keeps: those whose name holds the text (any case), with their
 * ancestors so each match is still seen where it sits.
 */
export function filterRows(all: readonly CategoryTreeItem[], filter: string): CategoryRow[] {
  const rows = treeRows(all);
  const wanted = filter.trim().toLowerCase();
  if (!wanted) return rows;
  const byId = new Map(all.map((c) => [c.id, c]));
  const kept = new Set<string>();
  for (const row of rows) {
    if (!matchesFilter(row.displayName, wanted)) continue;
    for (let at: string | null = row.id; at !== null; at = byId.get(at)?.parentCategoryId ?? null) {
      kept.add(at);
    }
  }
  return rows.filter((row) => kept.has(row.id));
}

/** "Home › Kitchen": a category named with its ancestors, for pickers. */
export function pathName(all: readonly CategoryTreeItem[], id: string): string {
  const byId = new Map(all.map((c) => [c.id, c]));
  const names: string[] = [];
  for (let at = byId.get(id); at; at = byId.get(at.parentCategoryId ?? '')) {
    names.unshift(at.displayName);
  }
  return names.join(' › ');
}

/** Where a category can move: the top level or any category not itself or below it. */
export function parentChoices(
  all: readonly CategoryTreeItem[],
  id: string,
): { id: string; label: string }[] {
  const excluded = subtreeIds(all, id);
  return treeRows(all)
    .filter((row) => !excluded.has(row.id))
    .map((row) => ({ id: row.id, label: pathName(all, row.id) }));
}

/** Move up (-1) or down (1) among its siblings; null at the end it cannot pass. */
export function moveAmongSiblings(
  all: readonly CategoryTreeItem[],
  id: string,
  by: -1 | 1,
): CategoryUpdate | null {
  const category = all.find((c) => c.id === id);
  if (!category) return null;
  const siblings = childrenOf(all, category.parentCategoryId);
  const place = siblings.findIndex((c) => c.id === id) + by;
  return place < 0 || place >= siblings.length ? null : { displayIndex: place };
}

/**
 * The change a drop makes, or why it cannot be made: inside a row makes the dragged
 * category its last child; above or below a row puts it beside that row, in its parent.
 */
export function dropChange(
  all: readonly CategoryTreeItem[],
  draggedId: string,
  targetId: string,
  position: DropPosition,
): CategoryUpdate | { refused: string } | null {
  const target = all.find((c) => c.id === targetId);
  if (!target || draggedId === targetId) return null;
  if (subtreeIds(all, draggedId).has(targetId)) {
    return { refused: catalogMessages.categoryIntoItself };
  }
  if (position === 'inside') {
    const dragged = all.find((c) => c.id === draggedId);
    return dragged?.parentCategoryId === targetId ? null : { parentCategoryId: targetId };
  }
  const siblings = childrenOf(all, target.parentCategoryId).filter((c) => c.id !== draggedId);
  const place = siblings.findIndex((c) => c.id === targetId) + (position === 'after' ? 1 : 0);
  return { parentCategoryId: target.parentCategoryId, displayIndex: place };
}

/** How many products each of `ids` holds, in words: "Linen (3 products), Wool (1 product)". */
export function productCountsText(all: readonly CategoryTreeItem[], ids: readonly string[]) {
  return ids
    .map((id) => all.find((c) => c.id === id))
    .filter((c): c is CategoryTreeItem => c !== undefined)
    .map(
      (c) =>
        `${c.displayName} (${c.productCount} ${c.productCount === 1 ? 'product' : 'products'})`,
    )
    .join(', ');
}
