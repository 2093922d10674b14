import { describe, expect, it } from 'vitest';
import {
  billingDate,
  hasRenewalAfter,
  instantOf,
  localDateTime,
  nextRetryAt,
  renewalKey,
} from './billing-schedule';

const monthly = { value: 1, unit: 'MONTH' } as const;
const local = (instant: Date, zone: string) => {
  const t = localDateTime(instant, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`;
};

describe('billing dates', () => {
  it('keeps the first purchase’s day, clamped to shorter months, not drifting', () => {
    // 31 January 2026, 10:00 in New York (15:00 UTC).
    const start = new Date('2026-01-31T15:00:00Z');
    const zone = 'America/New_York';
    expect([1, 2, 3, 13].map((n) => local(billingDate(start, monthly, n, zone), zone))).toEqual([
      '2026-02-28 10:00',
      // Daylight saving began on 8 March: still 10:00 on the wall clock.
      '2026-03-31 10:00',
      '2026-04-30 10:00',
      '2027-02-28 10:00',
    ]);
    expect(billingDate(start, monthly, 0, zone).toISOString()).toBe(start.toISOString());
  });

  it('bills yearly from 29 February on the 28th, and on the 29th in leap years', () => {
    const start = new Date('2024-02-29T12:00:00Z');
    const yearly = { value: 1, unit: 'YEAR' } as const;
    expect([1, 2, 4].map((n) => local(billingDate(start, yearly, n, 'UTC'), 'UTC'))).toEqual([
      '2025-02-28 12:00',
      '2026-02-28 12:00',
      '2028-02-29 12:00',
    ]);
  });

  it('counts weeks on the calendar across a daylight-saving change', () => {
    const zone = 'Europe/Berlin';
    // Wednesday 25 March 2026, 09:00 CET; clocks go forward on the 29th.
    const start = new Date('2026-03-25T08:00:00Z');
    const next = billingDate(start, { value: 1, unit: 'WEEK' }, 1, zone);
    expect(local(next, zone)).toBe('2026-04-01 09:00');
    expect(next.getTime() - start.getTime()).toBe(7 * 86_400_000 - 3600_000);
    const fortnightly = billingDate(start, { value: 2, unit: 'WEEK' }, 3, zone);
    expect(local(fortnightly, zone)).toBe('2026-05-06 09:00');
    expect(local(billingDate(start, { value: 3, unit: 'MONTH' }, 2, zone), zone)).toBe(
      '2026-09-25 09:00',
    );
  });

  it('reads wall-clock times in gaps and folds of a time zone', () => {
    const zone = 'Europe/Berlin';
    const at = (day: number, month: number, hour: number, minute: number) =>
      instantOf({ year: 2026, month, day, hour, minute, second: 0 }, zone).toISOString();
    // 02:30 does not exist on 29 March: it is read as 03:30 CEST.
    expect(at(29, 3, 2, 30)).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October: the first (CEST) one.
    expect(at(25, 10, 2, 30)).toBe('2026-10-25T00:30:00.000Z');
    expect(at(1, 7, 12, 0)).toBe('2026-07-01T10:00:00.000Z');
  });

  it('refuses a negative cycle or an empty period', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(() => billingDate(start, monthly, -1, 'UTC')).toThrow(RangeError);
    expect(() => billingDate(start, { value: 0, unit: 'MONTH' }, 1, 'UTC')).toThrow(RangeError);
  });
});

describe('renewals', () => {
  it('renews until cancelled with 0 cycles, else until the last payment', () => {
    expect(hasRenewalAfter(0, 0)).toBe(true);
    expect(hasRenewalAfter(120, 0)).toBe(true);
    expect(hasRenewalAfter(0, 1)).toBe(false);
    expect(hasRenewalAfter(1, 3)).toBe(true);
    expect(hasRenewalAfter(2, 3)).toBe(false);
  });

  it('retries a failed renewal 1, 3 and 5 days after it first failed, then gives up', () => {
    const failed = new Date('2026-05-01T10:00:00Z');
    expect(nextRetryAt(failed, 1)?.toISOString()).toBe('2026-05-02T10:00:00.000Z');
    expect(nextRetryAt(failed, 2)?.toISOString()).toBe('2026-05-04T10:00:00.000Z');
    expect(nextRetryAt(failed, 3)?.toISOString()).toBe('2026-05-06T10:00:00.000Z');
    expect(nextRetryAt(failed, 4)).toBeNull();
  });

  it('names each cycle’s charge the same way on every attempt', () => {
    expect(renewalKey('sub-1', 3)).toBe('subscription:sub-1:cycle:3');
    expect(renewalKey('sub-1', 3)).not.toBe(renewalKey('sub-1', 4));
  });
});
