// Executor: walks a compiled tree over a JSON context and appends to one output string.
// Errors are collected in ctx.errors; a throwing formatter aborts only its own tag.

import { parseCached } from './compile-cache.ts';
import { evaluateExpression } from './expr.ts';
import { resolvePath, resolveSectionPath } from './paths.ts';
import type {
  CompiledTemplate,
  Ctx,
  FormatterCall,
  Frame,
  IfNode,
  Node,
  OrNode,
  Path,
  PredicateCall,
  Tables,
} from './types.ts';
import { emitText, isTruthy, type Value } from './values.ts';

export const MAX_PARTIAL_DEPTH = 16;
const RUNTIME = 'RuntimeError: ';

export function newFrame(node: Value): Frame {
  return { node, vars: null, macros: null, index: 0, isPrivate: false };
}

export function setVar(frame: Frame, name: string, v: Value): void {
  if (frame.vars === null) frame.vars = new Map();
  frame.vars.set(name, v);
}

function errorName(e: unknown): string {
  return e instanceof Error ? e.name : 'Error';
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs the formatter chain over the values; returns undefined-or-value, or a failure mark. */
const FAILED = Symbol('failed');

function applyFormatters(
  ctx: Ctx,
  fmts: FormatterCall[],
  values: Value[],
  opcode: string,
): Value | typeof FAILED {
  for (let i = 0; i < fmts.length; i++) {
    const f = fmts[i]!;
    try {
      values[0] = f.impl(ctx, f, values);
    } catch (e) {
      ctx.errors.push(
        `${RUNTIME}Unexpected ${errorName(e)} error when executing ${opcode}: ${errorMessage(e)}`,
      );
      return FAILED;
    }
  }
  return values[0];
}

function resolveAll(ctx: Ctx, paths: Path[]): Value[] {
  const out = new Array<Value>(paths.length);
  for (let i = 0; i < paths.length; i++) out[i] = resolvePath(ctx, paths[i]!);
  return out;
}

export function testPredicate(ctx: Ctx, call: PredicateCall, opcode: string): boolean {
  if (call.impl === null) return false;
  try {
    return call.impl(ctx, call);
  } catch (e) {
    ctx.errors.push(
      `${RUNTIME}Unexpected ${errorName(e)} error when executing ${opcode}: ${errorMessage(e)}`,
    );
    return false;
  }
}

function evalIf(ctx: Ctx, node: IfNode): boolean {
  let result = isTruthy(resolvePath(ctx, node.paths[0]!));
  for (let i = 0; i < node.ops.length; i++) {
    if (node.ops[i] === '&&') {
      if (!result) continue;
      result = isTruthy(resolvePath(ctx, node.paths[i + 1]!));
    } else {
      if (result) continue;
      result = isTruthy(resolvePath(ctx, node.paths[i + 1]!));
    }
  }
  return result;
}

function renderOr(ctx: Ctx, alt: OrNode | null): string {
  for (let or = alt; or !== null; or = or.alt) {
    if (or.pred === null || testPredicate(ctx, or.pred, 'OR_PREDICATE'))
      return renderBlock(ctx, or.body);
  }
  return '';
}

function findMacro(ctx: Ctx, name: string): Node[] | undefined {
  const frames = ctx.frames;
  for (let i = frames.length - 1; i >= 0; i--) {
    const m = frames[i]!.macros;
    if (m !== null) {
      const body = m.get(name);
      if (body !== undefined) return body;
    }
  }
  return undefined;
}

/** Finds the code of a macro or partial; reports and returns undefined on failure. */
function lookupPartial(ctx: Ctx, tables: Tables, name: string): Node[] | undefined {
  const macro = findMacro(ctx, name);
  if (macro !== undefined) return macro;
  let compiled = ctx.partialCache.get(name);
  if (compiled === undefined) {
    const src = Object.hasOwn(ctx.partials, name) ? ctx.partials[name] : undefined;
    if (src === undefined) {
      ctx.errors.push(`${RUNTIME}Attempt to apply partial '${name}' which could not be found.`);
      return undefined;
    }
    compiled = typeof src === 'string' ? parseCached(src, tables) : src;
    ctx.partialCache.set(name, compiled);
  }
  if (compiled.errors.length > 0) {
    for (const e of compiled.errors)
      ctx.errors.push(`${RUNTIME}Parse of partial "${name}" failed: ${e}`);
    return undefined;
  }
  return compiled.code;
}

function enterPartial(ctx: Ctx, name: string): boolean {
  // Fan-out through partials can grow exponentially within the depth limit: check time.
  if (!checkBudget(ctx)) return false;
  if (ctx.depth >= MAX_PARTIAL_DEPTH) {
    ctx.errors.push(
      `${RUNTIME}Attempt to apply partial '${name}' exceeded maximum recursion depth of ${MAX_PARTIAL_DEPTH}`,
    );
    return false;
  }
  return true;
}

/** Renders macro or partial `name` over `node` in a new frame (the `apply` formatter). */
export function applyPartial(
  ctx: Ctx,
  name: string,
  node: Value,
  args: Record<string, string> | null,
  isPrivate: boolean,
): string {
  if (!enterPartial(ctx, name)) return '';
  const code = lookupPartial(ctx, ctx.tables, name);
  if (code === undefined) return '';
  const frame = newFrame(node);
  frame.isPrivate = isPrivate;
  if (args !== null) setVar(frame, 'args', args);
  ctx.frames.push(frame);
  ctx.depth++;
  try {
    return renderBlock(ctx, code);
  } finally {
    ctx.depth--;
    ctx.frames.pop();
  }
}

function checkBudget(ctx: Ctx): boolean {
  if (ctx.isAborted) return false;
  if (performance.now() > ctx.deadline) {
    ctx.isAborted = true;
    ctx.errors.push(`${RUNTIME}Rendering exceeded its time budget and was stopped`);
    return false;
  }
  return true;
}

export function renderBlock(ctx: Ctx, nodes: Node[]): string {
  let out = '';
  for (let i = 0; i < nodes.length; i++) {
    if (ctx.isAborted) return out;
    const node = nodes[i]!;
    if (typeof node === 'string') {
      out += node;
      continue;
    }
    switch (node.t) {
      case 'var': {
        if (node.fmts.length === 0) {
          // Only the first value is emitted; the others cannot have effects.
          out += emitText(resolvePath(ctx, node.paths[0]!));
          break;
        }
        const values = resolveAll(ctx, node.paths);
        const v = applyFormatters(ctx, node.fmts, values, 'VARIABLE');
        if (v !== FAILED) out += emitText(v);
        break;
      }
      case 'section': {
        const v = resolveSectionPath(ctx, node.path);
        if (isTruthy(v)) {
          ctx.frames.push(newFrame(v));
          out += renderBlock(ctx, node.body);
          ctx.frames.pop();
        } else if (node.alt !== null) {
          // The alternative runs with the falsy value as the current node (platform behaviour).
          ctx.frames.push(newFrame(v));
          out += renderOr(ctx, node.alt);
          ctx.frames.pop();
        }
        break;
      }
      case 'repeated': {
        const v = resolveSectionPath(ctx, node.path);
        if (Array.isArray(v) && v.length > 0) {
          if (!checkBudget(ctx)) return out;
          const frame = newFrame(v);
          ctx.frames.push(frame);
          for (let k = 0; k < v.length; k++) {
            if (k > 0 && node.alternates !== null) out += renderBlock(ctx, node.alternates);
            const el = newFrame(v[k]);
            el.index = k + 1;
            ctx.frames.push(el);
            out += renderBlock(ctx, node.body);
            ctx.frames.pop();
            if (ctx.outputBudget < out.length) {
              ctx.isAborted = true;
              ctx.errors.push(
                `${RUNTIME}Rendering exceeded the maximum output size and was stopped`,
              );
              break;
            }
          }
          ctx.frames.pop();
        } else if (node.alt !== null) out += renderOr(ctx, node.alt);
        break;
      }
      case 'predicate':
        if (testPredicate(ctx, node.pred, 'PREDICATE')) out += renderBlock(ctx, node.body);
        else if (node.alt !== null) out += renderOr(ctx, node.alt);
        break;
      case 'if':
        if (evalIf(ctx, node)) out += renderBlock(ctx, node.body);
        else if (node.alt !== null) out += renderOr(ctx, node.alt);
        break;
      case 'bindvar': {
        const values = resolveAll(ctx, node.paths);
        const v =
          node.fmts.length === 0 ? values[0] : applyFormatters(ctx, node.fmts, values, 'BINDVAR');
        if (v !== FAILED) setVar(ctx.frames[ctx.frames.length - 1]!, node.name, v);
        break;
      }
      case 'ctxvar': {
        const obj: Record<string, Value> = {};
        for (const b of node.bindings) {
          const v = resolvePath(ctx, b.path);
          obj[b.key] = v === undefined ? null : v;
        }
        setVar(ctx.frames[ctx.frames.length - 1]!, node.name, obj);
        break;
      }
      case 'macro': {
        const frame = ctx.frames[ctx.frames.length - 1]!;
        if (frame.macros === null) frame.macros = new Map();
        frame.macros.set(node.name, node.body);
        break;
      }
      case 'include': {
        if (!ctx.isIncludeEnabled) break;
        if (!enterPartial(ctx, node.name)) break;
        const code = lookupPartial(ctx, ctx.tables, node.name);
        if (code === undefined) break;
        ctx.depth++;
        try {
          const text = renderBlock(ctx, code);
          if (node.hasOutput) out += text;
        } finally {
          ctx.depth--;
        }
        break;
      }
      case 'inject': {
        const v = Object.hasOwn(ctx.inject, node.path) ? ctx.inject[node.path] : undefined;
        setVar(ctx.frames[ctx.frames.length - 1]!, node.name, v);
        break;
      }
      case 'eval':
        if (ctx.isExprEnabled) out += evaluateExpression(ctx, node);
        break;
    }
  }
  return out;
}

export function renderCompiled(ctx: Ctx, compiled: CompiledTemplate): string {
  return renderBlock(ctx, compiled.code);
}
