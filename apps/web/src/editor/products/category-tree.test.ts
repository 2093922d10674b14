import type { CategoryTreeItem } from '@atelier/contract';
import { catalogMessages } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import {
  dropChange,
  filterRows,
  moveAmongSiblings,
  parentChoices,
  pathName,
  productCountsText,
  treeRows,
} from './category-tree.ts';
import { editRefusal } from './manager-rules.ts';

const item = (
  id: string,
  displayName: string,
  parentCategoryId: string | null,
  displayIndex: number,
  productCount = 0,
): CategoryTreeItem => ({
  id,
  collectionId: 'shop',
  slug: id,
  displayName,
  parentCategoryId,
  type: 'ROOT',
  pageRendering: 'LIST_VIEW',
  displayIndex,
  productCount,
});

// As the server sends them: parents first, siblings in display order.
const all = [
  item('home', 'Home', null, 0, 2),
  item('kitchen', 'Kitchen', 'home', 0, 1),
  item('mugs', 'Mugs', 'kitchen', 0),
  item('bath', 'Bath', 'home', 1),
  item('linen', 'Linen', null, 1, 3),
];

describe('the category tree', () => {
  it('lists depth first with each depth, and names a category with its ancestors', () => {
    expect(treeRows(all).map((r) => `${r.depth}:${r.id}`)).toEqual([
      '0:home',
      '1:kitchen',
      '2:mugs',
      '1:bath',
      '0:linen',
    ]);
    expect(pathName(all, 'mugs')).toBe('Home › Kitchen › Mugs');
  });

  it('filters by name, keeping the ancestors of each match', () => {
    expect(filterRows(all, 'MUG').map((r) => r.id)).toEqual(['home', 'kitchen', 'mugs']);
    expect(filterRows(all, 'lin').map((r) => r.id)).toEqual(['linen']);
    expect(filterRows(all, '  ')).toHaveLength(5);
  });

  it('offers as parents everything but the category and what is below it', () => {
    expect(parentChoices(all, 'kitchen').map((c) => c.id)).toEqual(['home', 'bath', 'linen']);
  });

  it('moves among siblings, not past either end', () => {
    expect(moveAmongSiblings(all, 'bath', -1)).toEqual({ displayIndex: 0 });
    expect(moveAmongSiblings(all, 'bath', 1)).toBeNull();
    expect(moveAmongSiblings(all, 'home', -1)).toBeNull();
  });

  it('turns a drop into a change: inside nests, beside reorders, below itself is refused', () => {
    expect(dropChange(all, 'linen', 'bath', 'inside')).toEqual({ parentCategoryId: 'bath' });
    expect(dropChange(all, 'linen', 'kitchen', 'before')).toEqual({
      parentCategoryId: 'home',
      displayIndex: 0,
    });
    expect(dropChange(all, 'kitchen', 'bath', 'after')).toEqual({
      parentCategoryId: 'home',
      displayIndex: 1,
    });
    expect(dropChange(all, 'home', 'mugs', 'inside')).toEqual({
      refused: catalogMessages.categoryIntoItself,
    });
    expect(dropChange(all, 'kitchen', 'kitchen', 'inside')).toBeNull();
    expect(dropChange(all, 'kitchen', 'home', 'inside')).toBeNull();
  });

  it('counts products in words', () => {
    expect(productCountsText(all, ['home', 'kitchen'])).toBe(
      'Home (2 products), Kitchen (1 product)',
    );
  });
});

describe('the managers’ one-at-a-time rule', () => {
  it('says SPEC’s words when several are chosen or another is being edited', () => {
    expect(editRefusal('category', 2)).toBe('You may only edit one category at a time');
    expect(editRefusal('category', 1, true)).toBe('You may only edit one category at a time');
    expect(editRefusal('tag', 0)).toBe('Select the tag to edit.');
    expect(editRefusal('tag', 1)).toBeNull();
  });
});
