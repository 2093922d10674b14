import type { TrafficReport } from '@atelier/contract';
import { useMemo } from 'react';
import { analyticsApi } from '../api/analytics-client.ts';
import { changeOf, countryText, countText, durationText, rateText } from './analytics-figures.ts';
import { type DayRange, previousPeriodText } from './analytics-range.ts';
import { type ChartSeries, DayChart } from './DayChart.tsx';
import { BreakdownTable, Figure, Figures, ReportBody, useReport } from './report-parts.tsx';

/** Visits and where they came from (issue 24): figures, the days, and the top-10 lists. */
export function TrafficPanel({ range }: { range: DayRange }) {
  const report = useReport(analyticsApi.traffic, range);
  return (
    <ReportBody
      report={report}
      what="traffic"
      isEmpty={(r) => r.totals.pageviews === 0 && r.previous.pageviews === 0}
      empty={{
        title: 'No visits in these dates yet',
        text: 'Visits to your live site are counted here a minute or so after they happen. Visitors who are bots, and your own visits while signed in to edit, are not counted. Try a longer range.',
      }}
    >
      {(r) => <Traffic report={r} range={range} />}
    </ReportBody>
  );
}

function Traffic({ report, range }: { report: TrafficReport; range: DayRange }) {
  const period = previousPeriodText(range);
  const { totals, previous } = report;
  const days = useMemo(() => report.series.map((d) => d.day), [report]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Visits', values: report.series.map((d) => d.visits), color: '#4338ca' },
      {
        label: 'Page views',
        values: report.series.map((d) => d.pageviews),
        color: '#0f766e',
        dash: [6, 4],
      },
      {
        label: 'Visitors',
        values: report.series.map((d) => d.visitors),
        color: '#b45309',
        dash: [2, 3],
      },
    ],
    [report],
  );
  const { breakdowns } = report;
  return (
    <div className="analytics-panel">
      <Figures label="Traffic in these dates">
        <Figure
          label="Visits"
          value={countText(totals.visits)}
          change={changeOf(totals.visits, previous.visits, { period })}
        />
        <Figure
          label="Unique visitors"
          value={countText(totals.visitors)}
          change={changeOf(totals.visitors, previous.visitors, { period })}
        />
        <Figure
          label="Page views"
          value={countText(totals.pageviews)}
          change={changeOf(totals.pageviews, previous.pageviews, { period })}
        />
        <Figure
          label="Bounce rate"
          value={rateText(totals.bounceRate)}
          change={changeOf(totals.bounceRate, previous.bounceRate, {
            period,
            kind: 'rate',
            isHigherBetter: false,
          })}
        />
        <Figure
          label="Time per visit"
          value={durationText(totals.avgVisitSeconds)}
          change={changeOf(totals.avgVisitSeconds, previous.avgVisitSeconds, { period })}
        />
      </Figures>
      <section className="ui-card analytics-chart-card" aria-labelledby="analytics-days-title">
        <h2 className="ui-card__title" id="analytics-days-title">
          Visits per day
        </h2>
        {days.length > 1 ? (
          <DayChart title="Visits, page views and visitors per day" days={days} series={series} />
        ) : (
          <p className="field__hint">
            One day is shown as the figures above; choose a longer range to see the days side by
            side.
          </p>
        )}
      </section>
      <div className="analytics-grid">
        <BreakdownTable
          title="Top pages"
          keyHeader="Page"
          rows={breakdowns.pages}
          measures={['pageviews', 'visits']}
          headers={{ visits: 'Entrances' }}
        />
        <BreakdownTable
          title="Sources"
          keyHeader="Source"
          rows={breakdowns.sources}
          measures={['visits', 'visitors']}
        />
        <BreakdownTable
          title="UTM campaigns"
          keyHeader="Campaign"
          rows={breakdowns.utmCampaigns}
          measures={['visits', 'pageviews']}
        />
        <BreakdownTable
          title="Devices"
          keyHeader="Device"
          rows={breakdowns.devices}
          measures={['visits', 'visitors']}
        />
        <BreakdownTable
          title="Browsers"
          keyHeader="Browser"
          rows={breakdowns.browsers}
          measures={['visits', 'visitors']}
        />
        <BreakdownTable
          title="Countries"
          keyHeader="Country"
          rows={breakdowns.countries}
          measures={['visits', 'visitors']}
          keyText={countryText}
        />
      </div>
    </div>
  );
}
