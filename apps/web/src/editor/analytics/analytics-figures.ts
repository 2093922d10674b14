import {
  PageType,
  PERFORMANCE_RATING_BOUNDS,
  type PerformanceMetric,
  type PerformanceRating,
  ratePerformance,
} from '@atelier/core';

// How the analytics screen words its figures (issue 24): counts, rates and durations, the
// change against the previous period in words (up/down, never colour alone), and web
// vitals with core's rating. Pure, so the wording is tested without a browser.

const counts = new Intl.NumberFormat('en-US');

export const countText = (value: number): string => counts.format(value);

/** 0.4213 → "42.1%". */
export const rateText = (value: number | null): string =>
  value === null ? '—' : `${(value * 100).toFixed(1)}%`;

/** A share of 1 as a whole percent, for the small print beside bars: 0.2 → "20%". */
export const shareText = (value: number): string => `${Math.round(value * 100)}%`;

/** Seconds as "1m 05s", "42s", "1h 02m". */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
}

export type ChangeDirection = 'up' | 'down' | 'same' | 'none';
/** Whether the change is good news: bounce rate and load times are better lower. */
export type ChangeTone = 'good' | 'bad' | 'neutral';
export type Change = { direction: ChangeDirection; tone: ChangeTone; text: string };

/**
 * A figure against the same figure of the previous period, in words: "Up 12% vs previous 7
 * days". Rates (`kind: 'rate'`, 0–1) change in percentage points, since 40% → 44% is "up
 * 4 points", not "up 10%".
 */
export function changeOf(
  current: number | null,
  previous: number | null,
  {
    period,
    kind = 'count',
    isHigherBetter = true,
  }: { period: string; kind?: 'count' | 'rate'; isHigherBetter?: boolean },
): Change {
  if (current === null) return { direction: 'none', tone: 'neutral', text: 'Nothing to compare' };
  if (previous === null) {
    return { direction: 'none', tone: 'neutral', text: `No figure for the ${period}` };
  }
  const diff = current - previous;
  if (diff === 0) return { direction: 'same', tone: 'neutral', text: `Same as ${period}` };
  const direction = diff > 0 ? 'up' : 'down';
  const tone = diff > 0 === isHigherBetter ? 'good' : 'bad';
  const word = diff > 0 ? 'Up' : 'Down';
  if (kind === 'rate') {
    const points = Math.abs(diff) * 100;
    const amount = points < 0.1 ? 'under 0.1 points' : `${points.toFixed(1)} points`;
    return { direction, tone, text: `${word} ${amount} vs ${period}` };
  }
  if (previous === 0) return { direction, tone, text: `Up from 0 in the ${period}` };
  const percent = (Math.abs(diff) / Math.abs(previous)) * 100;
  const amount = percent < 1 ? 'under 1%' : `${Math.round(percent)}%`;
  return { direction, tone, text: `${word} ${amount} vs ${period}` };
}

/** A step of the funnel as a share of the step before it ("of those who viewed a product"). */
export const stepRate = (value: number, before: number): number | null =>
  before > 0 ? value / before : null;

export const VITAL_NAMES: Record<string, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
  FID: 'First Input Delay',
};

/** The order owners read them in: the three Core Web Vitals first. */
export const VITAL_ORDER = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'FID'] as const;

export const isVitalMetric = (metric: string): metric is PerformanceMetric =>
  Object.hasOwn(PERFORMANCE_RATING_BOUNDS, metric);

export const sortVitals = <T extends { metric: string }>(rows: readonly T[]): T[] =>
  [...rows].sort(
    (a, b) =>
      VITAL_ORDER.indexOf(a.metric as (typeof VITAL_ORDER)[number]) -
      VITAL_ORDER.indexOf(b.metric as (typeof VITAL_ORDER)[number]),
  );

/** CLS is a score ("0.08"); the rest are times ("640 ms", "2.4 s"). */
export function vitalText(metric: string, value: number | null): string {
  if (value === null) return '—';
  if (metric === 'CLS') return value.toFixed(2);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

export const RATING_LABELS: Record<PerformanceRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

/** The p75's rating with core's bounds (SPEC §9), or null for no readings or an unknown metric. */
export function vitalRating(metric: string, p75: number | null): PerformanceRating | null {
  return p75 === null || !isVitalMetric(metric) ? null : ratePerformance(metric, p75);
}

/** "Good up to 2.5 s, poor above 4.0 s": the bounds a rating was given with. */
export function vitalBoundsText(metric: string): string {
  if (!isVitalMetric(metric)) return '';
  const { good, poor } = PERFORMANCE_RATING_BOUNDS[metric];
  return `Good up to ${vitalText(metric, good)}, poor above ${vitalText(metric, poor)}`;
}

const PAGE_TYPE_LABELS: Record<number, string> = {
  [PageType.mainContent]: 'Collection list',
  [PageType.page]: 'Page',
  [PageType.splash]: 'Splash page',
  [PageType.contentItem]: 'Product or post',
  [PageType.cart]: 'Cart',
  [PageType.checkout]: 'Checkout',
  [PageType.orderConfirmed]: 'Order confirmation',
  [PageType.donate]: 'Donation',
  [PageType.subscriptionCheckout]: 'Subscription checkout',
  [PageType.orderStatus]: 'Order status',
};

export const pageTypeText = (pageType: number): string =>
  PAGE_TYPE_LABELS[pageType] ?? `Page type ${pageType}`;

/** "US" → "United States"; anything that is not a region code stays as it is. */
export function countryText(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code || 'Unknown';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const fullDayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** A website day (YYYY-MM-DD) as "27 Nov" in the owner's language. */
export const dayText = (day: string): string => dayFormat.format(dateOf(day));

/** "1 Nov 2026 – 30 Nov 2026", or one day. */
export function rangeText(range: { from: string; to: string }): string {
  if (range.from === range.to) return fullDayFormat.format(dateOf(range.from));
  return fullDayFormat.formatRange(dateOf(range.from), dateOf(range.to));
}

/**
 * A chart's text alternative: the total, and the busiest day, so a screen reader (or a
 * glance) gets what the line shows. "Visits per day: 120 in all. The busiest day was 12
 * Nov, with 30."
 */
export function seriesSummary(
  what: string,
  days: readonly string[],
  values: readonly number[],
): string {
  const total = values.reduce((sum, v) => sum + v, 0);
  if (total === 0) return `${what} per day: none in these dates.`;
  let best = 0;
  for (let i = 1; i < values.length; i += 1) if ((values[i] ?? 0) > (values[best] ?? 0)) best = i;
  const busiest = days[best];
  return `${what} per day: ${countText(total)} in all. The busiest day was ${
    busiest ? dayText(busiest) : '—'
  }, with ${countText(values[best] ?? 0)}.`;
}
