// Variable references: parsing `a.b.0`, `@`, `@name`, `@index` and resolving them
// against the stack of frames through the scope chain (§2).

import type { Ctx, Path } from './types.ts';
import { getKey, type Value } from './values.ts';

const SEGMENT = /^(?:\d+|[@$]?[A-Za-z][A-Za-z0-9_-]*|@)$/;

/** Parses a variable reference, or returns null when `text` is not one. */
export function parsePath(text: string): Path | null {
  if (text === '') return null;
  const segs = text.split('.');
  for (const s of segs) if (!SEGMENT.test(s)) return null;
  const head = segs[0]!;
  const rest = segs.slice(1);
  if (head === '@') return { kind: 'self', head, rest, text };
  if (head === '@index') return { kind: 'index', head, rest, text };
  if (head === '@index0') return { kind: 'index0', head, rest, text };
  if (head.charCodeAt(0) === 64) return { kind: 'var', head: head.slice(1), rest, text };
  return { kind: 'node', head, rest, text };
}

/** Resolves a name against the stack: first segment through the scope chain. */
export function resolvePath(ctx: Ctx, p: Path): Value {
  const frames = ctx.frames;
  let v: Value;
  switch (p.kind) {
    case 'self':
      v = frames[frames.length - 1]!.node;
      break;
    case 'node': {
      v = undefined;
      for (let i = frames.length - 1; i >= 0; i--) {
        const f = frames[i]!;
        v = getKey(f.node, p.head);
        if (v !== undefined || f.isPrivate) break;
      }
      break;
    }
    case 'var': {
      v = undefined;
      for (let i = frames.length - 1; i >= 0; i--) {
        const f = frames[i]!;
        if (f.vars !== null) {
          v = f.vars.get(p.head);
          if (v !== undefined) break;
        }
        if (f.isPrivate) break;
      }
      break;
    }
    default: {
      v = undefined;
      for (let i = frames.length - 1; i >= 0; i--) {
        const f = frames[i]!;
        if (f.index > 0) {
          v = p.kind === 'index' ? f.index : f.index - 1;
          break;
        }
      }
    }
  }
  const rest = p.rest;
  for (let i = 0; i < rest.length && v !== undefined; i++) {
    v = v === null ? undefined : getKey(v, rest[i]!);
  }
  return v;
}

/** Resolves a dotted path inside a value only (no scope chain). */
export function resolveIn(v: Value, segs: readonly string[]): Value {
  for (let i = 0; i < segs.length && v !== undefined; i++) v = getKey(v, segs[i]!);
  return v;
}

/**
 * Resolution for `.section` and `.repeated section`: the platform looks the first
 * segment up in the current node only, with no scope chain (checked against the
 * reference engine; variables and predicates do use the scope chain).
 */
export function resolveSectionPath(ctx: Ctx, p: Path): Value {
  if (p.kind !== 'node') return resolvePath(ctx, p);
  let v = getKey(ctx.frames[ctx.frames.length - 1]!.node, p.head);
  const rest = p.rest;
  for (let i = 0; i < rest.length && v !== undefined; i++) {
    v = v === null ? undefined : getKey(v, rest[i]!);
  }
  return v;
}
