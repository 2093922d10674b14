// Shapes shared by the parser, the executor and the formatter/predicate tables. A
// compiled template is a tree of these nodes; it holds no per-render state except
// memoised, render-independent compilations (expressions), so it can be reused.

import type { Value } from './values.ts';

/** A variable reference resolved against the stack of frames (§2). */
export interface Path {
  /** 'self' = `@`, 'node' = key lookup through the scope chain, 'var' = `@name`. */
  kind: 'self' | 'node' | 'var' | 'index' | 'index0';
  head: string;
  rest: string[];
  text: string;
}

export interface FormatterCall {
  name: string;
  args: string[];
  impl: Formatter;
  /** Per-call-site compiled arguments, filled lazily by the formatter itself. */
  cache?: unknown;
}

export interface PredicateCall {
  name: string;
  args: string[];
  /** null when the predicate is unknown: the block is treated as false. */
  impl: Predicate | null;
  cache?: unknown;
}

export type Node =
  | string
  | VarNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | BindVarNode
  | CtxVarNode
  | MacroNode
  | IncludeNode
  | InjectNode
  | EvalNode;

export interface VarNode {
  t: 'var';
  paths: Path[];
  fmts: FormatterCall[];
  raw: string;
}

export interface OrNode {
  pred: PredicateCall | null;
  body: Node[];
  alt: OrNode | null;
}

export interface SectionNode {
  t: 'section';
  path: Path;
  body: Node[];
  alt: OrNode | null;
}

export interface RepeatedNode {
  t: 'repeated';
  path: Path;
  body: Node[];
  alternates: Node[] | null;
  alt: OrNode | null;
}

export interface PredicateNode {
  t: 'predicate';
  pred: PredicateCall;
  body: Node[];
  alt: OrNode | null;
}

export interface IfNode {
  t: 'if';
  /** Names joined by operators, evaluated left to right with no precedence. */
  paths: Path[];
  ops: ('&&' | '||')[];
  body: Node[];
  alt: OrNode | null;
}

export interface BindVarNode {
  t: 'bindvar';
  name: string;
  paths: Path[];
  fmts: FormatterCall[];
}

export interface CtxVarNode {
  t: 'ctxvar';
  name: string;
  bindings: { key: string; path: Path }[];
}

export interface MacroNode {
  t: 'macro';
  name: string;
  body: Node[];
}

export interface IncludeNode {
  t: 'include';
  name: string;
  hasOutput: boolean;
}

export interface InjectNode {
  t: 'inject';
  name: string;
  path: string;
}

export interface EvalNode {
  t: 'eval';
  source: string;
  /** Source offset of the tag, so validation can place an expression error. */
  at: number;
  /** Compiled expression, memoised on first use (it does not depend on the render). */
  compiled?: unknown;
}

export interface CompiledTemplate {
  readonly code: Node[];
  /** Parse and assembly errors, reported with every render. */
  readonly errors: string[];
  /** The same errors with where they are in the source, for developer mode. */
  readonly diagnostics: readonly Diagnostic[];
}

/** A template error placed in its source: line and column are 1-based. */
export interface Diagnostic {
  message: string;
  line: number;
  column: number;
}

export interface Frame {
  node: Value;
  vars: Map<string, Value> | null;
  macros: Map<string, Node[]> | null;
  /** 1-based position inside a repeated section, 0 when the frame is not an element. */
  index: number;
  isPrivate: boolean;
}

export interface ExprOptions {
  maxTokens?: number;
  maxStringLen?: number;
}

/** Per-render state handed to formatters and predicates. */
export interface Ctx {
  frames: Frame[];
  errors: string[];
  partials: Record<string, string | CompiledTemplate>;
  partialCache: Map<string, CompiledTemplate>;
  inject: Record<string, Value>;
  now: number;
  locale: string | null;
  cldr: unknown;
  isExprEnabled: boolean;
  isIncludeEnabled: boolean;
  exprOptions: ExprOptions;
  depth: number;
  /** Absolute time (performance.now()) past which rendering stops. */
  deadline: number;
  /** Total output characters budget left. */
  outputBudget: number;
  isAborted: boolean;
  tables: Tables;
}

export interface Tables {
  formatters: Record<string, Formatter>;
  predicates: Record<string, Predicate>;
}

export type Formatter = (ctx: Ctx, call: FormatterCall, values: Value[]) => Value;
export type Predicate = (ctx: Ctx, call: PredicateCall) => boolean;
