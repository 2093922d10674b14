// The `date` formatter: strftime-style patterns over epoch milliseconds, in the site's
// time zone (website.timeZone, default America/New_York).

import type { Formatter } from '../types.ts';
import { toNumber } from '../values.ts';
import { timeZoneOf, type ZonedParts, zonedParts } from './time.ts';

const DAY_MS = 86_400_000;
const MIN_MS = (0 - 2440587.5) * DAY_MS;
const MAX_MS = Date.UTC(8653, 0, 1);

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Rejects instants outside the calendar range the platform's date library supports. */
export function checkJulianRange(ms: number): void {
  if (ms < MIN_MS || ms >= MAX_MS) {
    const jd = Math.round(ms / DAY_MS + 2440587.5);
    throw new Error(
      `Julian day ${jd} is outside the supported range of this library: Mon Jan  1 4713 B.C. to Fri Dec 31 8652 A.D.`,
    );
  }
}

const pad = (n: number, w = 2, c = '0') => String(n).padStart(w, c);

function dayOfYear(p: ZonedParts): number {
  return (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / DAY_MS + 1;
}

function isoWeek(p: ZonedParts): { week: number; year: number } {
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day));
  const dow = (p.weekday + 6) % 7; // Monday = 0
  d.setUTCDate(d.getUTCDate() - dow + 3); // Thursday of this ISO week
  const year = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / DAY_MS + 1) / 7);
  return { week, year };
}

/** Week of the year where the week holding January 1 is week 1. */
function weekOfYear(p: ZonedParts, firstDay: number): number {
  const yday = dayOfYear(p) - 1;
  const jan1 = (((p.weekday - yday) % 7) + 7) % 7;
  return Math.floor((yday + ((jan1 - firstDay + 7) % 7)) / 7) + 1;
}

function offsetText(min: number): string {
  const sign = min < 0 ? '-' : '+';
  const a = Math.abs(min);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

// Formatting is pure in (ms, zone, pattern), and pages show the same dates on every
// render: keep recent results (bounded, oldest first out).
const MAX_MEMO = 4096;
const memo = new Map<string, string>();

export function strftime(ms: number, tz: string, pattern: string): string {
  const key = `${ms}|${tz}|${pattern}`;
  let text = memo.get(key);
  if (text === undefined) {
    text = strftimeUncached(ms, tz, pattern);
    if (memo.size >= MAX_MEMO) memo.delete(memo.keys().next().value as string);
    memo.set(key, text);
  }
  return text;
}

function strftimeUncached(ms: number, tz: string, pattern: string): string {
  const p = zonedParts(ms, tz);
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const ampm = p.hour < 12 ? 'AM' : 'PM';
  const mon = MONTHS[p.month - 1]!;
  const day = DAYS[p.weekday]!;
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c !== '%' || i + 1 >= pattern.length) {
      out += c;
      continue;
    }
    const f = pattern[++i]!;
    switch (f) {
      case 'a':
        out += day.slice(0, 3);
        break;
      case 'A':
        out += day;
        break;
      case 'b':
      case 'h':
        out += mon.slice(0, 3);
        break;
      case 'B':
        out += mon;
        break;
      case 'c':
        out += `${day.slice(0, 3)}, ${mon.slice(0, 3)} ${p.day}, ${p.year} ${h12}:${pad(p.minute)}:${pad(p.second)} ${ampm} ${p.abbreviation}`;
        break;
      case 'C':
        out += pad(Math.floor(p.year / 100));
        break;
      case 'd':
        out += pad(p.day);
        break;
      case 'D':
        out += `${pad(p.month)}/${pad(p.day)}/${pad(p.year % 100)}`;
        break;
      case 'e':
        out += pad(p.day, 2, ' ');
        break;
      case 'F':
        out += `${p.year}-${pad(p.month)}-${pad(p.day)}`;
        break;
      case 'g':
        out += pad(isoWeek(p).year % 100);
        break;
      case 'G':
        out += isoWeek(p).year;
        break;
      case 'H':
        out += pad(p.hour);
        break;
      case 'I':
        out += pad(h12);
        break;
      case 'j':
        out += pad(dayOfYear(p), 3);
        break;
      case 'k':
        out += pad(p.hour, 2, ' ');
        break;
      case 'l':
        out += pad(h12, 2, ' ');
        break;
      case 'm':
        out += pad(p.month);
        break;
      case 'M':
        out += pad(p.minute);
        break;
      case 'n':
        out += '\n';
        break;
      case 'N':
        out += pad((((ms % 1000) + 1000) % 1000) * 1_000_000, 9);
        break;
      case 'p':
        out += ampm;
        break;
      case 'P':
        out += ampm.toLowerCase();
        break;
      case 'q':
        out += Math.floor((p.month - 1) / 3) + 1;
        break;
      case 'r':
        out += `${h12}:${pad(p.minute)}:${pad(p.second)} ${ampm}`;
        break;
      case 'R':
        out += `${pad(p.hour)}:${pad(p.minute)}`;
        break;
      case 's':
        out += Math.floor(ms / 1000);
        break;
      case 'S':
        out += pad(p.second);
        break;
      case 't':
        out += '\t';
        break;
      case 'T':
        out += `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
        break;
      case 'u':
        out += p.weekday === 0 ? 7 : p.weekday;
        break;
      case 'U':
        out += pad(weekOfYear(p, 0));
        break;
      case 'V':
        out += pad(isoWeek(p).week);
        break;
      case 'v':
        out += `${pad(p.day)}-${mon.slice(0, 3)}-${p.year}`;
        break;
      case 'w':
        out += p.weekday;
        break;
      case 'W':
        out += pad(weekOfYear(p, 1));
        break;
      case 'x':
        out += `${pad(p.month)}/${pad(p.day)}/${p.year}`;
        break;
      case 'X':
        out += `${pad(h12)}:${pad(p.minute)}:${pad(p.second)} ${ampm}`;
        break;
      case 'y':
        out += pad(p.year % 100);
        break;
      case 'Y':
        out += p.year;
        break;
      case 'z':
        out += offsetText(p.offsetMinutes);
        break;
      case 'Z':
        out += p.abbreviation;
        break;
      case '%':
        out += '%';
        break;
      default:
        out += `%${f}`;
    }
  }
  return out;
}

export const DATE_FORMATTERS: Record<string, Formatter> = {
  date: (ctx, call, [v]) => {
    if (call.args.length === 0) return '';
    const ms = toNumber(v);
    if (!Number.isFinite(ms)) return '';
    checkJulianRange(ms);
    return strftime(ms, timeZoneOf(ctx), call.args.join(' '));
  },
};
