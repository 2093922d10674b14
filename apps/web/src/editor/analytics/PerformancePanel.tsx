import type { PerformanceReport } from '@atelier/contract';
import type { PerformanceRating } from '@atelier/core';
import { useId, useState } from 'react';
import { analyticsApi } from '../api/analytics-client.ts';
import { Badge, type BadgeTone, Card, type DataColumn, DataTable, Select } from '../ui/index.ts';
import {
  changeOf,
  countText,
  pageTypeText,
  RATING_LABELS,
  shareText,
  sortVitals,
  VITAL_NAMES,
  vitalBoundsText,
  vitalRating,
  vitalText,
} from './analytics-figures.ts';
import { type DayRange, previousPeriodText, previousRangeOf } from './analytics-range.ts';
import { ChangeText, ReportBody, useReport } from './report-parts.tsx';

// How fast the site is for real visitors (issue 24): the 75th percentile of each web vital
// (the figure Google's Core Web Vitals are judged by), rated with core's bounds, its
// good / needs improvement / poor shares, per page and page type, and the worst pages with
// the element behind them.

type Periods = { current: PerformanceReport; previous: PerformanceReport };

/** This period and the one before, whose p75s the figures are compared with. */
const loadPeriods = async (range: DayRange): Promise<Periods> => {
  const [current, previous] = await Promise.all([
    analyticsApi.performance(range),
    analyticsApi.performance(previousRangeOf(range)),
  ]);
  return { current, previous };
};

export function PerformancePanel({ range }: { range: DayRange }) {
  const report = useReport(loadPeriods, range);
  return (
    <ReportBody
      report={report}
      what="performance"
      isEmpty={(r) => r.current.metrics.length === 0}
      empty={{
        title: 'No speed readings in these dates yet',
        text: 'Visitors’ browsers report how fast each page loaded and answered while they use your live site. Readings show here a minute or so later. Try a longer range.',
      }}
    >
      {(r) => <Performance periods={r} range={range} />}
    </ReportBody>
  );
}

const RATING_TONES: Record<PerformanceRating, BadgeTone> = {
  good: 'success',
  'needs-improvement': 'warning',
  poor: 'danger',
};

function RatingBadge({ metric, p75 }: { metric: string; p75: number | null }) {
  const rating = vitalRating(metric, p75);
  if (!rating) return null;
  return <Badge tone={RATING_TONES[rating]}>{RATING_LABELS[rating]}</Badge>;
}

/** The value and its rating word, side by side or stacked as the cell allows. */
function RatedValue({ metric, p75 }: { metric: string; p75: number | null }) {
  return (
    <span className="analytics-table__rated">
      {vitalText(metric, p75)} <RatingBadge metric={metric} p75={p75} />
    </span>
  );
}

const readingsText = (count: number) =>
  `${countText(count)} ${count === 1 ? 'reading' : 'readings'}`;

type Shares = { good: number; needsImprovement: number; poor: number };

/** Three segments and the same shares in words. */
function ShareBar({ shares }: { shares: Shares }) {
  const parts = [
    ['good', shares.good, 'Good'],
    ['ni', shares.needsImprovement, 'Needs improvement'],
    ['poor', shares.poor, 'Poor'],
  ] as const;
  return (
    <div className="analytics-shares">
      <span className="analytics-shares__bar" aria-hidden="true">
        {parts.map(([key, share]) =>
          share > 0 ? (
            <span
              key={key}
              className={`analytics-shares__part analytics-shares__part--${key}`}
              style={{ width: `${share * 100}%` }}
            />
          ) : null,
        )}
      </span>
      <span className="analytics-shares__text">
        {parts.map(([, share, label]) => `${label} ${shareText(share)}`).join(' · ')}
      </span>
    </div>
  );
}

type PageRow = PerformanceReport['byPage'][number];
type TypeRow = PerformanceReport['byPageType'][number];
type WorstRow = PerformanceReport['worstPages'][number];

function Performance({ periods, range }: { periods: Periods; range: DayRange }) {
  const { current, previous } = periods;
  const period = previousPeriodText(range);
  const metrics = sortVitals(current.metrics);
  const [metric, setMetric] = useState(metrics[0]?.metric ?? 'LCP');
  const selectId = useId();
  const shownMetric = metrics.some((m) => m.metric === metric)
    ? metric
    : (metrics[0]?.metric ?? '');

  const measureColumns = <T extends PageRow | TypeRow>(): DataColumn<T>[] => [
    {
      key: 'p75',
      header: 'p75',
      className: 'analytics-num',
      sortValue: (row) => row.p75 ?? -1,
      cell: (row) => <RatedValue metric={row.metric} p75={row.p75} />,
    },
    {
      key: 'shares',
      header: 'Readings',
      className: 'analytics-table__shares',
      sortValue: (row) => row.count,
      cell: (row) => (
        <>
          <span className="analytics-table__count">{readingsText(row.count)}</span>
          <ShareBar shares={row} />
        </>
      ),
    },
  ];
  const pageRows = current.byPage
    .filter((row) => row.metric === shownMetric)
    .sort((a, b) => b.count - a.count);
  const typeRows = current.byPageType
    .filter((row) => row.metric === shownMetric)
    .sort((a, b) => b.count - a.count);
  const worstColumns: DataColumn<WorstRow>[] = [
    {
      key: 'path',
      header: 'Page',
      isRowHeader: true,
      className: 'analytics-table__path',
      cell: (row) => (
        <>
          {row.path}
          <span className="analytics-table__element">
            {row.element ? (
              <>
                Element: <code>{row.element}</code>
              </>
            ) : (
              'No element reported'
            )}
          </span>
        </>
      ),
    },
    {
      key: 'metric',
      header: 'Vital',
      cell: (row) => (
        <abbr title={VITAL_NAMES[row.metric] ?? row.metric} className="analytics-abbr">
          {row.metric}
        </abbr>
      ),
    },
    {
      key: 'p75',
      header: 'p75',
      className: 'analytics-num',
      cell: (row) => <RatedValue metric={row.metric} p75={row.p75} />,
    },
    {
      key: 'poor',
      header: 'Poor',
      className: 'analytics-num',
      cell: (row) => shareText(row.poor),
    },
  ];

  return (
    <div className="analytics-panel">
      <ul className="analytics-vitals" aria-label="Web vitals at the 75th percentile">
        {metrics.map((m) => {
          const before = previous.metrics.find((p) => p.metric === m.metric)?.p75 ?? null;
          return (
            <li key={m.metric} className="analytics-vital">
              <h3 className="analytics-vital__name">
                {m.metric} <span>{VITAL_NAMES[m.metric] ?? ''}</span>
              </h3>
              <p className="analytics-vital__value">
                {vitalText(m.metric, m.p75)} <RatingBadge metric={m.metric} p75={m.p75} />
              </p>
              <p className="analytics-vital__change">
                <ChangeText change={changeOf(m.p75, before, { period, isHigherBetter: false })} />
              </p>
              <ShareBar shares={m} />
              <p className="analytics-vital__small">
                {readingsText(m.count)}. {vitalBoundsText(m.metric)}.
              </p>
            </li>
          );
        })}
      </ul>
      <Card
        title="By page and page type"
        description="The 75th percentile: three visits in four were this fast or faster."
      >
        <div className="analytics-metric-choice">
          <Select
            id={selectId}
            label="Vital"
            value={shownMetric}
            onChange={(event) => setMetric(event.target.value)}
          >
            {metrics.map((m) => (
              <option key={m.metric} value={m.metric}>
                {m.metric} — {VITAL_NAMES[m.metric] ?? m.metric}
              </option>
            ))}
          </Select>
        </div>
        <h3 className="analytics-subtitle">Pages</h3>
        <DataTable
          caption={`${shownMetric} by page`}
          isCaptionHidden
          rows={pageRows}
          columns={[
            {
              key: 'path',
              header: 'Page',
              isRowHeader: true,
              className: 'analytics-table__path',
              sortValue: (row) => row.path,
              cell: (row) => row.path,
            },
            ...measureColumns<PageRow>(),
          ]}
          rowKey={(row) => row.path}
          rowLabel={(row) => row.path}
          emptyText="No readings of this vital."
          defaultPageSize={10}
        />
        <h3 className="analytics-subtitle">Page types</h3>
        <DataTable
          caption={`${shownMetric} by page type`}
          isCaptionHidden
          rows={typeRows}
          columns={[
            {
              key: 'type',
              header: 'Page type',
              isRowHeader: true,
              sortValue: (row) => pageTypeText(row.pageType),
              cell: (row) => pageTypeText(row.pageType),
            },
            ...measureColumns<TypeRow>(),
          ]}
          rowKey={(row) => String(row.pageType)}
          rowLabel={(row) => pageTypeText(row.pageType)}
          emptyText="No readings of this vital."
          isPaged={false}
        />
      </Card>
      <Card
        title="Pages to fix first"
        description="Pages with the most poor readings of LCP, CLS or INP, and the element most often behind them."
      >
        <DataTable
          caption="Pages to fix first"
          isCaptionHidden
          rows={current.worstPages}
          columns={worstColumns}
          rowKey={(row) => `${row.metric} ${row.path}`}
          rowLabel={(row) => `${row.metric} on ${row.path}`}
          emptyText="No page had a poor or middling reading. Nothing to fix."
          isPaged={false}
        />
      </Card>
    </div>
  );
}
