import { describe, expect, it } from 'vitest';
import {
  analyticsPath,
  analyticsRouteOf,
  checkCustomRange,
  DEFAULT_RANGE,
  daysIn,
  isAnalyticsPath,
  isDay,
  previousPeriodText,
  previousRangeOf,
  RANGE_PRESETS,
  rangeOf,
  todayOf,
} from './analytics-range.ts';

describe('range presets', () => {
  const today = '2026-03-15';

  it('counts today in the last n days', () => {
    expect(rangeOf({ preset: 'today' }, today)).toEqual({ from: today, to: today });
    expect(rangeOf({ preset: 'last-7-days' }, today)).toEqual({ from: '2026-03-09', to: today });
    expect(rangeOf({ preset: 'last-30-days' }, today)).toEqual({ from: '2026-02-14', to: today });
    expect(daysIn(rangeOf({ preset: 'last-90-days' }, today))).toBe(90);
  });

  it('takes calendar months, leap years included', () => {
    expect(rangeOf({ preset: 'this-month' }, today)).toEqual({ from: '2026-03-01', to: today });
    expect(rangeOf({ preset: 'last-month' }, today)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(rangeOf({ preset: 'last-month' }, '2028-03-01')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(rangeOf({ preset: 'last-month' }, '2026-01-10')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('keeps every preset within the year the API answers', () => {
    for (const { value } of RANGE_PRESETS) {
      const range = rangeOf({ preset: value }, '2026-12-31');
      expect(daysIn(range)).toBeGreaterThanOrEqual(1);
      expect(daysIn(range)).toBeLessThanOrEqual(366);
      expect(range.to <= '2026-12-31').toBe(true);
    }
  });

  it('gives fixed dates back as they are', () => {
    expect(rangeOf({ preset: 'custom', from: '2026-01-02', to: '2026-01-05' }, today)).toEqual({
      from: '2026-01-02',
      to: '2026-01-05',
    });
  });

  it('reads today in the browser’s calendar', () => {
    expect(todayOf(new Date(2026, 10, 27, 23, 59))).toBe('2026-11-27');
    expect(todayOf(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
  });
});

describe('the previous period', () => {
  it('is the same number of days just before', () => {
    expect(previousRangeOf({ from: '2026-03-09', to: '2026-03-15' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(previousRangeOf({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    // "This month" on the 15th: the 15 days before the 1st.
    expect(previousRangeOf({ from: '2026-03-01', to: '2026-03-15' })).toEqual({
      from: '2026-02-14',
      to: '2026-02-28',
    });
  });

  it('is named by its length', () => {
    expect(previousPeriodText({ from: '2026-03-09', to: '2026-03-15' })).toBe('previous 7 days');
    expect(previousPeriodText({ from: '2026-03-15', to: '2026-03-15' })).toBe('previous day');
  });
});

describe('a custom range', () => {
  const today = '2026-11-27';

  it('accepts real dates in order, up to today and a year long', () => {
    expect(checkCustomRange('2026-11-01', '2026-11-27', today)).toEqual({});
    expect(checkCustomRange('2025-11-27', '2026-11-27', today)).toEqual({});
  });

  it('says under each field what is wrong with it', () => {
    expect(checkCustomRange('', '', today)).toEqual({
      from: 'Enter a start date',
      to: 'Enter an end date',
    });
    expect(checkCustomRange('2026-02-30', '27/11/2026', today)).toEqual({
      from: 'Use a date like 2026-11-27',
      to: 'Use a date like 2026-11-27',
    });
    expect(checkCustomRange('2026-11-20', '2026-11-10', today)).toEqual({
      from: 'The start date must come before the end date',
    });
    expect(checkCustomRange('2026-11-01', '2026-11-28', today)).toEqual({
      to: 'Choose an end date no later than today',
    });
    expect(checkCustomRange('2025-11-26', '2026-11-27', today)).toEqual({
      to: 'Choose at most a year',
    });
  });

  it('knows a calendar day from a lookalike', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });
});

describe('the address', () => {
  it('keeps the tab and the range, preset or fixed', () => {
    for (const route of [
      { tab: 'traffic', choice: { preset: 'last-7-days' } },
      { tab: 'errors', choice: { preset: 'custom', from: '2026-01-01', to: '2026-01-31' } },
    ] as const) {
      const [pathname, search] = analyticsPath(route).split('?');
      expect(analyticsRouteOf(pathname ?? '', `?${search}`)).toEqual(route);
    }
    expect(analyticsPath({ tab: 'commerce', choice: { preset: 'this-month' } })).toBe(
      '/config/analytics/commerce?range=this-month',
    );
  });

  it('opens Traffic over the last 30 days for a bare or mistyped address', () => {
    expect(analyticsRouteOf('/config/analytics', '')).toEqual({
      tab: 'traffic',
      choice: DEFAULT_RANGE,
    });
    expect(analyticsRouteOf('/config/analytics/sales', '?range=forever')).toEqual({
      tab: 'traffic',
      choice: DEFAULT_RANGE,
    });
    // Backwards or longer than a year is not a range the API answers.
    expect(analyticsRouteOf('/config/analytics/errors', '?from=2026-02-01&to=2026-01-01')).toEqual({
      tab: 'errors',
      choice: DEFAULT_RANGE,
    });
    expect(analyticsRouteOf('/config/analytics/errors', '?from=2024-01-01&to=2026-01-01')).toEqual({
      tab: 'errors',
      choice: DEFAULT_RANGE,
    });
  });

  it('is not another screen’s', () => {
    expect(analyticsRouteOf('/config/orders', '')).toBeNull();
    expect(isAnalyticsPath('/config/analytics/performance')).toBe(true);
    expect(isAnalyticsPath('/config/analytics-old')).toBe(false);
  });
});
