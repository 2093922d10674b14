import type {
  ProductAdminListQuery,
  ProductPageSize,
  ProductSort,
  StockState,
} from '@atelier/contract';
import { ProductType } from '@atelier/core';
import type { SortState, TableState } from '../ui/data-table.ts';
import type { BadgeTone } from '../ui/feedback.tsx';

// What the Products screen asks the server for, as a pure state and its changes: the
// search, the filters and the table's sort and page. Nothing here touches React.

export type ProductFilters = {
  /** The search as sent (the field's text after the debounce). */
  q: string;
  /** '' is every type. */
  type: '' | `${ProductType}`;
  stock: '' | StockState;
  visibility: '' | 'visible' | 'hidden';
  /** A category id ('' is any): its products and those of the categories below it. */
  category: string;
  /** A tag as products carry it ('' is any). */
  tag: string;
};

export type ProductListState = ProductFilters & TableState;

export const NO_FILTERS: ProductFilters = {
  q: '',
  type: '',
  stock: '',
  visibility: '',
  category: '',
  tag: '',
};

/** Newest change first, as the server's default. */
export const INITIAL_STATE: ProductListState = {
  ...NO_FILTERS,
  sort: { key: 'updated', direction: 'descending' },
  page: 1,
  pageSize: 25,
};

/** A filter or the search changed: the rows are another set, so back to page 1. */
export function withFilter(state: ProductListState, change: Partial<ProductFilters>) {
  return { ...state, ...change, page: 1 };
}

export const hasFilters = (state: ProductFilters): boolean =>
  state.q.trim() !== '' ||
  state.type !== '' ||
  state.stock !== '' ||
  state.visibility !== '' ||
  state.category !== '' ||
  state.tag !== '';

const SORT_KEYS = new Set(['title', 'updated', 'price', 'stock']);

/** The table's sort as the API spells it: the column, '-' first when descending. */
export function toApiSort(sort: SortState): ProductSort {
  if (!sort || !SORT_KEYS.has(sort.key)) return '-updated';
  return `${sort.direction === 'descending' ? '-' : ''}${sort.key}` as ProductSort;
}

const isPageSize = (size: number): size is ProductPageSize =>
  size === 10 || size === 25 || size === 50 || size === 100;

export function toListQuery(state: ProductListState): Partial<ProductAdminListQuery> {
  const q = state.q.trim();
  return {
    ...(q && { q }),
    ...(state.type && { type: Number(state.type) }),
    ...(state.stock && { stock: state.stock }),
    ...(state.visibility && { visibility: state.visibility }),
    ...(state.category && { category: state.category }),
    ...(state.tag && { tag: state.tag }),
    sort: toApiSort(state.sort),
    page: state.page,
    pageSize: isPageSize(state.pageSize) ? state.pageSize : 25,
  };
}

export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  [ProductType.physical]: 'Physical',
  [ProductType.digital]: 'Digital',
  [ProductType.service]: 'Service',
  [ProductType.giftCard]: 'Gift card',
  [ProductType.paywall]: 'Paywall',
};

export const STOCK_LABELS: Record<StockState, { label: string; tone: BadgeTone }> = {
  'in-stock': { label: 'In stock', tone: 'success' },
  low: { label: 'Low', tone: 'warning' },
  'sold-out': { label: 'Sold out', tone: 'neutral' },
};
