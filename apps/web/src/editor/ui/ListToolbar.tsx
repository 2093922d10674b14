import { editorMessages } from '@atelier/core';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Button } from './Button.tsx';
import type { DataTableServerMode } from './DataTable.tsx';
import { listCountText, type SortState } from './data-table.ts';
import { EmptyState } from './feedback.tsx';
import { Select, TextField } from './fields.tsx';

/** The page sizes an admin list offers (the contract's list queries accept these). */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The search box asks once typing pauses, not on every key. */
export const LIST_SEARCH_DELAY_MS = 300;

/**
 * The text of a list's search box, handed (trimmed) to `onSettled` once typing pauses.
 * `onSettled` may change between renders; the latest one is called.
 */
export function useListSearch(onSettled: (q: string) => void, delayMs = LIST_SEARCH_DELAY_MS) {
  const [searchText, setSearchText] = useState('');
  const settle = useRef(onSettled);
  settle.current = onSettled;
  useEffect(() => {
    const timer = setTimeout(() => settle.current(searchText.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [searchText, delayMs]);
  return [searchText, setSearchText] as const;
}

type PagedState = { page: number; pageSize: number; sort?: SortState };

/**
 * The `server` prop of a DataTable showing one page of a server-paged list whose state
 * (`page`, `pageSize` and, where the list sorts, `sort`) lives in `setState`'s hands.
 */
export function serverPaging<S extends PagedState>(
  state: S,
  total: number,
  setState: Dispatch<SetStateAction<S>>,
): DataTableServerMode {
  return {
    sort: state.sort ?? null,
    page: state.page,
    pageSize: state.pageSize,
    total,
    onChange: (next) =>
      setState((current) => ({
        ...current,
        page: next.page,
        pageSize: next.pageSize,
        ...('sort' in current ? { sort: next.sort } : {}),
      })),
  };
}

/**
 * The top of a server-searched admin list (orders, customers, gift cards, products): a
 * labelled `<search>` landmark with the search box and the list's own filters, the count
 * read out as it changes, Clear filters, and a failed load with Try again.
 */
export function ListToolbar({
  label,
  placeholder,
  searchText,
  onSearchText,
  filters,
  total,
  noun,
  onClearFilters,
  error,
  onRetry,
  className,
}: {
  /** The landmark's name, e.g. "Find orders". */
  label: string;
  placeholder: string;
  searchText: string;
  onSearchText: (text: string) => void;
  /** The list's filter fields, after the search box. */
  filters?: ReactNode;
  /** How many rows match, counted as "3 orders"; null until the first answer. */
  total: number | null;
  /** What a row is: one, and more than one ("order", "orders"). */
  noun: readonly [string, string];
  /** Given while a filter is set: a Clear filters button shows beside a non-zero count. */
  onClearFilters?: (() => void) | undefined;
  error: string | null;
  onRetry: () => void;
  /** Extra class on the landmark, for a list's own layout of its filters. */
  className?: string;
}) {
  return (
    <>
      <search className={`ui-list__filters ${className ?? ''}`.trim()} aria-label={label}>
        <TextField
          className="ui-list__search"
          label="Search"
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
        />
        {filters}
      </search>
      <div className="ui-list__bar">
        <p className="ui-list__count" role="status">
          {total === null ? '' : listCountText(total, noun)}
        </p>
        {onClearFilters && total ? (
          <Button size="sm" variant="quiet" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : null}
      </div>
      {error ? (
        <div className="ui-list__error">
          <p role="alert" className="notice notice--error">
            {error}
          </p>
          <Button size="sm" onClick={onRetry}>
            {editorMessages.tryAgain}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/**
 * One of a list's filters: a select of `options` (value → label, or value → { label })
 * after "Any …" (the empty value), in the list's order.
 */
export function FilterSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
  children,
}: {
  label: string;
  /** The first option, that filters nothing: "Any status". */
  anyLabel: string;
  value: string;
  options?: Readonly<Record<string, string | { label: string }>>;
  onChange: (value: string) => void;
  /** Options of its own (a category tree), after those of `options`. */
  children?: ReactNode;
}) {
  return (
    <Select label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{anyLabel}</option>
      {Object.entries(options ?? {}).map(([key, shown]) => (
        <option key={key} value={key}>
          {typeof shown === 'string' ? shown : shown.label}
        </option>
      ))}
      {children}
    </Select>
  );
}

/**
 * The actions over a list's selected rows: a toolbar named for them (`label`, "Selected
 * products") that says how many are selected, in a polite live region, before its buttons.
 */
export function BulkActions({
  label,
  count,
  children,
}: {
  label: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <div className="ui-list__bulk" role="toolbar" aria-label={label}>
      <p className="ui-list__bulk-count" aria-live="polite">
        {count} selected
      </p>
      {children}
    </div>
  );
}

/** A filtered list that matched nothing: what to try, and Clear filters as the way back. */
export function NoMatches({
  title,
  onClear,
  children,
}: {
  title: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="primary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
