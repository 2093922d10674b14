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

/** Offset and abbreviation of a zone for one UTC hour, from Intl (slow, so cached). */
interface ZoneHour {
  offsetMinutes: number;
  abbreviation: string;
}

const HOUR_MS = 3_600_000;
const zoneHours = new Map<string, ZoneHour>();
const MAX_CACHED_HOURS = 50_000;

function zoneHour(ms: number, tz: string): ZoneHour {
  // Offsets change on whole hours (or half hours, still constant within the hour start).
  const bucket = Math.floor(ms / HOUR_MS);
  const key = `${tz}|${bucket}`;
  let zh = zoneHours.get(key);
  if (zh !== undefined) return zh;
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
      timeZoneName: 'short',
      era: 'short',
    });
    partsFormatters.set(tz, f);
  }
  const at = bucket * HOUR_MS;
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(at))) p[part.type] = part.value;
  let year = Number(p.year);
  if (p.era === 'BC' || p.era === 'B') year = 1 - year;
  const asUtc = Date.UTC(
    year,
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour) % 24,
    Number(p.minute),
    Number(p.second),
  );
  zh = { offsetMinutes: Math.round((asUtc - at) / 60000), abbreviation: p.timeZoneName ?? '' };
  if (zoneHours.size >= MAX_CACHED_HOURS) zoneHours.clear();
  zoneHours.set(key, zh);
  return zh;
}

export function zonedParts(ms: number, tz: string): ZonedParts {
  const zh = zoneHour(ms, tz);
  const d = new Date(ms + zh.offsetMinutes * 60000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
    offsetMinutes: zh.offsetMinutes,
    abbreviation: zh.abbreviation,
  };
}

export function dayKey(ms: number, tz: string): string {
  const p = zonedParts(ms, tz);
  return `${p.year}-${p.month}-${p.day}`;
}
