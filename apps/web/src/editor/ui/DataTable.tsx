import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button.tsx';
import {
  pageOf,
  type SelectAllState,
  type SortState,
  type SortValue,
  selectAllState,
  serverPageOf,
  sortRows,
  type TableAction,
  type TableState,
  tableStateAfter,
  toggleAll,
  toggleOne,
} from './data-table.ts';
import { Icon } from './icons.tsx';

export type DataColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => SortValue;
  /** Sortable by the server (server mode): the header is a sort button without a sortValue. */
  isSortable?: boolean;
  /** The cell that names the row (a <th scope="row">), usually the title. */
  isRowHeader?: boolean;
  className?: string;
};

export type DataTableSelection<T> = {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Rows that cannot be selected (the home page cannot be deleted) get no box. */
  isSelectable?: (row: T) => boolean;
};

export const PAGE_SIZES = [10, 25, 50] as const;

/** What the owner of a server-mode table keeps: the sort and the page asked for. */
export type DataTableServerState = TableState;

/**
 * Server mode: `rows` are one page, already sorted and cut by the server; the table shows
 * `total` and reports each sort, page or page-size choice through `onChange`, whose owner
 * fetches the rows that answer it.
 */
export type DataTableServerMode = DataTableServerState & {
  total: number;
  onChange: (next: DataTableServerState) => void;
};

/**
 * A list of records: sortable column headers (a button in each, aria-sort on the sorted
 * one), paging with 'Rows per page', 'Page n', 'Previous' and 'Next', optional row
 * selection with a select-all box for the rows shown, and a header that stays in view
 * while the rows scroll. The caption names the table (visually hidden if the screen
 * already shows a heading for it).
 */
export function DataTable<T>({
  caption,
  isCaptionHidden = false,
  rows,
  columns,
  rowKey,
  rowLabel,
  defaultSort = null,
  defaultPage = 1,
  defaultPageSize = PAGE_SIZES[0],
  selection,
  emptyText = 'Nothing here yet.',
  server,
  pageSizes = PAGE_SIZES,
  isBusy = false,
  expanded,
  isPaged = true,
}: {
  caption: string;
  isCaptionHidden?: boolean;
  rows: readonly T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  /** Names a row for its selection box ("Select About us"). */
  rowLabel: (row: T) => string;
  defaultSort?: SortState;
  defaultPage?: number;
  defaultPageSize?: number;
  selection?: DataTableSelection<T>;
  emptyText?: string;
  /** Sorting and paging done by the server; without it the table does both in memory. */
  server?: DataTableServerMode;
  /**
   * A row's details drawn under it across the whole table (the inventory's variants), for
   * the rows whose key is in `keys`; the row's own control toggles it.
   */
  expanded?: { keys: ReadonlySet<string>; render: (row: T) => ReactNode };
  pageSizes?: readonly number[];
  /** New rows are on their way (server mode): the table says so to assistive technology. */
  isBusy?: boolean;
  /** False for a short list shown whole (a top 10): no pager under it. */
  isPaged?: boolean;
}) {
  const id = useId();
  const [ownSort, setOwnSort] = useState<SortState>(defaultSort);
  const [ownPage, setOwnPage] = useState(defaultPage);
  const [ownPageSize, setOwnPageSize] = useState(defaultPageSize);
  const sort = server ? server.sort : ownSort;
  const pageSize = server ? server.pageSize : isPaged ? ownPageSize : Math.max(1, rows.length);

  const byKey = new Map(columns.map((column) => [column.key, column]));
  const slice = server
    ? serverPageOf(rows, server.page, server.pageSize, server.total)
    : pageOf(
        sortRows(rows, ownSort, (row, key) => byKey.get(key)?.sortValue?.(row)),
        isPaged ? ownPage : 1,
        pageSize,
      );
  /** One choice of sort, page or page size: told to the owner, or kept here. */
  const change = (action: TableAction) => {
    const next = tableStateAfter({ sort, page: slice.page, pageSize }, action);
    if (server) {
      server.onChange(next);
      return;
    }
    setOwnSort(next.sort);
    setOwnPage(next.page);
    setOwnPageSize(next.pageSize);
  };
  const selectableIds = selection
    ? slice.rows.filter((row) => selection.isSelectable?.(row) ?? true).map(rowKey)
    : [];
  const allState = selection ? selectAllState(selection.selected, selectableIds) : 'none';

  return (
    <div className="ui-table" aria-busy={isBusy || undefined}>
      <div className="ui-table__scroll">
        <table>
          <caption className={isCaptionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {selection ? (
                <th scope="col" className="ui-table__select">
                  <SelectAllBox
                    state={allState}
                    disabled={selectableIds.length === 0}
                    onChange={() =>
                      selection.onChange(toggleAll(selection.selected, selectableIds))
                    }
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.className}
                    aria-sort={direction}
                  >
                    {column.sortValue || column.isSortable ? (
                      <button
                        type="button"
                        className="ui-table__sort"
                        onClick={() => change({ type: 'sort', key: column.key })}
                      >
                        {column.header}
                        <Icon
                          name={
                            direction === 'ascending'
                              ? 'sortUp'
                              : direction === 'descending'
                                ? 'sortDown'
                                : 'sortNone'
                          }
                          className="ui-table__sort-icon"
                        />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {slice.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (selection ? 1 : 0)} className="ui-table__empty">
                  {emptyText}
                </td>
              </tr>
            ) : (
              slice.rows.map((row) => {
                const key = rowKey(row);
                const isSelected = selection?.selected.has(key) ?? false;
                const details = expanded?.keys.has(key) ? expanded.render(row) : null;
                return (
                  <Fragment key={key}>
                    <tr data-selected={isSelected ? 'true' : undefined}>
                      {selection ? (
                        <td className="ui-table__select">
                          {(selection.isSelectable?.(row) ?? true) ? (
                            <input
                              type="checkbox"
                              className="ui-checkbox"
                              aria-label={`Select ${rowLabel(row)}`}
                              checked={isSelected}
                              onChange={() =>
                                selection.onChange(toggleOne(selection.selected, key))
                              }
                            />
                          ) : null}
                        </td>
                      ) : null}
                      {columns.map((column) =>
                        column.isRowHeader ? (
                          <th key={column.key} scope="row" className={column.className}>
                            {column.cell(row)}
                          </th>
                        ) : (
                          <td key={column.key} className={column.className}>
                            {column.cell(row)}
                          </td>
                        ),
                      )}
                    </tr>
                    {details ? (
                      <tr className="ui-table__details">
                        <td colSpan={columns.length + (selection ? 1 : 0)}>{details}</td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {isPaged ? (
        <div className="ui-table__pager">
          <div className="ui-table__pager-size">
            <label htmlFor={`${id}-size`}>Rows per page</label>
            <select
              id={`${id}-size`}
              className="ui-input"
              value={pageSize}
              onChange={(event) =>
                change({ type: 'page-size', pageSize: Number(event.target.value) })
              }
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          <span className="ui-table__range">{`${slice.first}–${slice.last} of ${slice.total}`}</span>
          <div className="ui-table__pager-pages">
            <Button
              size="sm"
              disabled={!slice.hasPrevious}
              onClick={() => change({ type: 'page', page: slice.page - 1 })}
            >
              Previous
            </Button>
            <span aria-live="polite">{`Page ${slice.page}`}</span>
            <Button
              size="sm"
              disabled={!slice.hasNext}
              onClick={() => change({ type: 'page', page: slice.page + 1 })}
            >
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The header box: checked, unchecked or mixed (indeterminate is a DOM property only). */
function SelectAllBox({
  state,
  disabled,
  onChange,
}: {
  state: SelectAllState;
  disabled: boolean;
  onChange: () => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="ui-checkbox"
      aria-label="Select all rows on this page"
      checked={state === 'all'}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
