// Public API of the JSON-Template engine: compile once, render many times over any
// JSON context. Nothing here throws for any template or context: problems come back
// in `errors` beside the output.

import { parseCached } from './compile-cache.ts';
import { renderCompiled } from './executor.ts';
import { CORE_FORMATTERS } from './formatters-core.ts';
import { PLUGIN_FORMATTERS, PLUGIN_PREDICATES } from './plugins/index.ts';
import { CORE_PREDICATES } from './predicates-core.ts';
import type {
  CompiledTemplate,
  Ctx,
  Diagnostic,
  ExprOptions,
  Formatter,
  Predicate,
  Tables,
} from './types.ts';
import { diagnose } from './validate.ts';
import type { Value } from './values.ts';

export type {
  CompiledTemplate,
  Diagnostic,
  ExprOptions,
  Formatter,
  Predicate,
  Tables,
} from './types.ts';

export const DEFAULT_TABLES: Tables = {
  formatters: { ...CORE_FORMATTERS, ...PLUGIN_FORMATTERS },
  predicates: { ...CORE_PREDICATES, ...PLUGIN_PREDICATES },
};

export interface RenderOptions {
  /** Partial name → template source or compiled template. */
  partials?: Record<string, string | CompiledTemplate>;
  /** Injectable path → already-decoded value, for `{.inject @name path}`. */
  inject?: Record<string, Value>;
  /** BCP-47 locale for i18n formatters; 'none' or null disables locale data. Default 'en'. */
  locale?: string | null;
  /** Epoch milliseconds taken as "now" by time-relative formatters. */
  now?: number;
  /** `{.eval}` runs only when enabled (default true). */
  enableExpr?: boolean;
  /** `{.include}` runs only when enabled (default true). */
  enableInclude?: boolean;
  exprOptions?: ExprOptions;
  /** Rendering stops (with an error) after this many milliseconds. Default 5000. */
  timeBudgetMs?: number;
  /** Rendering stops (with an error) once a repeated section's output passes this size. */
  maxOutputLength?: number;
  tables?: Tables;
}

export interface RenderResult {
  output: string;
  errors: string[];
}

/** Parses a template into reusable compiled code; parse errors travel with it. */
export function compile(source: string, tables: Tables = DEFAULT_TABLES): CompiledTemplate {
  try {
    return parseCached(source, tables);
  } catch (e) {
    const message = `SyntaxError: Unexpected parser error: ${e instanceof Error ? e.message : String(e)}`;
    return { code: [], errors: [message], diagnostics: [{ message, line: 1, column: 1 }] };
  }
}

/**
 * Checks a template without rendering it: each error with its 1-based line and column.
 * An empty list means the template is valid.
 */
export function validate(source: string, tables: Tables = DEFAULT_TABLES): Diagnostic[] {
  return diagnose(compile(source, tables), source);
}

export function render(
  template: CompiledTemplate | string,
  json: Value,
  options: RenderOptions = {},
): RenderResult {
  const tables = options.tables ?? DEFAULT_TABLES;
  const compiled = typeof template === 'string' ? compile(template, tables) : template;
  const ctx: Ctx = {
    frames: [{ node: json, vars: null, macros: null, index: 0, isPrivate: false }],
    errors: [...compiled.errors],
    partials: options.partials ?? {},
    partialCache: new Map(),
    inject: options.inject ?? {},
    now: options.now ?? Date.now(),
    locale: options.locale === undefined ? 'en' : options.locale === 'none' ? null : options.locale,
    cldr: undefined,
    isExprEnabled: options.enableExpr !== false,
    isIncludeEnabled: options.enableInclude !== false,
    exprOptions: options.exprOptions ?? {},
    depth: 0,
    deadline: performance.now() + (options.timeBudgetMs ?? 5000),
    outputBudget: options.maxOutputLength ?? 50_000_000,
    isAborted: false,
    tables,
  };
  let output = '';
  try {
    output = renderCompiled(ctx, compiled);
  } catch (e) {
    // Deep recursion or an engine bug: report it instead of throwing at the caller.
    const name = e instanceof Error ? e.name : 'Error';
    ctx.errors.push(
      `RuntimeError: Unexpected ${name} error when executing TEMPLATE: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return { output, errors: ctx.errors };
}

export type { Formatter as FormatterFn, Predicate as PredicateFn };
