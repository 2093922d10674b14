/**
 * When a subscription bills (SPEC §3, §9; issue 22). Dates are counted in the store's time
 * zone from the first purchase, so "monthly" keeps the day of the month whatever the
 * daylight-saving rules do, and a subscription bought on the 31st bills on the last day of
 * shorter months and on the 31st again when the month has one (anchored to the first day,
 * not drifting: Jan 31 → Feb 28 → Mar 31). Pure: no clock, no I/O.
 */
import type { BillingPeriod } from './subscription';

/**
 * Days after a renewal first failed when it is tried again. The first failure makes the
 * subscription past due; when the last retry fails too it expires.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

type LocalDateTime = {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and time of an instant in a time zone. */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const asUtc = (t: LocalDateTime) =>
  Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/**
 * The instant a wall-clock time names in a time zone. A time that a spring-forward gap
 * skips is taken as the same offset as before the gap (so 02:30 becomes 03:30); a time an
 * autumn fold repeats is its first occurrence.
 */
export function instantOf(local: LocalDateTime, timeZone: string): Date {
  const wanted = asUtc(local);
  // The zone's offset near the wanted time, found by two corrections (offsets change at
  // most once a few hours apart).
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const offset = asUtc(localDateTime(new Date(guess), timeZone)) - guess;
    guess = wanted - offset;
  }
  // In a fold both offsets fit: take the earlier instant.
  const earlier = guess - 3600_000;
  if (asUtc(localDateTime(new Date(earlier), timeZone)) === wanted) return new Date(earlier);
  return new Date(guess);
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The `cycle`th billing instant of a subscription first bought at `start` (cycle 0 is the
 * purchase itself), at the purchase's wall-clock time in `timeZone`.
 */
export function billingDate(
  start: Date,
  period: BillingPeriod,
  cycle: number,
  timeZone: string,
): Date {
  if (!Number.isInteger(cycle) || cycle < 0) throw new RangeError('cycle must be 0 or more');
  if (!Number.isInteger(period.value) || period.value < 1) {
    throw new RangeError('a billing period is 1 or more units');
  }
  const first = localDateTime(start, timeZone);
  const steps = period.value * cycle;
  let local: LocalDateTime;
  if (period.unit === 'WEEK') {
    // Whole days on the calendar, so a week is 7 days on the wall clock across DST.
    const day = new Date(Date.UTC(first.year, first.month - 1, first.day + steps * 7));
    local = {
      ...first,
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
    };
  } else {
    const months = period.unit === 'MONTH' ? steps : steps * 12;
    const index = first.month - 1 + months;
    const year = first.year + Math.floor(index / 12);
    const month = (index % 12) + 1;
    // Anchored to the first purchase's day: the 31st, clamped to shorter months only.
    local = { ...first, year, month, day: Math.min(first.day, daysInMonth(year, month)) };
  }
  return instantOf(local, timeZone);
}

/**
 * Whether a subscription with `numBillingCycles` payments (0: until cancelled) has another
 * renewal after the payment of `cycle` (0 = the purchase).
 */
export const hasRenewalAfter = (cycle: number, numBillingCycles: number): boolean =>
  numBillingCycles <= 0 || cycle + 1 < numBillingCycles;

/**
 * After `failures` failed attempts of one renewal, the first at `firstFailedAt`: when to
 * try again, or null when the retries are spent and the subscription expires.
 */
export function nextRetryAt(firstFailedAt: Date, failures: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[failures - 1];
  return days === undefined ? null : new Date(firstFailedAt.getTime() + days * 86_400_000);
}

/** Renewal keys' prefix, which checkout's Idempotency-Key may not use. */
export const RENEWAL_KEY_PREFIX = 'subscription:';

/**
 * The idempotency key of one renewal charge: the same for every attempt at the same
 * cycle on every server, so a payment provider (and our own unique index) takes it once.
 */
export const renewalKey = (subscriptionId: string, cycle: number): string =>
  `${RENEWAL_KEY_PREFIX}${subscriptionId}:cycle:${cycle}`;
