/**
 * Web-vital distributions that add up across hours and pages: each value falls in a
 * log-scale bucket 5% wide, rollups keep bucket counts, and p75 is read from the merged
 * counts. The answer is within 5% of the exact p75, which no rating boundary notices
 * unless a page sits right on it.
 */
import type { WebVitalName } from './sources';

const GROWTH = 1.05;
const LOG_GROWTH = Math.log(GROWTH);

/** CLS is unitless and small; counted in thousandths so its buckets are as fine as ms. */
const scaleOf = (metric: WebVitalName) => (metric === 'CLS' ? 1000 : 1);

/** Bucket 0 holds zero and anything under one unit; bucket n ≥ 1 holds [1.05^(n-1), 1.05^n). */
export function vitalBucketOf(metric: WebVitalName, value: number): number {
  const scaled = value * scaleOf(metric);
  if (!(scaled >= 1)) return 0;
  return 1 + Math.floor(Math.log(scaled) / LOG_GROWTH);
}

/** The value a bucket stands for: its geometric middle, back in the metric's unit. */
export function vitalBucketValue(metric: WebVitalName, bucket: number): number {
  if (bucket <= 0) return 0;
  const scaled = GROWTH ** (bucket - 0.5);
  const value = Math.max(1, scaled) / scaleOf(metric);
  return metric === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value);
}

export type VitalHistogram = Record<string, number>;

export function addToHistogram(into: VitalHistogram, other: VitalHistogram): void {
  for (const [bucket, count] of Object.entries(other)) {
    if (Number.isFinite(count) && count > 0) into[bucket] = (into[bucket] ?? 0) + count;
  }
}

/** The q-quantile (0 < q ≤ 1) of the histogram, or null when it holds nothing. */
export function histogramQuantile(
  metric: WebVitalName,
  histogram: VitalHistogram,
  q: number,
): number | null {
  const buckets = Object.entries(histogram)
    .map(([bucket, count]) => [Number(bucket), count] as const)
    .filter(([bucket, count]) => Number.isInteger(bucket) && count > 0)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const wanted = Math.ceil(q * total);
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= wanted) return vitalBucketValue(metric, bucket);
  }
  const last = buckets[buckets.length - 1];
  return last ? vitalBucketValue(metric, last[0]) : null;
}
