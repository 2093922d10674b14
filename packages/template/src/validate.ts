// Developer mode checks a template before it goes live: every error the parser finds,
// and every `{.eval}` expression that would fail to parse when rendered, each placed at
// a 1-based line and column. Validation never renders, so it needs no context.

import { compileExpression } from './expr.ts';
import { positionOf } from './parser.ts';
import type { CompiledTemplate, Diagnostic, Node, OrNode } from './types.ts';

function* evalNodes(nodes: readonly Node[]): Generator<Extract<Node, { t: 'eval' }>> {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if (node.t === 'eval') yield node;
    if ('body' in node) yield* evalNodes(node.body);
    if (node.t === 'repeated' && node.alternates !== null) yield* evalNodes(node.alternates);
    if ('alt' in node) {
      for (let or: OrNode | null = node.alt; or !== null; or = or.alt) yield* evalNodes(or.body);
    }
  }
}

/** The errors of a compiled template, in source order; empty when it is valid. */
export function diagnose(compiled: CompiledTemplate, source: string): Diagnostic[] {
  const found: Diagnostic[] = [...compiled.diagnostics];
  for (const node of evalNodes(compiled.code)) {
    const expr = compileExpression(node.source);
    if (expr.parseError === null) continue;
    const text = expr.isDebug ? node.source.slice(1) : node.source;
    found.push({
      message: `SyntaxError: Error parsing expression: ${JSON.stringify(text)}: ${expr.parseError}`,
      ...positionOf(source, node.at),
    });
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}
