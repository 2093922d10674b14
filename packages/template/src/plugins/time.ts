// Time zone arithmetic for the date formatter and date predicates. Uses the runtime's
// IANA zone data (Intl); the site's zone comes from `website.timeZone`, default
// America/New_York.

import { resolvePath } from '../paths.ts';
import type { Ctx } from '../types.ts';

export const DEFAULT_TIME_ZONE = 'America/New_York';

export function timeZoneOf(ctx: Ctx): string {
  const tz = resolvePath(ctx, {
    kind: 'node',
    head: 'website',
    rest: ['timeZone'],
    text: 'website.timeZone',
  });
  return typeof tz === 'string' && isValidZone(tz) ? tz : DEFAULT_TIME_ZONE;
}

const zoneValidity = new Map<string, boolean>();
function isValidZone(tz: string): boolean {
  let ok = zoneValidity.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    zoneValidity.set(tz, ok);
  }
  return ok;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday */
  weekday: number;
  offsetMinutes: number;
  abbreviation: string;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function zonedParts(ms: number, tz: string): ZonedParts {
  let f = partsFormatters.get(tz);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
      timeZoneName: 'short',
      era: 'short',
    });
    partsFormatters.set(tz, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(ms))) p[part.type] = part.value;
  let year = Number(p.year);
  if (p.era === 'BC' || p.era === 'B') year = 1 - year;
  const out: ZonedParts = {
    year,
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS[p.weekday ?? 'Sun'] ?? 0,
    offsetMinutes: 0,
    abbreviation: p.timeZoneName ?? '',
  };
  const asUtc = Date.UTC(out.year, out.month - 1, out.day, out.hour, out.minute, out.second);
  out.offsetMinutes = Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
  return out;
}

export function dayKey(ms: number, tz: string): string {
  const p = zonedParts(ms, tz);
  return `${p.year}-${p.month}-${p.day}`;
}
