// Core predicates (§6 of LANGUAGE.md).

import { argRefs, argValue } from './args.ts';
import { resolvePath } from './paths.ts';
import type { Ctx, Predicate, PredicateCall } from './types.ts';
import { deepEqual, isTruthy, toNumber, type Value } from './values.ts';

function current(ctx: Ctx): Value {
  return ctx.frames[ctx.frames.length - 1]!.node;
}

/** The two operands: (a, b) with two args, (current node, a) with one. */
function operands(ctx: Ctx, call: PredicateCall): [Value, Value] | null {
  const refs = argRefs(call);
  if (refs.length >= 2) return [argValue(ctx, refs[0]!), argValue(ctx, refs[1]!)];
  if (refs.length === 1) return [current(ctx), argValue(ctx, refs[0]!)];
  return null;
}

function compare(a: Value, b: Value): number {
  if (typeof a === 'number') {
    const y = toNumber(b);
    return a < y ? -1 : a > y ? 1 : a === y ? 0 : Number.NaN;
  }
  if (typeof a === 'string') {
    const y = typeof b === 'string' ? b : String(b);
    return a < y ? -1 : a > y ? 1 : 0;
  }
  if (typeof a === 'boolean') {
    const x = a ? 1 : 0;
    const y = toNumber(b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  }
  return Number.NaN;
}

const comparison =
  (test: (c: number) => boolean): Predicate =>
  (ctx, call) => {
    const ops = operands(ctx, call);
    return ops !== null && test(compare(ops[0], ops[1]));
  };

function numberArg(ctx: Ctx, call: PredicateCall): Value {
  const refs = argRefs(call);
  return refs.length > 0 ? argValue(ctx, refs[0]!) : current(ctx);
}

function integerOf(v: Value): number | null {
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  const n = toNumber(v);
  return Number.isInteger(n) ? n : null;
}

export const CORE_PREDICATES: Record<string, Predicate> = {
  'equal?': (ctx, call) => {
    const ops = operands(ctx, call);
    return ops !== null && deepEqual(ops[0], ops[1]);
  },
  'notEqual?': (ctx, call) => {
    const ops = operands(ctx, call);
    return ops !== null && !deepEqual(ops[0], ops[1]);
  },
  'greaterThan?': comparison((c) => c > 0),
  'greaterThanOrEqual?': comparison((c) => c >= 0),
  'lessThan?': comparison((c) => c < 0),
  'lessThanOrEqual?': comparison((c) => c <= 0),
  'even?': (ctx, call) => {
    const n = integerOf(numberArg(ctx, call));
    return n !== null && n % 2 === 0;
  },
  'odd?': (ctx, call) => {
    const n = integerOf(numberArg(ctx, call));
    return n !== null && Math.abs(n % 2) === 1;
  },
  'nth?': (ctx, call) => {
    const refs = argRefs(call);
    if (refs.length === 0) return false;
    const v = refs.length >= 2 ? argValue(ctx, refs[0]!) : current(ctx);
    const d = toNumber(argValue(ctx, refs[refs.length - 1]!));
    const n = integerOf(v);
    return n !== null && d !== 0 && !Number.isNaN(d) && n % d === 0;
  },
  'plural?': (ctx) => toNumber(current(ctx)) > 1,
  'singular?': (ctx) => toNumber(current(ctx)) === 1,
  'debug?': (ctx) =>
    isTruthy(resolvePath(ctx, { kind: 'node', head: 'debug', rest: [], text: 'debug' })),
};
