import { describe, expect, it } from 'vitest';
import {
  changeOf,
  countryText,
  dayText,
  durationText,
  pageTypeText,
  rangeText,
  rateText,
  seriesSummary,
  sortVitals,
  stepRate,
  vitalBoundsText,
  vitalRating,
  vitalText,
} from './analytics-figures.ts';

const period = 'previous 7 days';

describe('the change against the previous period', () => {
  it('says up or down in words, rounded to whole percents', () => {
    expect(changeOf(112, 100, { period })).toEqual({
      direction: 'up',
      tone: 'good',
      text: 'Up 12% vs previous 7 days',
    });
    expect(changeOf(50, 200, { period })).toEqual({
      direction: 'down',
      tone: 'bad',
      text: 'Down 75% vs previous 7 days',
    });
    expect(changeOf(1001, 1000, { period }).text).toBe('Up under 1% vs previous 7 days');
  });

  it('says so when nothing changed or there was nothing before', () => {
    expect(changeOf(0, 0, { period })).toMatchObject({
      direction: 'same',
      text: 'Same as previous 7 days',
    });
    expect(changeOf(5, 0, { period })).toMatchObject({
      direction: 'up',
      text: 'Up from 0 in the previous 7 days',
    });
    expect(changeOf(0.4, null, { period, kind: 'rate' })).toMatchObject({
      direction: 'none',
      text: 'No figure for the previous 7 days',
    });
    expect(changeOf(null, 0.4, { period, kind: 'rate' }).direction).toBe('none');
  });

  it('measures rates in percentage points', () => {
    expect(changeOf(0.44, 0.4, { period, kind: 'rate' }).text).toBe(
      'Up 4.0 points vs previous 7 days',
    );
  });

  it('calls a rise bad news where lower is better', () => {
    expect(changeOf(0.6, 0.5, { period, kind: 'rate', isHigherBetter: false })).toMatchObject({
      direction: 'up',
      tone: 'bad',
    });
    expect(changeOf(1800, 2400, { period, isHigherBetter: false })).toMatchObject({
      direction: 'down',
      tone: 'good',
      text: 'Down 25% vs previous 7 days',
    });
  });
});

describe('figures', () => {
  it('writes rates, durations and funnel steps', () => {
    expect(rateText(0.4213)).toBe('42.1%');
    expect(rateText(null)).toBe('—');
    expect(durationText(42)).toBe('42s');
    expect(durationText(65)).toBe('1m 05s');
    expect(durationText(3720)).toBe('1h 02m');
    expect(durationText(null)).toBe('—');
    expect(stepRate(25, 100)).toBe(0.25);
    expect(stepRate(0, 0)).toBeNull();
  });

  it('writes vitals in their unit and rates them with core’s bounds', () => {
    expect(vitalText('LCP', 2412)).toBe('2.4 s');
    expect(vitalText('INP', 180)).toBe('180 ms');
    expect(vitalText('CLS', 0.083)).toBe('0.08');
    expect(vitalRating('LCP', 2500)).toBe('good');
    expect(vitalRating('LCP', 2600)).toBe('needs-improvement');
    expect(vitalRating('CLS', 0.3)).toBe('poor');
    expect(vitalRating('TTFB', null)).toBeNull();
    expect(vitalBoundsText('INP')).toBe('Good up to 200 ms, poor above 500 ms');
    expect(sortVitals([{ metric: 'TTFB' }, { metric: 'CLS' }, { metric: 'LCP' }])).toEqual([
      { metric: 'LCP' },
      { metric: 'CLS' },
      { metric: 'TTFB' },
    ]);
  });

  it('names page types and countries', () => {
    expect(pageTypeText(50)).toBe('Product or post');
    expect(pageTypeText(999)).toBe('Page type 999');
    expect(countryText('FR')).toBe('France');
    expect(countryText('Unknown')).toBe('Unknown');
  });
});

describe('a chart’s text alternative', () => {
  it('gives the total and the busiest day', () => {
    expect(seriesSummary('Visits', ['2026-11-01', '2026-11-02', '2026-11-03'], [3, 9, 4])).toBe(
      `Visits per day: 16 in all. The busiest day was ${dayText('2026-11-02')}, with 9.`,
    );
    expect(seriesSummary('Visits', ['2026-11-01'], [0])).toBe(
      'Visits per day: none in these dates.',
    );
  });

  it('writes a range once when it is one day', () => {
    expect(rangeText({ from: '2026-11-02', to: '2026-11-02' })).not.toContain('–');
    expect(rangeText({ from: '2026-11-02', to: '2026-11-09' })).toMatch(/–/);
  });
});
