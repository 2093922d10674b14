/** 'time since' for comments and posts (SPEC §9 relative time steps). */
import { timeMessages } from '../messages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const STEPS = [
  { unit: 'year', ms: YEAR },
  { unit: 'month', ms: MONTH },
  { unit: 'week', ms: WEEK },
  { unit: 'day', ms: DAY },
  { unit: 'hour', ms: HOUR },
  { unit: 'minute', ms: MINUTE },
] as const;

/**
 * The largest step that fits, counted down ('1 hour ago' until two full hours). A time in
 * the future (clock skew between server and browser) reads as just now.
 */
export const timeSince = (then: number | Date, now: number | Date): string => {
  const from = typeof then === 'number' ? then : then.getTime();
  const to = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to)) return timeMessages.invalidDate;
  const elapsed = Math.max(0, to - from);
  for (const step of STEPS) {
    if (elapsed >= step.ms) return timeMessages.ago(Math.floor(elapsed / step.ms), step.unit);
  }
  return timeMessages.lessThanAMinute;
};
