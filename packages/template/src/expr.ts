// `{.eval}` expressions (§7): tokenizer, shunting-yard compiler to RPN per `;`-separated
// expression, and a stack reducer with JavaScript semantics. Parse errors are kept on the
// compiled form and reported at every execution; nothing here throws to the caller.

import { parsePath, resolvePath } from './paths.ts';
import type { Ctx, EvalNode, Path } from './types.ts';
import { emitText, type Value } from './values.ts';

type OpName =
  | 'pos'
  | 'neg'
  | 'not'
  | 'bitnot'
  | 'pow'
  | 'mul'
  | 'div'
  | 'mod'
  | 'add'
  | 'sub'
  | 'shl'
  | 'shr'
  | 'lt'
  | 'le'
  | 'gt'
  | 'ge'
  | 'eq'
  | 'ne'
  | 'seq'
  | 'sne'
  | 'band'
  | 'bxor'
  | 'bor'
  | 'and'
  | 'or'
  | 'asn';

type Tok =
  | { k: 'val'; v: Value }
  | { k: 'ref'; p: Path }
  | { k: 'op'; op: OpName }
  | { k: 'fn'; name: string; argc: number }
  | { k: 'lp' }
  | { k: 'rp' }
  | { k: 'comma' }
  | { k: 'semi' };

interface OpInfo {
  prec: number;
  isRight: boolean;
  arity: 1 | 2;
  label: string;
}

const OPS: Record<OpName, OpInfo> = {
  pos: { prec: 15, isRight: true, arity: 1, label: 'plus' },
  neg: { prec: 15, isRight: true, arity: 1, label: 'minus' },
  not: { prec: 15, isRight: true, arity: 1, label: 'not' },
  bitnot: { prec: 15, isRight: true, arity: 1, label: 'bitwise not' },
  pow: { prec: 14, isRight: true, arity: 2, label: 'pow' },
  mul: { prec: 13, isRight: false, arity: 2, label: 'mul' },
  div: { prec: 13, isRight: false, arity: 2, label: 'div' },
  mod: { prec: 13, isRight: false, arity: 2, label: 'mod' },
  add: { prec: 12, isRight: false, arity: 2, label: 'add' },
  sub: { prec: 12, isRight: false, arity: 2, label: 'sub' },
  shl: { prec: 11, isRight: false, arity: 2, label: 'shl' },
  shr: { prec: 11, isRight: false, arity: 2, label: 'shr' },
  lt: { prec: 10, isRight: false, arity: 2, label: 'lt' },
  le: { prec: 10, isRight: false, arity: 2, label: 'lteq' },
  gt: { prec: 10, isRight: false, arity: 2, label: 'gt' },
  ge: { prec: 10, isRight: false, arity: 2, label: 'gteq' },
  eq: { prec: 9, isRight: false, arity: 2, label: 'eq' },
  ne: { prec: 9, isRight: false, arity: 2, label: 'neq' },
  seq: { prec: 9, isRight: false, arity: 2, label: 'seq' },
  sne: { prec: 9, isRight: false, arity: 2, label: 'sneq' },
  band: { prec: 8, isRight: false, arity: 2, label: 'bitwise and' },
  bxor: { prec: 7, isRight: false, arity: 2, label: 'bitwise xor' },
  bor: { prec: 6, isRight: false, arity: 2, label: 'bitwise or' },
  and: { prec: 5, isRight: false, arity: 2, label: 'and' },
  or: { prec: 4, isRight: false, arity: 2, label: 'or' },
  asn: { prec: 3, isRight: true, arity: 2, label: 'assign' },
};

const SYMBOLS: [string, OpName | 'lp' | 'rp' | 'comma' | 'semi'][] = [
  ['===', 'seq'],
  ['!==', 'sne'],
  ['**', 'pow'],
  ['<<', 'shl'],
  ['>>', 'shr'],
  ['<=', 'le'],
  ['>=', 'ge'],
  ['==', 'eq'],
  ['!=', 'ne'],
  ['&&', 'and'],
  ['||', 'or'],
  ['*', 'mul'],
  ['/', 'div'],
  ['%', 'mod'],
  ['+', 'add'],
  ['-', 'sub'],
  ['<', 'lt'],
  ['>', 'gt'],
  ['&', 'band'],
  ['^', 'bxor'],
  ['|', 'bor'],
  ['=', 'asn'],
  ['!', 'not'],
  ['~', 'bitnot'],
  ['(', 'lp'],
  [')', 'rp'],
  [',', 'comma'],
  [';', 'semi'],
];

const CONSTANTS: Record<string, Value> = {
  true: true,
  false: false,
  null: null,
  PI: Math.PI,
  E: Math.E,
  Infinity: Number.POSITIVE_INFINITY,
  NaN: Number.NaN,
};

const FUNCTIONS = new Set(['max', 'min', 'abs', 'num', 'str', 'bool']);

class ExprError extends Error {}

export interface CompiledExpr {
  /** RPN programs, one per `;`-separated expression. */
  programs: Tok[][];
  tokenCount: number;
  parseError: string | null;
  isDebug: boolean;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function readString(src: string, start: number): [string, number] {
  const quote = src[start]!;
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const c = src[i]!;
    if (c === quote) return [out, i + 1];
    if (c === '\n') throw new ExprError('Illegal bare newline in string literal');
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = src[i + 1];
    if (e === undefined) break;
    i += 2;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'f':
        out += '\f';
        break;
      case 'x': {
        const h = src.slice(i, i + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) throw new ExprError('Invalid 2-char hex escape found');
        out += codepoint(Number.parseInt(h, 16));
        i += 2;
        break;
      }
      case 'u':
      case 'U': {
        const m = /^[0-9a-fA-F]{1,6}/.exec(src.slice(i, i + 6));
        if (m === null) throw new ExprError('Invalid unicode escape found');
        out += codepoint(Number.parseInt(m[0], 16));
        i += m[0].length;
        break;
      }
      default:
        out += e;
    }
  }
  throw new ExprError('Unterminated string');
}

function codepoint(cp: number): string {
  const isControl = cp < 0x20 && cp !== 9 && cp !== 10 && cp !== 11 && cp !== 12 && cp !== 13;
  if (isControl || cp > 0x10ffff || (cp >= 0x7f && cp < 0xa0)) return ' ';
  return String.fromCodePoint(cp);
}

function readNumber(src: string, start: number): [number, number] {
  if (src[start] === '0' && (src[start + 1] === 'x' || src[start + 1] === 'X')) {
    const m = /^[0-9a-fA-F]+/.exec(src.slice(start + 2));
    if (m === null) throw new ExprError('Expected a hex digit');
    return [Number.parseInt(m[0], 16), start + 2 + m[0].length];
  }
  let i = start;
  let hasDot = false;
  while (i < src.length) {
    const c = src[i]!;
    if (isDigit(c)) i++;
    else if (c === '.') {
      if (hasDot) throw new ExprError('Duplicate decimal point in number');
      hasDot = true;
      i++;
    } else break;
  }
  if (src[i] === 'e' || src[i] === 'E') {
    i++;
    if (src[i] === '+' || src[i] === '-') i++;
    if (!isDigit(src[i])) throw new ExprError('Expected a digit after exponent in decimal number');
    while (isDigit(src[i])) i++;
  }
  return [Number(src.slice(start, i)), i];
}

function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1]))) {
      const [v, j] = readNumber(src, i);
      toks.push({ k: 'val', v });
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      const [v, j] = readString(src, i);
      toks.push({ k: 'val', v });
      i = j;
      continue;
    }
    if (c === '@' || c === '$' || /[A-Za-z]/.test(c)) {
      const m =
        /^(?:[@$]?[A-Za-z][A-Za-z0-9_-]*|@|\d+)(?:\.(?:[@$]?[A-Za-z][A-Za-z0-9_-]*|\d+))*/.exec(
          src.slice(i),
        );
      const word = m === null ? c : m[0];
      i += word.length;
      if (src[i] === '(') {
        if (!FUNCTIONS.has(word)) throw new ExprError(`Invalid function ${word}`);
        toks.push({ k: 'fn', name: word, argc: 0 });
        continue;
      }
      if (Object.hasOwn(CONSTANTS, word)) {
        toks.push({ k: 'val', v: CONSTANTS[word] });
        continue;
      }
      const p = parsePath(word);
      if (p === null) throw new ExprError(`Unexpected character at ${i - word.length}: "${c}"`);
      toks.push({ k: 'ref', p });
      continue;
    }
    let matched = false;
    for (const [sym, kind] of SYMBOLS) {
      if (src.startsWith(sym, i)) {
        i += sym.length;
        matched = true;
        if (kind === 'lp' || kind === 'rp' || kind === 'comma' || kind === 'semi')
          toks.push({ k: kind });
        else toks.push({ k: 'op', op: kind });
        break;
      }
    }
    if (!matched) throw new ExprError(`Unexpected character at ${i}: "${c}"`);
  }
  return toks;
}

/** Shunting-yard: infix tokens → RPN programs. */
function toRpn(toks: Tok[]): Tok[][] {
  const programs: Tok[][] = [];
  let out: Tok[] = [];
  const ops: Tok[] = [];
  // For each open paren: the function token it belongs to (or null) and whether it has args.
  const parens: { fn: { k: 'fn'; name: string; argc: number } | null; hasArg: boolean }[] = [];
  let prev: Tok | null = null;
  const finish = () => {
    while (ops.length > 0) {
      const t = ops.pop()!;
      if (t.k === 'lp') throw new ExprError('Mismatched operator found: left paren');
      out.push(t);
    }
    if (out.length > 0) programs.push(out);
    out = [];
  };
  for (let idx = 0; idx < toks.length; idx++) {
    const t = toks[idx]!;
    const top = parens[parens.length - 1];
    if (top !== undefined && t.k !== 'rp') top.hasArg = true;
    switch (t.k) {
      case 'val':
      case 'ref':
        out.push(t);
        break;
      case 'fn': {
        const fn = { k: 'fn' as const, name: t.name, argc: 0 };
        ops.push(fn);
        const lp = toks[idx + 1];
        if (lp !== undefined) {
          idx++;
          ops.push({ k: 'lp' });
          parens.push({ fn, hasArg: false });
        }
        break;
      }
      case 'lp':
        ops.push(t);
        parens.push({ fn: null, hasArg: false });
        break;
      case 'comma':
      case 'rp': {
        while (ops.length > 0 && ops[ops.length - 1]!.k !== 'lp') out.push(ops.pop()!);
        if (t.k === 'comma') {
          if (top?.fn) top.fn.argc++;
          break;
        }
        if (ops.length === 0) throw new ExprError('Mismatched operator found: right paren');
        ops.pop();
        const p = parens.pop()!;
        if (p.fn !== null) {
          if (p.hasArg) p.fn.argc++;
          out.push(ops.pop()!);
        }
        break;
      }
      case 'semi':
        finish();
        break;
      case 'op': {
        let op = t.op;
        const isOperand =
          prev !== null && (prev.k === 'val' || prev.k === 'ref' || prev.k === 'rp');
        if (!isOperand && (op === 'add' || op === 'sub')) op = op === 'add' ? 'pos' : 'neg';
        const info = OPS[op];
        while (ops.length > 0) {
          const o = ops[ops.length - 1]!;
          if (o.k !== 'op') break;
          const oi = OPS[o.op];
          if (info.arity === 1) break;
          if (oi.prec > info.prec || (oi.prec === info.prec && !info.isRight)) out.push(ops.pop()!);
          else break;
        }
        ops.push({ k: 'op', op });
        break;
      }
    }
    prev = t;
  }
  finish();
  return programs;
}

export function compileExpression(source: string): CompiledExpr {
  let src = source;
  const isDebug = src.startsWith('#');
  if (isDebug) src = src.slice(1);
  try {
    const toks = tokenize(src);
    return { programs: toRpn(toks), tokenCount: toks.length, parseError: null, isDebug };
  } catch (e) {
    if (!(e instanceof ExprError)) throw e;
    return { programs: [], tokenCount: 0, parseError: e.message, isDebug };
  }
}

function toNum(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === undefined) return 0;
  if (typeof v === 'string') {
    if (/^0[xX][0-9a-fA-F]+$/.test(v)) return Number.parseInt(v.slice(2), 16);
    if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) return Number(v);
    return Number.NaN;
  }
  return Number.NaN;
}

function toStrValue(v: Value): string {
  if (v === undefined || v === null) return 'null';
  return String(v);
}

function looseEq(a: Value, b: Value): boolean {
  if (a === null || a === undefined || b === null || b === undefined)
    return (a ?? null) === (b ?? null);
  if (typeof a === typeof b) return a === b;
  return toNum(a) === toNum(b);
}

function compare(a: Value, b: Value): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = toNum(a);
  const y = toNum(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  return x < y ? -1 : x > y ? 1 : 0;
}

interface ReduceState {
  ctx: Ctx;
  vars: Map<string, Value>;
  maxStringLen: number;
}

type Slot = { ref: Path } | { v: Value };

function deref(st: ReduceState, s: Slot): Value {
  if ('v' in s) return s.v;
  const p = s.ref;
  let v: Value;
  if (p.kind === 'var' && p.rest.length === 0 && st.vars.has(p.head)) v = st.vars.get(p.head);
  else v = resolvePath(st.ctx, p);
  if (v === undefined) return null;
  if (typeof v === 'object' && v !== null)
    throw new ExprError('Reduce error: unexpected token on stack');
  return v;
}

function binary(st: ReduceState, op: OpName, a: Value, b: Value): Value {
  switch (op) {
    case 'add': {
      if (typeof a === 'string' || typeof b === 'string') {
        const s = toStrValue(a) + toStrValue(b);
        if (st.maxStringLen > 0 && s.length > st.maxStringLen) {
          throw new ExprError(
            `Concatenation would exceed maximum string length ${st.maxStringLen}`,
          );
        }
        return s;
      }
      return toNum(a) + toNum(b);
    }
    case 'sub':
      return toNum(a) - toNum(b);
    case 'mul':
      return toNum(a) * toNum(b);
    case 'div':
      return toNum(a) / toNum(b);
    case 'mod':
      return toNum(a) % toNum(b);
    case 'pow':
      return toNum(a) ** toNum(b);
    case 'shl':
      return toNum(a) << toNum(b);
    case 'shr':
      return toNum(a) >> toNum(b);
    case 'band':
      return toNum(a) & toNum(b);
    case 'bor':
      return toNum(a) | toNum(b);
    case 'bxor':
      return toNum(a) ^ toNum(b);
    case 'lt':
      return compare(a, b) < 0;
    case 'le':
      return compare(a, b) <= 0;
    case 'gt':
      return compare(a, b) > 0;
    case 'ge':
      return compare(a, b) >= 0;
    case 'eq':
      return looseEq(a, b);
    case 'ne':
      return !looseEq(a, b);
    case 'seq':
      return a === b;
    case 'sne':
      return a !== b;
    case 'and':
      return truthy(a) && truthy(b);
    case 'or':
      return truthy(a) || truthy(b);
    default:
      return null;
  }
}

function truthy(v: Value): boolean {
  return !(v === null || v === undefined || v === false || v === 0 || v === '' || Number.isNaN(v));
}

function callFn(name: string, args: Value[]): Value {
  switch (name) {
    case 'max':
    case 'min': {
      if (args.length === 0) throw new ExprError(`Error calling function ${name}`);
      const nums = args.map(toNum);
      return name === 'max' ? Math.max(...nums) : Math.min(...nums);
    }
    case 'abs':
      return Math.abs(toNum(args[0] ?? null));
    case 'num':
      return toNum(args[0] ?? null);
    case 'str':
      return toStrValue(args[0] ?? null);
    default:
      return truthy(args[0] ?? null);
  }
}

/** Reduces one RPN program; returns {value, isAssignment}. */
function reduce(
  st: ReduceState,
  prog: Tok[],
  source: string,
): { value: Value; isAssignment: boolean } {
  const stack: Slot[] = [];
  let isAssignment = false;
  for (const t of prog) {
    isAssignment = false;
    switch (t.k) {
      case 'val':
        stack.push({ v: t.v });
        break;
      case 'ref':
        stack.push({ ref: t.p });
        break;
      case 'fn': {
        if (stack.length < t.argc) throw new ExprError(`Error calling function ${t.name}`);
        const args = stack.splice(stack.length - t.argc, t.argc).map((s) => deref(st, s));
        stack.push({ v: callFn(t.name, args) });
        break;
      }
      case 'op': {
        const info = OPS[t.op];
        if (stack.length < info.arity)
          throw new ExprError(`Invalid arguments to operator ${info.label}`);
        if (info.arity === 1) {
          const a = deref(st, stack.pop()!);
          const v =
            t.op === 'neg'
              ? -toNum(a)
              : t.op === 'pos'
                ? toNum(a)
                : t.op === 'not'
                  ? !truthy(a)
                  : ~toNum(a);
          stack.push({ v });
          break;
        }
        const bs = stack.pop()!;
        const as = stack.pop()!;
        if (t.op === 'asn') {
          const b = deref(st, bs);
          if ('ref' in as && as.ref.kind === 'var' && as.ref.rest.length === 0) {
            st.vars.set(as.ref.head, b);
            isAssignment = true;
            stack.push({ v: b });
            break;
          }
          throw new ExprError(`Invalid arguments to operator ${info.label}`);
        }
        stack.push({ v: binary(st, t.op, deref(st, as), deref(st, bs)) });
        break;
      }
      default:
        throw new ExprError(`Unexpected token in ${source}`);
    }
  }
  if (stack.length === 0) return { value: undefined, isAssignment };
  return { value: deref(st, stack[stack.length - 1]!), isAssignment };
}

/** Runs an `{.eval}` node and returns its output text. */
export function evaluateExpression(ctx: Ctx, node: EvalNode): string {
  let compiled = node.compiled as CompiledExpr | undefined;
  if (compiled === undefined) {
    compiled = compileExpression(node.source);
    node.compiled = compiled;
  }
  const src = compiled.isDebug ? node.source.slice(1) : node.source;
  if (compiled.parseError !== null) {
    ctx.errors.push(
      `RuntimeError: Error parsing expression: ${JSON.stringify(src)}: ${compiled.parseError}`,
    );
    return '';
  }
  const maxTokens = ctx.exprOptions.maxTokens ?? 0;
  if (maxTokens > 0 && compiled.tokenCount > maxTokens) {
    ctx.errors.push(
      `RuntimeError: Error parsing expression: ${JSON.stringify(src)}: Expression exceeds the maximum number of allowed tokens: ${maxTokens}`,
    );
    return '';
  }
  const frame = ctx.frames[ctx.frames.length - 1]!;
  const st: ReduceState = { ctx, vars: new Map(), maxStringLen: ctx.exprOptions.maxStringLen ?? 0 };
  let last: { value: Value; isAssignment: boolean } = { value: undefined, isAssignment: true };
  for (const prog of compiled.programs) {
    try {
      last = reduce(st, prog, src);
    } catch (e) {
      if (!(e instanceof ExprError)) throw e;
      ctx.errors.push(`RuntimeError: Error reducing expression: ${src}: ${e.message}`);
      return '';
    }
    // Assignments of an expression become visible only once it reduced without error.
    for (const [k, v] of st.vars) {
      if (frame.vars === null) frame.vars = new Map();
      frame.vars.set(k, v);
    }
    st.vars.clear();
  }
  const text = last.isAssignment ? '' : emitText(last.value ?? null);
  return compiled.isDebug ? `EVAL=${src} -> ${text}` : text;
}
