// The DataTable's rules, pure so they are tested without a browser: how rows sort, which
// rows a page shows, and what the select-all box says. Nothing here touches React.

export type SortDirection = 'ascending' | 'descending';
export type SortState = { key: string; direction: SortDirection } | null;
export type SortValue = string | number | null | undefined;

/** Pressing a column's header sorts by it ascending; pressing it again reverses it. */
export function nextSort(current: SortState, key: string): SortState {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: 'ascending' };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Numbers by value, text as people read it ("Page 2" before "Page 10"); empty last. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const isEmptyA = a === null || a === undefined || a === '';
  const isEmptyB = b === null || b === undefined || b === '';
  if (isEmptyA || isEmptyB) return isEmptyA === isEmptyB ? 0 : isEmptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in the order `sort` asks; stable, so rows that compare equal keep the order they
 * came in. Empty values stay last in both directions.
 */
export function sortRows<T>(
  rows: readonly T[],
  sort: SortState,
  sortValueOf: (row: T, key: string) => SortValue,
): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValueOf(row, sort.key) }))
    .sort((x, y) => {
      const isEmptyX = x.value === null || x.value === undefined || x.value === '';
      const isEmptyY = y.value === null || y.value === undefined || y.value === '';
      if (isEmptyX !== isEmptyY) return isEmptyX ? 1 : -1;
      return sign * compareSortValues(x.value, y.value) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

export type PageSlice<T> = {
  rows: T[];
  /** 1-based, clamped to the pages there are (a shrinking list never shows an empty page). */
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** 1-based positions of the first and last row shown, 0 and 0 when there are none. */
  first: number;
  last: number;
  total: number;
};

/** One page of `rows`. */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const start = (current - 1) * size;
  const shown = rows.slice(start, start + size);
  return {
    rows: shown,
    page: current,
    pageCount,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
    first: shown.length === 0 ? 0 : start + 1,
    last: start + shown.length,
    total: rows.length,
  };
}

/**
 * The slice a server already cut: `rows` are page `page` of `total` rows in pages of
 * `pageSize`. Positions and the Previous/Next states come from the total, not the rows.
 */
export function serverPageOf<T>(
  rows: readonly T[],
  page: number,
  pageSize: number,
  total: number,
): PageSlice<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(Math.max(0, total) / size));
  const current = Math.max(1, Math.floor(page));
  const start = (current - 1) * size;
  return {
    rows: [...rows],
    page: current,
    pageCount,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
    first: rows.length === 0 ? 0 : start + 1,
    last: rows.length === 0 ? 0 : start + rows.length,
    total: Math.max(0, total),
  };
}

/** What a table shows: its sort and its page. */
export type TableState = { sort: SortState; page: number; pageSize: number };

/** A person's choice in the table's header or pager. */
export type TableAction =
  | { type: 'sort'; key: string }
  | { type: 'page'; page: number }
  | { type: 'page-size'; pageSize: number };

/**
 * The table after a choice: a new sort or page size starts again at page 1, as the rows
 * on the current page would otherwise be a different set than the one the person saw.
 */
export function tableStateAfter(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'sort':
      return { ...state, sort: nextSort(state.sort, action.key), page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
    case 'page-size':
      return { ...state, pageSize: action.pageSize, page: 1 };
  }
}

export type SelectAllState = 'none' | 'some' | 'all';

/** What the select-all box shows for the rows on screen. */
export function selectAllState(
  selected: ReadonlySet<string>,
  shown: readonly string[],
): SelectAllState {
  const count = shown.filter((id) => selected.has(id)).length;
  return count === 0 ? 'none' : count === shown.length ? 'all' : 'some';
}

/**
 * Pressing select-all: when every row shown is selected it clears them, otherwise it
 * selects them all. Rows selected on other pages stay as they were.
 */
export function toggleAll(selected: ReadonlySet<string>, shown: readonly string[]): Set<string> {
  const next = new Set(selected);
  if (selectAllState(selected, shown) === 'all') for (const id of shown) next.delete(id);
  else for (const id of shown) next.add(id);
  return next;
}

/** Pressing one row's box. */
export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** A list's count in words: "1 order", "1,250 orders". */
export const listCountText = (total: number, [one, other]: readonly [string, string]): string =>
  `${total.toLocaleString('en-US')} ${total === 1 ? one : other}`;
