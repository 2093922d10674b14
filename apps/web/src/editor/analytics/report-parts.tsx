import { editorMessages } from '@atelier/core';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from '../api/client.ts';
import {
  Button,
  Card,
  type DataColumn,
  DataTable,
  EmptyState,
  Icon,
  Skeleton,
} from '../ui/index.ts';
import type { Change } from './analytics-figures.ts';
import { countText } from './analytics-figures.ts';
import type { DayRange } from './analytics-range.ts';

// What the four dashboards share: loading a report for the range, its loading / failed /
// empty states from the design system, headline figures with their change, and the
// breakdown tables.

type ReportState<T> = {
  key: string;
  data: T | null;
  error: string | null;
};

/**
 * The report of `range`, loaded again when the range changes or Try again is pressed. An
 * answer for a range no longer shown is dropped.
 */
export function useReport<T>(load: (range: DayRange) => Promise<T>, range: DayRange) {
  const key = `${range.from}/${range.to}`;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ReportState<T>>({ key: '', data: null, error: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the range; `load` is a module function
  useEffect(() => {
    let isCurrent = true;
    setState((s) => ({ ...s, error: null }));
    load({ from: range.from, to: range.to }).then(
      (data) => {
        if (isCurrent) setState({ key, data, error: null });
      },
      (failure: unknown) => {
        if (!isCurrent) return;
        setState({
          key,
          data: null,
          error: failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong,
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [key, attempt]);
  const isCurrent = state.key === key;
  return {
    data: isCurrent ? state.data : null,
    error: isCurrent ? state.error : null,
    retry: () => setAttempt((n) => n + 1),
  };
}

/**
 * The report's body once it has come, else its loading skeleton or its failure with Try
 * again; `isEmpty` swaps the body for the empty state.
 */
export function ReportBody<T>({
  report,
  what,
  isEmpty,
  empty,
  children,
}: {
  report: { data: T | null; error: string | null; retry: () => void };
  /** "traffic": in "Loading traffic…". */
  what: string;
  isEmpty: (data: T) => boolean;
  empty: { title: string; text: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (report.error) {
    return (
      <div className="notice notice--error analytics-failed" role="alert">
        <p>{report.error}</p>
        <Button size="sm" onClick={report.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (report.data === null) return <Skeleton lines={8} label={`Loading ${what}…`} />;
  if (isEmpty(report.data)) {
    return (
      <Card as="div">
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      </Card>
    );
  }
  return <>{children(report.data)}</>;
}

/** Headline figures: a description list, each figure with its change in words. */
export function Figures({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl className="analytics-figures" aria-label={label}>
      {children}
    </dl>
  );
}

export function Figure({ label, value, change }: { label: string; value: string; change: Change }) {
  return (
    <div className="analytics-figure">
      <dt className="analytics-figure__label">{label}</dt>
      <dd className="analytics-figure__value">{value}</dd>
      <dd>
        <ChangeText change={change} />
      </dd>
    </div>
  );
}

/** The change in words, with an arrow beside it; the tone says good or bad news in colour too. */
export function ChangeText({ change }: { change: Change }) {
  return (
    <span className={`analytics-change analytics-change--${change.tone}`}>
      {change.direction === 'up' ? <Icon name="arrowUp" /> : null}
      {change.direction === 'down' ? <Icon name="arrowDown" /> : null}
      {change.text}
    </span>
  );
}

export type BreakdownRow = {
  key: string;
  visits: number;
  pageviews: number;
  visitors: number | null;
};

/**
 * One top-10 list (pages, sources, devices…) as a sortable table, each name over a bar as
 * long as its share of the first row, as Plausible shows them.
 */
export function BreakdownTable({
  title,
  keyHeader,
  rows,
  measures,
  keyText = (key) => key || '(none)',
  headers: named = {},
}: {
  title: string;
  keyHeader: string;
  rows: readonly BreakdownRow[];
  measures: readonly ('visits' | 'visitors' | 'pageviews')[];
  keyText?: (key: string) => string;
  /** Other words for a measure's header ("Entrances": a page's visits are those it began). */
  headers?: Partial<Record<'visits' | 'visitors' | 'pageviews', string>>;
}) {
  const first = measures[0] ?? 'visits';
  const top = Math.max(1, ...rows.map((r) => r[first] ?? 0));
  const headers = { visits: 'Visits', visitors: 'Visitors', pageviews: 'Page views', ...named };
  const columns: DataColumn<BreakdownRow>[] = [
    {
      key: 'key',
      header: keyHeader,
      isRowHeader: true,
      sortValue: (row) => keyText(row.key),
      className: 'analytics-table__key',
      cell: (row) => (
        <span className="analytics-bar">
          <span
            className="analytics-bar__fill"
            aria-hidden="true"
            style={{ width: `${((row[first] ?? 0) / top) * 100}%` }}
          />
          <span className="analytics-bar__text">{keyText(row.key)}</span>
        </span>
      ),
    },
    ...measures.map(
      (measure): DataColumn<BreakdownRow> => ({
        key: measure,
        header: headers[measure],
        className: 'analytics-num',
        sortValue: (row) => row[measure] ?? -1,
        cell: (row) => {
          const value = row[measure];
          return value === null ? '—' : countText(value);
        },
      }),
    ),
  ];
  return (
    <Card title={title}>
      <DataTable
        caption={title}
        isCaptionHidden
        rows={rows}
        columns={columns}
        rowKey={(row) => row.key}
        rowLabel={(row) => keyText(row.key)}
        emptyText="None in these dates."
        isPaged={false}
      />
    </Card>
  );
}
