import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { analyticsApi } from '../api/analytics-client.ts';
import { Button, buttonClass, Icon, Select, Tabs, TextField } from '../ui/index.ts';
import { rangeText } from './analytics-figures.ts';
import {
  ANALYTICS_TAB_LABELS,
  ANALYTICS_TABS,
  type AnalyticsRoute,
  type AnalyticsTab,
  analyticsPath,
  analyticsRouteOf,
  type CustomRangeErrors,
  checkCustomRange,
  DEFAULT_RANGE,
  previousRangeOf,
  RANGE_PRESETS,
  type RangeChoice,
  type RangePreset,
  rangeOf,
  todayOf,
} from './analytics-range.ts';
import { CommercePanel } from './CommercePanel.tsx';
import { ErrorsPanel } from './ErrorsPanel.tsx';
import { PerformancePanel } from './PerformancePanel.tsx';
import { TrafficPanel } from './TrafficPanel.tsx';
import './analytics.css';

// The owner's analytics (issue 24): four dashboards over one date range, compared with the
// period just before. The tab and the range live in the address (/config/analytics/<tab>
// ?range=… or ?from=…&to=…), so a reload, a shared link and Back all show the same view.
// Loaded as its own chunk by EditorApp; its chart library is a further chunk (DayChart).

const routeInLocation = (): AnalyticsRoute =>
  analyticsRouteOf(window.location.pathname, window.location.search) ?? {
    tab: 'traffic',
    choice: DEFAULT_RANGE,
  };

/** The route in the address, kept in step with Back and Forward. */
function useAnalyticsRoute() {
  const [route, setRoute] = useState(routeInLocation);
  useEffect(() => {
    // Opened from the menu (at /config) or by a short link: write the full address in
    // place, without a history entry of its own.
    const canonical = analyticsPath(routeInLocation());
    if (`${window.location.pathname}${window.location.search}` !== canonical)
      window.history.replaceState(window.history.state, '', canonical);
    const onPopState = () => {
      if (analyticsRouteOf(window.location.pathname, window.location.search))
        setRoute(routeInLocation());
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const go = (next: AnalyticsRoute) => {
    const path = analyticsPath(next);
    // A tab reports its choice on press and again on focus: one entry per view, so Back
    // never shows the same view twice.
    if (`${window.location.pathname}${window.location.search}` === path) return;
    window.history.pushState({ analytics: true }, '', path);
    setRoute(next);
  };
  return [route, go] as const;
}

export default function AnalyticsScreen() {
  const [route, go] = useAnalyticsRoute();
  // Today as the owner's calendar has it, fixed while the screen is open.
  const [today] = useState(() => todayOf(new Date()));
  const range = useMemo(() => rangeOf(route.choice, today), [route.choice, today]);
  const panels: Record<AnalyticsTab, React.ReactNode> = {
    traffic: <TrafficPanel range={range} />,
    commerce: <CommercePanel range={range} />,
    performance: <PerformancePanel range={range} />,
    errors: <ErrorsPanel range={range} />,
  };
  return (
    <div className="screen analytics-screen">
      <div className="screen-header">
        <div>
          <h1>Analytics</h1>
          <p className="screen-header__lead">
            How visitors find and use your site, counted by the site itself: no third-party script,
            no IP addresses kept.
          </p>
        </div>
      </div>
      <div className="analytics-toolbar">
        <RangePicker
          choice={route.choice}
          today={today}
          onChoose={(choice) => go({ ...route, choice })}
        />
        <a
          className={buttonClass({ className: 'analytics-toolbar__csv' })}
          href={analyticsApi.csvUrl(route.tab, range)}
          download
        >
          <Icon name="download" />
          Download CSV
        </a>
      </div>
      <p className="analytics-period" role="status">
        {rangeText(range)}, compared with {rangeText(previousRangeOf(range))}
      </p>
      <Tabs
        label="Dashboards"
        value={route.tab}
        onValueChange={(tab) => go({ ...route, tab })}
        items={ANALYTICS_TABS.map((tab) => ({
          value: tab,
          label: ANALYTICS_TAB_LABELS[tab],
          content: panels[tab],
        }))}
      />
    </div>
  );
}

/**
 * The dates: a preset, or "Custom dates" with a start and an end checked before they are
 * asked for (the message shows under the field it is about).
 */
function RangePicker({
  choice,
  today,
  onChoose,
}: {
  choice: RangeChoice;
  today: string;
  onChoose: (choice: RangeChoice) => void;
}) {
  const [preset, setPreset] = useState<RangePreset | 'custom'>(choice.preset);
  const current = rangeOf(choice, today);
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const [errors, setErrors] = useState<CustomRangeErrors>({});
  // Back or Forward changed the range: show it.
  useEffect(() => {
    setPreset(choice.preset);
    const shown = rangeOf(choice, today);
    setFrom(shown.from);
    setTo(shown.to);
    setErrors({});
  }, [choice, today]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCustomRange(from, to, today);
    setErrors(found);
    if (found.from || found.to) return;
    onChoose({ preset: 'custom', from, to });
  };

  return (
    <div className="analytics-range">
      <Select
        label="Dates"
        className="analytics-range__preset"
        value={preset}
        onChange={(event) => {
          const next = event.target.value as RangePreset | 'custom';
          setPreset(next);
          if (next !== 'custom') onChoose({ preset: next });
        }}
      >
        {RANGE_PRESETS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
        <option value="custom">Custom dates</option>
      </Select>
      {preset === 'custom' ? (
        <form className="analytics-range__custom" noValidate onSubmit={apply}>
          <TextField
            type="date"
            label="From"
            value={from}
            max={today}
            error={errors.from}
            onChange={(event) => setFrom(event.target.value)}
          />
          <TextField
            type="date"
            label="To"
            value={to}
            max={today}
            error={errors.to}
            onChange={(event) => setTo(event.target.value)}
          />
          <Button type="submit" variant="primary">
            Apply
          </Button>
        </form>
      ) : null}
    </div>
  );
}
