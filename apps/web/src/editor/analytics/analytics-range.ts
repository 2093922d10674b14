// The analytics screen's dates and address (issue 24): the range presets, the custom range's
// checks, the same-length previous period the figures are compared with, and the
// /config/analytics/<tab>?range=… address that keeps the tab and the range across a reload
// and Back. Pure: the screen and its tests share them.

export const ANALYTICS_TABS = ['traffic', 'commerce', 'performance', 'errors'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export const ANALYTICS_TAB_LABELS: Record<AnalyticsTab, string> = {
  traffic: 'Traffic',
  commerce: 'Commerce',
  performance: 'Performance',
  errors: 'Errors',
};

export const RANGE_PRESETS = [
  { value: 'today', label: 'Today' },
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'last-30-days', label: 'Last 30 days' },
  { value: 'last-90-days', label: 'Last 90 days' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'last-12-months', label: 'Last 12 months' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];

/** What the owner chose: a preset, which moves with the calendar, or fixed dates. */
export type RangeChoice = { preset: RangePreset } | { preset: 'custom'; from: string; to: string };

/** Days of the website, both ends included, as the dashboards' API takes them. */
export type DayRange = { from: string; to: string };

export const DEFAULT_RANGE: RangeChoice = { preset: 'last-30-days' };

/** The API answers at most a year (366 days). */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(text: string): boolean {
  return DAY_TEXT.test(text) && dayOf(msOf(text)) === text;
}

/** Today in the browser's own calendar, which is the owner's. */
export function todayOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const addDays = (day: string, days: number): string => dayOf(msOf(day) + days * DAY_MS);

/** How many days the range covers, both ends included. */
export const daysIn = (range: DayRange): number =>
  Math.round((msOf(range.to) - msOf(range.from)) / DAY_MS) + 1;

/** The dates a choice stands for on `today`. "Last 7 days" includes today. */
export function rangeOf(choice: RangeChoice, today: string): DayRange {
  const month = today.slice(0, 7);
  switch (choice.preset) {
    case 'custom':
      return { from: choice.from, to: choice.to };
    case 'today':
      return { from: today, to: today };
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'last-90-days':
      return { from: addDays(today, -89), to: today };
    case 'this-month':
      return { from: `${month}-01`, to: today };
    case 'last-month': {
      const lastDay = addDays(`${month}-01`, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case 'last-12-months':
      return { from: addDays(today, -364), to: today };
  }
}

/**
 * The period of the same length just before (the server compares with the same one): the
 * previous 7 days for the last 7, the 30 days before "This month" when it is the 30th.
 */
export function previousRangeOf(range: DayRange): DayRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** "previous 7 days", "previous day": what every change is measured against. */
export function previousPeriodText(range: DayRange): string {
  const days = daysIn(range);
  return days === 1 ? 'previous day' : `previous ${days} days`;
}

export type CustomRangeErrors = { from?: string; to?: string };

/**
 * What is wrong with a typed range, keyed by the field it shows under; empty when it can be
 * asked for. The wording of the API's own refusals where they overlap.
 */
export function checkCustomRange(from: string, to: string, today: string): CustomRangeErrors {
  const errors: CustomRangeErrors = {};
  if (!from) errors.from = 'Enter a start date';
  else if (!isDay(from)) errors.from = 'Use a date like 2026-11-27';
  if (!to) errors.to = 'Enter an end date';
  else if (!isDay(to)) errors.to = 'Use a date like 2026-11-27';
  else if (to > today) errors.to = 'Choose an end date no later than today';
  if (errors.from || errors.to) return errors;
  if (from > to) errors.from = 'The start date must come before the end date';
  else if (daysIn({ from, to }) > MAX_RANGE_DAYS) errors.to = 'Choose at most a year';
  return errors;
}

const presetValues: ReadonlySet<string> = new Set(RANGE_PRESETS.map((p) => p.value));
const isTab = (text: string): text is AnalyticsTab =>
  (ANALYTICS_TABS as readonly string[]).includes(text);

export type AnalyticsRoute = { tab: AnalyticsTab; choice: RangeChoice };

const ANALYTICS_PATH = /^\/config\/analytics(?:\/([a-z-]+))?\/?$/;

/** Whether the address is the analytics screen's, whatever its query says. */
export const isAnalyticsPath = (pathname: string): boolean => ANALYTICS_PATH.test(pathname);

/**
 * The tab and range an address names; unknown tabs and ranges fall back to Traffic and the
 * last 30 days, so an old or hand-typed link still opens the screen.
 */
export function analyticsRouteOf(pathname: string, search: string): AnalyticsRoute | null {
  const match = ANALYTICS_PATH.exec(pathname);
  if (!match) return null;
  const tab = match[1] && isTab(match[1]) ? match[1] : 'traffic';
  const query = new URLSearchParams(search);
  const preset = query.get('range') ?? '';
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  let choice: RangeChoice = DEFAULT_RANGE;
  if (presetValues.has(preset)) choice = { preset: preset as RangePreset };
  else if (isDay(from) && isDay(to) && from <= to && daysIn({ from, to }) <= MAX_RANGE_DAYS)
    choice = { preset: 'custom', from, to };
  return { tab, choice };
}

export function analyticsPath({ tab, choice }: AnalyticsRoute): string {
  const query =
    choice.preset === 'custom'
      ? `from=${choice.from}&to=${choice.to}`
      : `range=${encodeURIComponent(choice.preset)}`;
  return `/config/analytics/${tab}?${query}`;
}

export const sameChoice = (a: RangeChoice, b: RangeChoice): boolean =>
  a.preset === b.preset &&
  (a.preset !== 'custom' || (b.preset === 'custom' && a.from === b.from && a.to === b.to));
