// Property tests: for any template, context and partials the engine returns
// { output, errors } without throwing, within the time budget it enforces, and within
// its limits (partial depth 16, expression token limit).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, render } from '../src/index.ts';

const fragment = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{a}',
    '{a.b}',
    '{@}',
    '{@index}',
    '{a|html}',
    '{a|json}',
    '{a|truncate 3}',
    '{a|apply p}',
    '{@|apply p}',
    '{@|apply q}',
    '{.section a}',
    '{.section b}',
    '{.repeated section items}',
    '{.alternates with}',
    '{.or}',
    '{.end}',
    '{.if a && b}',
    '{.if a || b}',
    '{.equal? a 1}',
    '{.even?}',
    '{.var @x a}',
    '{.ctx @c k=a}',
    '{.macro m}',
    '{@|apply m}',
    '{.include p output}',
    '{.inject @i x.json}',
    '{.eval 1 + 2}',
    '{.eval @x = a * 2; @x}',
    '{.eval "s" + a}',
    '{.eval max(}',
    '{.eval 2 ** 3 ** 2}',
    '{.nosuch? a}',
    '{a|nosuch}',
    '{## c ##}',
    '{# c}',
    '{.meta-left}',
    '{.eof}',
    '{t|date %Y-%m-%d %Z}',
    '{a|money}',
    '{a|decimal}',
    '{@|product-price}',
    '{@|image}',
    '{a|pluralize}',
    '{.section @}',
    ' ',
    '\n',
    'x',
  ),
  fc.string({ maxLength: 8 }),
);
const template = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));
const json = fc
  .jsonValue({ maxDepth: 4 })
  .map((v) => ({ a: v, b: v, items: [v, 1, 'x'], t: 1613597165345 }));

describe('engine robustness', () => {
  it('never throws and always returns strings', () => {
    fc.assert(
      fc.property(template, json, template, template, (src, ctx, p, q) => {
        const result = render(compile(src), ctx, { partials: { p, q }, timeBudgetMs: 500 });
        expect(typeof result.output).toBe('string');
        expect(result.errors.every((e) => typeof e === 'string')).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('stops exponential partial fan-out within its time budget', () => {
    const start = performance.now();
    const r = render(
      '{@|apply p}',
      {},
      { partials: { p: 'x{@|apply p}{@|apply p}{@|apply p}' }, timeBudgetMs: 200 },
    );
    expect(performance.now() - start).toBeLessThan(2000);
    expect(
      r.errors.some((e) => e.includes('time budget') || e.includes('maximum recursion depth')),
    ).toBe(true);
  });

  it('never nests partials deeper than 16', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), (prefix) => {
        const safe = prefix.replace(/[{}]/g, '');
        const r = render('{@|apply self}', {}, { partials: { self: `${safe}A{@|apply self}` } });
        expect(r.output).toBe(`${safe}A`.repeat(16));
        expect(r.errors.join('\n')).toContain('exceeded maximum recursion depth of 16');
      }),
      { numRuns: 50 },
    );
  });

  it('enforces the expression token limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        (limit, count) => {
          const expr = Array.from({ length: count }, (_, i) => String(i)).join(' ');
          const r = render(`{.eval ${expr}}`, {}, { exprOptions: { maxTokens: limit } });
          expect(r.output).toBe(count > limit ? '' : String(count - 1));
        },
      ),
      { numRuns: 100 },
    );
  });
});
