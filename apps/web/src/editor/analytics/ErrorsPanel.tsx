import type { ErrorsReport } from '@atelier/contract';
import { analyticsApi } from '../api/analytics-client.ts';
import { dateTimeFormat } from '../orders/order-labels.ts';
import { Card } from '../ui/index.ts';
import { changeOf, countText } from './analytics-figures.ts';
import { type DayRange, previousPeriodText, previousRangeOf } from './analytics-range.ts';
import { Figure, Figures, ReportBody, useReport } from './report-parts.tsx';

// JavaScript errors visitors' browsers hit on the site (issue 24), grouped by message and
// first stack frame: how often, since when, where and in which browsers, with the stack.

type Periods = { current: ErrorsReport; previous: ErrorsReport };

const loadPeriods = async (range: DayRange): Promise<Periods> => {
  const [current, previous] = await Promise.all([
    analyticsApi.errors(range),
    analyticsApi.errors(previousRangeOf(range)),
  ]);
  return { current, previous };
};

export function ErrorsPanel({ range }: { range: DayRange }) {
  const report = useReport(loadPeriods, range);
  return (
    <ReportBody
      report={report}
      what="errors"
      isEmpty={(r) => r.current.groups.length === 0 && r.previous.groups.length === 0}
      empty={{
        title: 'No JavaScript errors in these dates',
        text: 'When a visitor’s browser hits an error on one of your pages, it is reported and grouped here with the page, the browser and the stack trace.',
      }}
    >
      {(r) => <Errors periods={r} range={range} />}
    </ReportBody>
  );
}

const total = (report: ErrorsReport) => report.groups.reduce((sum, g) => sum + g.count, 0);

const tallyText = (tally: { key: string; count: number }[]) =>
  tally.length === 0
    ? 'Not recorded'
    : tally.map((t) => `${t.key || '(unknown)'} (${countText(t.count)})`).join(', ');

function Errors({ periods, range }: { periods: Periods; range: DayRange }) {
  const { current, previous } = periods;
  const period = previousPeriodText(range);
  const when = (ms: number) => (
    <time dateTime={new Date(ms).toISOString()}>{dateTimeFormat.format(new Date(ms))}</time>
  );
  return (
    <div className="analytics-panel">
      <Figures label="Errors in these dates">
        <Figure
          label="Errors"
          value={countText(total(current))}
          change={changeOf(total(current), total(previous), { period, isHigherBetter: false })}
        />
        <Figure
          label="Different errors"
          value={countText(current.groups.length)}
          change={changeOf(current.groups.length, previous.groups.length, {
            period,
            isHigherBetter: false,
          })}
        />
      </Figures>
      <Card title="Errors by message">
        {current.groups.length === 0 ? (
          <p className="field__hint">No errors in these dates.</p>
        ) : (
          <ul className="analytics-errors">
            {current.groups.map((group) => (
              <li key={group.fingerprint} className="analytics-error">
                <p className="analytics-error__message">
                  <code>{group.message}</code>
                </p>
                <dl className="analytics-error__facts">
                  <div>
                    <dt>Times</dt>
                    <dd>{countText(group.count)}</dd>
                  </div>
                  <div>
                    <dt>First seen</dt>
                    <dd>{when(group.firstSeen)}</dd>
                  </div>
                  <div>
                    <dt>Last seen</dt>
                    <dd>{when(group.lastSeen)}</dd>
                  </div>
                  <div className="analytics-error__wide">
                    <dt>Pages</dt>
                    <dd>{tallyText(group.pages)}</dd>
                  </div>
                  <div className="analytics-error__wide">
                    <dt>Browsers</dt>
                    <dd>{tallyText(group.browsers)}</dd>
                  </div>
                  {group.source ? (
                    <div className="analytics-error__wide">
                      <dt>Script</dt>
                      <dd>
                        <code>{group.source}</code>
                      </dd>
                    </div>
                  ) : null}
                </dl>
                {group.stack ? (
                  <details className="analytics-error__stack">
                    <summary>Stack trace</summary>
                    <pre>{group.stack}</pre>
                  </details>
                ) : (
                  <p className="field__hint">The browser sent no stack trace.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
