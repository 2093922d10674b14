// Core formatters (§4 of LANGUAGE.md). Each takes the current values and returns the
// new first value; `undefined` means missing.

import { namePaths } from './args.ts';
import { applyPartial } from './executor.ts';
import { resolveIn, resolvePath } from './paths.ts';
import type { Ctx, Formatter } from './types.ts';
import { emitText, getKey, isTruthy, toNumber, toStr, type Value } from './values.ts';

const HTML_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;

export function escapeHtml(s: string): string {
  if (!HTML_SPECIAL.test(s)) return s;
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

export function escapeAttr(s: string): string {
  if (!ATTR_SPECIAL.test(s)) return s;
  return s.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}

export function jsonText(v: Value, indent?: number): string {
  if (v === undefined) return '';
  return (JSON.stringify(v, null, indent) ?? '').replace(/<\//g, '<\\/');
}

function currentIndex(ctx: Ctx): number {
  for (let i = ctx.frames.length - 1; i >= 0; i--) {
    const idx = ctx.frames[i]!.index;
    if (idx > 0) return idx;
  }
  return 0;
}

const ESCAPE_SAFE = /[A-Za-z0-9@*_+\-./]/;

/** Legacy `escape()` over the UTF-8 bytes. */
export function urlEncode(s: string): string {
  let out = '';
  const bytes = new TextEncoder().encode(s);
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    out +=
      b < 128 && ESCAPE_SAFE.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function smartypants(s: string): string {
  return s
    .replace(/---/g, '\u2014')
    .replace(/--/g, '\u2014')
    .replace(/(^|[\s([{\u2014-])"/g, '$1\u201c')
    .replace(/"/g, '\u201d')
    .replace(/(^|[\s([{\u2014-])'/g, '$1\u2018')
    .replace(/'/g, '\u2019');
}

export function truncate(s: string, n: number, ellipsis: string): string {
  if (s.length <= n) return s;
  let cut = s.slice(0, n);
  const sp = cut.lastIndexOf(' ');
  if (sp >= 0) cut = cut.slice(0, sp + 1);
  return cut + ellipsis;
}

function pathValue(ctx: Ctx, call: { args: string[]; cache?: unknown }, i: number): Value {
  const p = namePaths(call)[i];
  return p ? resolvePath(ctx, p) : undefined;
}

function findBy(
  ctx: Ctx,
  call: { args: string[]; cache?: unknown },
  v: Value,
  isLast: boolean,
): Value {
  if (!Array.isArray(v)) return undefined;
  const args = call.args;
  const path = (args.length > 1 ? args[1]! : (args[0] ?? '')).split('.');
  const lookup = args.length > 1 ? pathValue(ctx, call, 0) : undefined;
  const test = (el: Value) => {
    const x = resolveIn(el, path);
    return isTruthy(lookup === undefined ? x : getKey(lookup, toStr(x)));
  };
  if (isLast) {
    for (let i = v.length - 1; i >= 0; i--) if (test(v[i])) return v[i];
  } else for (const el of v) if (test(el)) return el;
  return undefined;
}

export const CORE_FORMATTERS: Record<string, Formatter> = {
  apply: (ctx, call, values) => {
    const name = call.args[0] ?? '';
    let isPrivate = false;
    let args: Record<string, string> | null = null;
    for (let i = 1; i < call.args.length; i++) {
      const a = call.args[i]!;
      if (a === 'private') isPrivate = true;
      else {
        const eq = a.indexOf('=');
        if (eq > 0) {
          args ??= {};
          args[a.slice(0, eq)] = a.slice(eq + 1);
        }
      }
    }
    return applyPartial(ctx, name, values[0], args, isPrivate);
  },
  count: (_ctx, _call, [v]) => {
    if (Array.isArray(v)) return v.length;
    if (typeof v === 'string') return v.length;
    if (v !== null && typeof v === 'object') return Object.keys(v).length;
    return 0;
  },
  cycle: (_ctx, call, [v]) => {
    const n = call.args.length;
    if (n === 0) return v;
    const i = Math.trunc(toNumber(v)) - 1;
    return Number.isNaN(i) ? undefined : call.args[((i % n) + n) % n];
  },
  'encode-space': (_ctx, _call, [v]) => emitText(v).replace(/\s/g, '&nbsp;'),
  'encode-uri': (_ctx, _call, [v]) => encodeURI(emitText(v)),
  'encode-uri-component': (_ctx, _call, [v]) => encodeURIComponent(emitText(v)),
  'url-encode': (_ctx, _call, [v]) => urlEncode(emitText(v)),
  'find-first': (ctx, call, [v]) => findBy(ctx, call, v, false),
  'find-last': (ctx, call, [v]) => findBy(ctx, call, v, true),
  format: (ctx, call, [v]) => {
    const s = emitText(v);
    return s.replace(/\{(\d+)\}/g, (_m, d: string) => {
      const i = Number(d);
      return i < call.args.length ? emitText(pathValue(ctx, call, i)) : '';
    });
  },
  get: (ctx, call, [v]) => {
    if (call.args.length === 0) return v;
    const segs: string[] = [];
    for (let i = 0; i < call.args.length; i++) {
      const a = pathValue(ctx, call, i);
      if (a === undefined || a === null) return undefined;
      if (Array.isArray(a)) for (const x of a) segs.push(emitText(x));
      else segs.push(emitText(a));
    }
    return resolveIn(v, segs);
  },
  html: (_ctx, _call, [v]) => escapeHtml(emitText(v)),
  htmlattr: (_ctx, _call, [v]) => escapeAttr(emitText(v)),
  htmltag: (_ctx, _call, [v]) => escapeAttr(emitText(v)),
  iter: (ctx) => currentIndex(ctx),
  json: (_ctx, _call, [v]) => jsonText(v),
  'json-pretty': (_ctx, _call, [v]) => jsonText(v, 2),
  'key-by': (_ctx, call, [v]) => {
    if (!Array.isArray(v)) return undefined;
    const path = (call.args[0] ?? '').split('.');
    const out: Record<string, Value> = {};
    for (const el of v) {
      const k = resolveIn(el, path);
      if (k !== undefined) out[emitText(k)] = el;
    }
    return out;
  },
  'line-breaks': (_ctx, _call, [v]) => emitText(v).replace(/\n/g, '<br/>'),
  lookup: (ctx, call, [v]) => {
    const key = pathValue(ctx, call, 0);
    if (typeof key !== 'string') return undefined;
    return resolveIn(v, key.split('.'));
  },
  mod: (_ctx, call, [v]) => {
    const d = call.args.length > 0 ? toNumber(call.args[0]) : 2;
    return toNumber(v) % d;
  },
  output: (_ctx, call) => call.args.join(' '),
  pluralize: (_ctx, call, [v]) => {
    const a = call.args;
    const singular = a.length >= 2 ? a[0]! : '';
    const plural = a.length >= 2 ? a[1]! : a.length === 1 ? a[0]! : 's';
    return toNumber(v) === 1 ? singular : plural;
  },
  prop: (_ctx, call, [v]) => {
    let x = v;
    for (const a of call.args) x = resolveIn(x, a.split('.'));
    return x;
  },
  raw: (_ctx, _call, [v]) => (v === undefined ? '' : (JSON.stringify(v) ?? '')),
  round: (_ctx, _call, [v]) => Math.round(toNumber(v)),
  safe: (_ctx, _call, [v]) =>
    isTruthy(v) && typeof v === 'string' ? v.replace(/<[^>]*?>/g, '') : v,
  slugify: (_ctx, _call, [v]) =>
    emitText(v)
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .replace(/\s+/g, '-'),
  smartypants: (_ctx, _call, [v]) => smartypants(emitText(v)),
  str: (_ctx, _call, [v]) => toStr(v),
  truncate: (_ctx, call, [v]) => {
    const n = call.args.length > 0 ? toNumber(call.args[0]) : 100;
    const ellipsis = call.args.length > 1 ? call.args[1]! : '...';
    return truncate(emitText(v), Number.isNaN(n) ? 100 : n, ellipsis);
  },
};
