// Arguments of formatter and predicate calls that name values: a JSON literal
// (`"x"`, `3`, `true`, `null`, `[..]`) or a variable reference. Compiled once per call
// site and kept on the call object.

import { parsePath, resolvePath } from './paths.ts';
import type { Ctx, Path } from './types.ts';
import type { Value } from './values.ts';

export type ArgRef = { lit: Value } | { path: Path } | { none: true };

export function compileArg(text: string): ArgRef {
  const c = text.charCodeAt(0);
  // JSON literals start with a quote, digit, minus, bracket, or are a keyword.
  if (
    c === 34 ||
    c === 45 ||
    (c >= 48 && c <= 57) ||
    c === 91 ||
    c === 123 ||
    text === 'true' ||
    text === 'false' ||
    text === 'null'
  ) {
    try {
      return { lit: JSON.parse(text) };
    } catch {
      // not a literal: fall through to a name
    }
  }
  const p = parsePath(text);
  return p === null ? { none: true } : { path: p };
}

export function argRefs(call: { args: string[]; cache?: unknown }): ArgRef[] {
  let refs = call.cache as ArgRef[] | undefined;
  if (refs === undefined) {
    refs = call.args.map(compileArg);
    call.cache = refs;
  }
  return refs;
}

export function argValue(ctx: Ctx, ref: ArgRef): Value {
  if ('lit' in ref) return ref.lit;
  if ('path' in ref) return resolvePath(ctx, ref.path);
  return undefined;
}

/** Name-only argument: resolve it as a variable reference (no literals). */
export function namePaths(call: { args: string[]; cache?: unknown }): (Path | null)[] {
  let paths = call.cache as (Path | null)[] | undefined;
  if (paths === undefined) {
    paths = call.args.map((a) => parsePath(a));
    call.cache = paths;
  }
  return paths;
}
