// Compiled templates are immutable and render-independent, so the same source text is
// parsed once per formatter/predicate table and reused by every later render: pages
// re-render the same template and partial sources many times. Bounded, oldest first out.

import { parse } from './parser.ts';
import type { CompiledTemplate, Tables } from './types.ts';

const MAX_ENTRIES = 512;
const caches = new WeakMap<Tables, Map<string, CompiledTemplate>>();

/** `parse`, memoised by source text; throws exactly when `parse` throws. */
export function parseCached(source: string, tables: Tables): CompiledTemplate {
  let cache = caches.get(tables);
  if (cache === undefined) {
    cache = new Map();
    caches.set(tables, cache);
  }
  let compiled = cache.get(source);
  if (compiled === undefined) {
    compiled = parse(source, tables);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(source, compiled);
  }
  return compiled;
}
