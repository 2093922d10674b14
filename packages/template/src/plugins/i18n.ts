// i18n formatters (§5): dates, numbers, money, ICU messages and relative times, all
// rendered from CLDR data through @phensley/cldr (the library the reference's outputs
// assume). Without locale data (locale 'none') they render empty; `timesince` then
// says "Invalid date.".

import type {
  CLDR,
  CurrencyFormatOptions,
  CurrencyType,
  DateFormatOptions,
  DecimalFormatOptions,
} from '@phensley/cldr';
import { Decimal } from '@phensley/cldr';
import { argValue, compileArg } from '../args.ts';
import type { Ctx, Formatter } from '../types.ts';
import { getKey, isObject, toStr, type Value } from '../values.ts';
import { cldrOf } from './cldr.ts';
import { timeZoneOf } from './time.ts';

/** `key:value` (or bare `key`) arguments, in order. */
function splitOption(arg: string): [string, string | undefined] {
  const i = arg.indexOf(':');
  return i < 0 ? [arg, undefined] : [arg.slice(0, i), arg.slice(i + 1)];
}

const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const isWidth = (s: string | undefined): boolean => s !== undefined && WIDTHS.has(s);

// --- numbers ---------------------------------------------------------------------

const intOpt = (v: string | undefined): number | undefined => {
  const n = Number(v);
  return v === undefined || v === '' || !Number.isInteger(n) ? undefined : n;
};

/** Number options shared by decimal, money and the message `number` argument. */
function numberOptions(args: readonly string[]): DecimalFormatOptions & Record<string, unknown> {
  const o: DecimalFormatOptions & Record<string, unknown> = {};
  for (const arg of args) {
    const [k, v] = splitOption(arg);
    switch (k) {
      case 'style':
        if (v) o.style = v as DecimalFormatOptions['style'];
        break;
      case 'group':
        o.group = v === undefined || v === '' || v === 'true';
        break;
      case 'no-group':
        o.group = false;
        break;
      case 'round':
        if (v) o.round = v as DecimalFormatOptions['round'];
        break;
      case 'minint':
      case 'minimumIntegerDigits':
        o.minimumIntegerDigits = intOpt(v);
        break;
      case 'minfrac':
      case 'minimumFractionDigits':
        o.minimumFractionDigits = intOpt(v);
        break;
      case 'maxfrac':
      case 'maximumFractionDigits':
        o.maximumFractionDigits = intOpt(v);
        break;
      case 'minsig':
      case 'minimumSignificantDigits':
        o.minimumSignificantDigits = intOpt(v);
        break;
      case 'maxsig':
      case 'maximumSignificantDigits':
        o.maximumSignificantDigits = intOpt(v);
        break;
    }
  }
  return o;
}

/** A decimal argument for CLDR: finite numbers and numeric strings; else undefined. */
function decimalOf(v: Value): Decimal | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v) : undefined;
  if (typeof v === 'string') {
    try {
      return new Decimal(v.trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** `{decimalValue, currencyCode}` or `{value, currency}`. */
function moneyOf(v: Value): { amount: Decimal; code: string } | undefined {
  if (!isObject(v)) return undefined;
  let amount = getKey(v, 'decimalValue');
  let code = getKey(v, 'currencyCode');
  if (amount === undefined) {
    amount = getKey(v, 'value');
    code = getKey(v, 'currency');
  }
  const d = decimalOf(amount);
  return d === undefined || typeof code !== 'string' ? undefined : { amount: d, code };
}

export function formatDecimal(cldr: CLDR, v: Value, args: readonly string[]): string {
  const d = decimalOf(v);
  return d === undefined ? '' : cldr.Numbers.formatDecimal(d, numberOptions(args));
}

export function formatMoney(cldr: CLDR, v: Value, args: readonly string[]): string {
  const m = moneyOf(v);
  if (m === undefined) return '';
  const options = numberOptions(args) as CurrencyFormatOptions;
  return cldr.Numbers.formatCurrency(m.amount, m.code as CurrencyType, options);
}

// --- dates -----------------------------------------------------------------------

/** ICU's choice of date-time glue for a date skeleton: by month and weekday width. */
function wrapperWidthOf(skeleton: string): string {
  const wideMonth = /MMMM|LLLL/.test(skeleton);
  if (wideMonth && /[Ec]/.test(skeleton)) return 'full';
  if (wideMonth) return 'long';
  if (/MMM|LLL/.test(skeleton)) return 'medium';
  return 'short';
}

interface DateArgs {
  datetime?: string;
  date?: string;
  time?: string;
  wrap?: string;
  skeleton?: string;
  ca?: string;
  context?: string;
}

function dateArgs(args: readonly string[]): DateArgs {
  const o: DateArgs = {};
  for (const arg of args) {
    const [k, v] = splitOption(arg);
    if (v === undefined) {
      if (isWidth(k)) o.datetime = k;
      else o.skeleton = (o.skeleton ?? '') + k;
      continue;
    }
    switch (k) {
      case 'date':
      case 'time':
      case 'datetime':
      case 'wrap':
      case 'skeleton':
      case 'context':
        o[k] = v;
        break;
      case 'calendar':
        o.ca = v;
        break;
    }
  }
  return o;
}

export function formatDatetime(
  cldr: CLDR,
  ms: number,
  zoneId: string,
  args: readonly string[],
): string {
  const a = dateArgs(args);
  const when = { date: ms, zoneId };
  const base = { ca: a.ca, context: a.context } as DateFormatOptions;
  const cal = cldr.Calendars;
  const part = (spec: string): string =>
    cal.formatDate(
      when,
      isWidth(spec)
        ? ({ ...base, date: spec } as DateFormatOptions)
        : ({ ...base, skeleton: spec } as DateFormatOptions),
    );
  if (a.skeleton !== undefined && a.date === undefined && a.time === undefined) {
    return cal.formatDate(when, { ...base, skeleton: a.skeleton } as DateFormatOptions);
  }
  const { date, time } = a;
  if (date !== undefined && time !== undefined && !(isWidth(date) && isWidth(time))) {
    const timeText = isWidth(time)
      ? cal.formatDate(when, { ...base, time } as DateFormatOptions)
      : part(time);
    const width = a.wrap ?? (isWidth(date) ? date : wrapperWidthOf(date));
    return cal.formatDateWrapper(part(date), timeText, {
      ca: a.ca,
      width,
    } as Parameters<typeof cal.formatDateWrapper>[2]);
  }
  if (date !== undefined && time === undefined && !isWidth(date)) return part(date);
  if (time !== undefined && date === undefined && !isWidth(time)) return part(time);
  return cal.formatDate(when, {
    ...base,
    datetime: a.datetime,
    date,
    time,
    wrap: a.wrap,
  } as DateFormatOptions);
}

export function formatInterval(
  cldr: CLDR,
  start: number,
  end: number,
  zoneId: string,
  args: readonly string[],
): string {
  const o: Record<string, string> = {};
  for (const arg of args) {
    const [k, v] = splitOption(arg);
    if (v === undefined) o.skeleton = k;
    else if (k === 'calendar') o.ca = v;
    else o[k] = v;
  }
  return cldr.Calendars.formatDateInterval(
    { date: start, zoneId },
    { date: end, zoneId },
    o as Parameters<CLDR['Calendars']['formatDateInterval']>[2],
  );
}

/** Epoch milliseconds of a value: numbers and numeric strings. */
function msOf(v: Value): number | undefined {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

// --- relative times ----------------------------------------------------------------

function relativeOptions(args: readonly string[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const arg of args) {
    const [k, v] = splitOption(arg);
    if (v === undefined) continue;
    switch (k) {
      case 'allowWeeks':
      case 'numericOnly':
      case 'alwaysNow':
      case 'dayOfWeek':
        o[k] = v === 'true';
        break;
      case 'field':
      case 'width':
      case 'context':
        o[k] = v;
        break;
    }
  }
  return { ...numberOptions(args), ...o };
}

const SINCE_UNITS: [number, string, string][] = [
  [31_536_000, 'a year', 'years'],
  [2_592_000, 'a month', 'months'],
  [604_800, 'a week', 'weeks'],
  [86_400, 'a day', 'days'],
  [3_600, 'an hour', 'hours'],
  [60, 'a minute', 'minutes'],
];

/** The legacy humanized span: whole units (365-day years, 30-day months) before now. */
export function timeSince(ms: number, now: number): string {
  const seconds = Math.floor((now - ms) / 1000);
  for (const [size, one, many] of SINCE_UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `about ${n === 1 ? one : `${n} ${many}`} ago`;
  }
  return 'less than a minute ago';
}

// --- messages --------------------------------------------------------------------

/** How message arguments read as text and numbers (money objects by their amount). */
function argAmount(v: Value): Value {
  if (isObject(v)) {
    const d = getKey(v, 'decimalValue');
    return d !== undefined ? d : getKey(v, 'value');
  }
  return v;
}

const converter = {
  asString(arg: Value): string {
    if (arg instanceof Decimal) return arg.toString();
    const v = argAmount(arg);
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return '';
  },
  asDecimal(arg: Value): Decimal {
    if (arg instanceof Decimal) return arg;
    const v = argAmount(arg);
    if (typeof v === 'boolean') return new Decimal(v ? 1 : 0);
    return decimalOf(v) ?? new Decimal(0);
  },
};

const msOfArg = (arg: Value): number => Number(converter.asDecimal(arg).toString());

// The message functions need the render's zone; formatting is synchronous, so the
// current one is set around each call.
let messageZone = 'UTC';

function messageFormatterOf(cldr: CLDR) {
  let f = messageFormatters.get(cldr);
  if (f === undefined) {
    const number = (args: Value[], options: string[]) =>
      cldr.Numbers.formatDecimal(converter.asDecimal(args[0]), numberOptions(options));
    const money = (args: Value[], options: string[]) => formatMoney(cldr, args[0], options);
    f = cldr.General.messageFormatter({
      converter,
      formatters: {
        number,
        decimal: number,
        money,
        currency: money,
        datetime: (args, options) => formatDatetime(cldr, msOfArg(args[0]), messageZone, options),
        'datetime-interval': (args, options) =>
          formatInterval(cldr, msOfArg(args[0]), msOfArg(args[1]), messageZone, options),
      },
    });
    messageFormatters.set(cldr, f);
  }
  return f;
}
const messageFormatters = new WeakMap<CLDR, ReturnType<CLDR['General']['messageFormatter']>>();

interface MessageArgRef {
  key: string | null;
  ref: ReturnType<typeof compileArg>;
}

function messageArgs(call: { args: string[]; cache?: unknown }): MessageArgRef[] {
  let refs = call.cache as MessageArgRef[] | undefined;
  if (refs === undefined) {
    refs = call.args.map((a) => {
      const m = /^([A-Za-z_][A-Za-z0-9_-]*)[=:](.+)$/.exec(a);
      return m ? { key: m[1]!, ref: compileArg(m[2]!) } : { key: null, ref: compileArg(a) };
    });
    call.cache = refs;
  }
  return refs;
}

const message: Formatter = (ctx, call, [v]) => {
  const cldr = cldrOf(ctx);
  if (cldr === null) return '';
  const positional: Value[] = [];
  const named: Record<string, Value> = {};
  for (const { key, ref } of messageArgs(call)) {
    const value = argValue(ctx, ref);
    positional.push(value);
    if (key !== null) named[key] = value;
  }
  messageZone = timeZoneOf(ctx);
  return messageFormatterOf(cldr).format(toStr(v), positional, named);
};

// --- table -----------------------------------------------------------------------

const withCldr =
  (f: (cldr: CLDR, ctx: Ctx, args: string[], values: Value[]) => string): Formatter =>
  (ctx, call, values) => {
    const cldr = cldrOf(ctx);
    return cldr === null ? '' : f(cldr, ctx, call.args, values);
  };

export const I18N_FORMATTERS: Record<string, Formatter> = {
  datetime: withCldr((cldr, ctx, args, [v]) => {
    const ms = msOf(v);
    return ms === undefined ? '' : formatDatetime(cldr, ms, timeZoneOf(ctx), args);
  }),
  'datetime-interval': withCldr((cldr, ctx, args, [s, e]) => {
    const start = msOf(s);
    const end = msOf(e);
    if (start === undefined || end === undefined) return '';
    return formatInterval(cldr, start, end, timeZoneOf(ctx), args);
  }),
  decimal: withCldr((cldr, _ctx, args, [v]) => formatDecimal(cldr, v, args)),
  money: withCldr((cldr, _ctx, args, [v]) => formatMoney(cldr, v, args)),
  message,
  plural: message,
  'relative-time': withCldr((cldr, ctx, args, values) => {
    const [a, b] = values;
    const start = values.length > 1 ? msOf(a) : ctx.now;
    const end = values.length > 1 ? msOf(b) : msOf(a);
    if (start === undefined || end === undefined) return '';
    return cldr.Calendars.formatRelativeTime(
      new Date(start),
      new Date(end),
      relativeOptions(args) as Parameters<CLDR['Calendars']['formatRelativeTime']>[2],
    );
  }),
  timesince: (ctx, _call, [v]) => {
    const ms = msOf(v);
    if (cldrOf(ctx) === null || ms === undefined) return 'Invalid date.';
    return `<span class="timesince" data-date="${v}">${timeSince(ms, ctx.now)}</span>`;
  },
  // Registered by the reference as no-ops (Java implements them).
  datetimefield: () => '',
  unit: () => '',
  'money-format': () => '',
  moneyFormat: () => '',
  'money-string': () => '',
  'i18n-money-format': () => '',
};
