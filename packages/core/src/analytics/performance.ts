/** SPEC §9 performance ratings: a value at or under the good bound is good, above the poor bound poor. */

export const PERFORMANCE_RATING_BOUNDS = {
  FCP: { good: 1800, poor: 3000 },
  CLS: { good: 0.1, poor: 0.25 },
  FID: { good: 100, poor: 300 },
  INP: { good: 200, poor: 500 },
  LCP: { good: 2500, poor: 4000 },
  /** Not in the SPEC's table: web-vitals' own bounds, so every collected metric has a rating. */
  TTFB: { good: 800, poor: 1800 },
} as const;

export type PerformanceMetric = keyof typeof PERFORMANCE_RATING_BOUNDS;
export type PerformanceRating = 'good' | 'needs-improvement' | 'poor';

export const ratePerformance = (metric: PerformanceMetric, value: number): PerformanceRating => {
  const { good, poor } = PERFORMANCE_RATING_BOUNDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
};

export const PERFORMANCE_COLLECTOR = {
  version: '4.13.1',
  flushAfterLoadMs: 30_000,
  pageSpeedWaitMs: 60_000,
  elementPathMaxLength: 200,
  slowestInteractionsKept: 10,
  layoutShiftGapMs: 1000,
  layoutShiftWindowMs: 5000,
  maxTimingValue: 2_147_483_647,
} as const;

/** Timings past a 32-bit int are clock glitches, not page loads; SPEC says discard them. */
export const isTimingKept = (value: number): boolean =>
  Number.isFinite(value) && value >= 0 && value <= PERFORMANCE_COLLECTOR.maxTimingValue;
