import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  INITIAL_STATE,
  toApiSort,
  toListQuery,
  withFilter,
} from './product-list-state.ts';

describe('the Products screen’s query', () => {
  it('asks for the newest changes first, 25 a page, with no filters', () => {
    expect(toListQuery(INITIAL_STATE)).toEqual({ sort: '-updated', page: 1, pageSize: 25 });
    expect(hasFilters(INITIAL_STATE)).toBe(false);
  });

  it('sends each filter set, the search trimmed, and starts again at page 1', () => {
    const paged = { ...INITIAL_STATE, page: 4 };
    const filtered = withFilter(paged, { q: '  linen ', type: '2', stock: 'low' });
    expect(filtered.page).toBe(1);
    expect(toListQuery({ ...filtered, visibility: 'hidden' })).toEqual({
      q: 'linen',
      type: 2,
      stock: 'low',
      visibility: 'hidden',
      sort: '-updated',
      page: 1,
      pageSize: 25,
    });
    expect(hasFilters(filtered)).toBe(true);
    expect(hasFilters({ ...INITIAL_STATE, q: '   ' })).toBe(false);
  });

  it('sends the category and tag filters when set', () => {
    const id = '6b1c2a7e-0d4c-4b8e-9a51-3f0e7b2d9c11';
    const filtered = withFilter(INITIAL_STATE, { category: id, tag: 'linen' });
    expect(toListQuery(filtered)).toMatchObject({ category: id, tag: 'linen' });
    expect(hasFilters(filtered)).toBe(true);
    expect(hasFilters({ ...INITIAL_STATE, tag: 'gift' })).toBe(true);
  });

  it('spells the table’s sort as the API does, falling back to the newest first', () => {
    expect(toApiSort({ key: 'price', direction: 'ascending' })).toBe('price');
    expect(toApiSort({ key: 'stock', direction: 'descending' })).toBe('-stock');
    expect(toApiSort({ key: 'title', direction: 'descending' })).toBe('-title');
    expect(toApiSort(null)).toBe('-updated');
    expect(toApiSort({ key: 'type', direction: 'ascending' })).toBe('-updated');
  });
});
