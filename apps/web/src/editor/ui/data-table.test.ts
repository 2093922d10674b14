import { describe, expect, it } from 'vitest';
import {
  compareSortValues,
  listCountText,
  nextSort,
  pageOf,
  selectAllState,
  serverPageOf,
  sortRows,
  tableStateAfter,
  toggleAll,
  toggleOne,
} from './data-table.ts';

type Row = { id: string; title: string; updated: string | null };
const rows: Row[] = [
  { id: 'a', title: 'Page 10', updated: '2026-01-03T00:00:00Z' },
  { id: 'b', title: 'page 2', updated: null },
  { id: 'c', title: 'About', updated: '2026-01-01T00:00:00Z' },
  { id: 'd', title: 'About', updated: '2026-01-02T00:00:00Z' },
];
const sortValueOf = (row: Row, key: string) => (key === 'title' ? row.title : row.updated);
const ids = (list: Row[]) => list.map((row) => row.id);

describe('sorting', () => {
  it('sorts a new column ascending, then reverses it on a second press', () => {
    expect(nextSort(null, 'title')).toEqual({ key: 'title', direction: 'ascending' });
    const once = nextSort(null, 'title');
    expect(nextSort(once, 'title')).toEqual({ key: 'title', direction: 'descending' });
    expect(nextSort(nextSort(once, 'title'), 'title')).toEqual(once);
    expect(nextSort(once, 'updated')).toEqual({ key: 'updated', direction: 'ascending' });
  });

  it('orders text as people read it: case-insensitive, numbers by value', () => {
    expect(compareSortValues('page 2', 'Page 10')).toBeLessThan(0);
    expect(compareSortValues('about', 'About')).toBe(0);
    expect(compareSortValues(2, 10)).toBeLessThan(0);
  });

  it('keeps equal rows in their original order in both directions', () => {
    const ascending = sortRows(rows, { key: 'title', direction: 'ascending' }, sortValueOf);
    expect(ids(ascending)).toEqual(['c', 'd', 'b', 'a']);
    const descending = sortRows(rows, { key: 'title', direction: 'descending' }, sortValueOf);
    expect(ids(descending)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts empty values last whichever way the column is sorted', () => {
    expect(ids(sortRows(rows, { key: 'updated', direction: 'ascending' }, sortValueOf))).toEqual([
      'c',
      'd',
      'a',
      'b',
    ]);
    expect(ids(sortRows(rows, { key: 'updated', direction: 'descending' }, sortValueOf))).toEqual([
      'a',
      'd',
      'c',
      'b',
    ]);
  });

  it('leaves the rows as they came when nothing is sorted, without changing the input', () => {
    const copy = [...rows];
    expect(sortRows(rows, null, sortValueOf)).toEqual(rows);
    sortRows(rows, { key: 'title', direction: 'ascending' }, sortValueOf);
    expect(rows).toEqual(copy);
  });
});

describe('paging', () => {
  const many = Array.from({ length: 23 }, (_, i) => i + 1);

  it('shows one page of rows with its positions', () => {
    const second = pageOf(many, 2, 10);
    expect(second.rows).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second).toMatchObject({ page: 2, pageCount: 3, first: 11, last: 20, total: 23 });
    expect(second.hasPrevious).toBe(true);
    expect(second.hasNext).toBe(true);
  });

  it('has no previous page on the first and no next page on the last', () => {
    expect(pageOf(many, 1, 10)).toMatchObject({ hasPrevious: false, hasNext: true });
    const last = pageOf(many, 3, 10);
    expect(last).toMatchObject({ hasPrevious: true, hasNext: false, first: 21, last: 23 });
    expect(last.rows).toEqual([21, 22, 23]);
  });

  it('clamps a page past the end (a list that shrank) to the last page', () => {
    expect(pageOf(many, 9, 10).page).toBe(3);
    expect(pageOf(many, 0, 10).page).toBe(1);
  });

  it('is one empty page when there are no rows', () => {
    expect(pageOf([], 1, 10)).toMatchObject({
      rows: [],
      page: 1,
      pageCount: 1,
      hasPrevious: false,
      hasNext: false,
      first: 0,
      last: 0,
    });
  });
});

describe('selection', () => {
  const shown = ['a', 'b', 'c'];

  it('says none, some or all of the rows shown are selected', () => {
    expect(selectAllState(new Set(), shown)).toBe('none');
    expect(selectAllState(new Set(['b', 'z']), shown)).toBe('some');
    expect(selectAllState(new Set(shown), shown)).toBe('all');
  });

  it('selects every row shown, then clears them, keeping rows of other pages', () => {
    const all = toggleAll(new Set(['b', 'z']), shown);
    expect([...all].sort()).toEqual(['a', 'b', 'c', 'z']);
    expect([...toggleAll(all, shown)]).toEqual(['z']);
  });

  it('toggles one row', () => {
    expect([...toggleOne(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleOne(new Set(['a', 'b']), 'a')]).toEqual(['b']);
  });
});

describe('serverPageOf', () => {
  it('takes positions and Previous/Next from the total the server counted', () => {
    const slice = serverPageOf(['k', 'l', 'm'], 2, 10, 13);
    expect(slice).toMatchObject({ page: 2, pageCount: 2, first: 11, last: 13, total: 13 });
    expect(slice).toMatchObject({ hasPrevious: true, hasNext: false, rows: ['k', 'l', 'm'] });
    expect(serverPageOf(['a'], 1, 10, 25)).toMatchObject({ hasNext: true, pageCount: 3 });
  });

  it('shows 0–0 and one page when nothing matches', () => {
    expect(serverPageOf([], 1, 25, 0)).toMatchObject({
      first: 0,
      last: 0,
      pageCount: 1,
      hasPrevious: false,
      hasNext: false,
    });
  });
});

describe('tableStateAfter', () => {
  const state = { sort: null, page: 3, pageSize: 25 } as const;

  it('sorts by a column ascending, then reverses it, back at page 1', () => {
    const sorted = tableStateAfter(state, { type: 'sort', key: 'price' });
    expect(sorted).toEqual({
      sort: { key: 'price', direction: 'ascending' },
      page: 1,
      pageSize: 25,
    });
    expect(tableStateAfter(sorted, { type: 'sort', key: 'price' }).sort).toEqual({
      key: 'price',
      direction: 'descending',
    });
  });

  it('goes to a page, never before the first, and a new page size starts at page 1', () => {
    expect(tableStateAfter(state, { type: 'page', page: 4 }).page).toBe(4);
    expect(tableStateAfter(state, { type: 'page', page: 0 }).page).toBe(1);
    expect(tableStateAfter(state, { type: 'page-size', pageSize: 100 })).toEqual({
      sort: null,
      page: 1,
      pageSize: 100,
    });
  });
});

describe('listCountText', () => {
  it('counts rows in words, one and more, with thousands grouped', () => {
    expect(listCountText(0, ['product', 'products'])).toBe('0 products');
    expect(listCountText(1, ['gift card', 'gift cards'])).toBe('1 gift card');
    expect(listCountText(5007, ['order', 'orders'])).toBe('5,007 orders');
  });
});
