import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, render, validate } from './index.ts';

describe('validate', () => {
  it('finds nothing wrong with a valid template', () => {
    expect(validate('{.section a}\n  {b|html}\n{.end}')).toEqual([]);
  });

  it('places an unknown formatter at its name, 1-based', () => {
    expect(validate('<h1>\n  {title|nosuch}\n</h1>')).toEqual([
      { message: "SyntaxError: Formatter 'nosuch' is unknown", line: 2, column: 10 },
    ]);
  });

  it('places an unknown predicate at its name', () => {
    expect(validate('x{.nosuch?}y{.end}')).toEqual([
      { message: "SyntaxError: Predicate 'nosuch?' is unknown", line: 1, column: 4 },
    ]);
  });

  it('points an unclosed block at the tag that opened it', () => {
    expect(validate('a\nb {.repeated section items}\n{@}\n')).toEqual([
      { message: 'SyntaxError: Reached EOF in the middle of REPEATED', line: 2, column: 3 },
    ]);
  });

  it('places a stray end and a dead or at their tags', () => {
    expect(validate('{.end}\n{.section a}{.or}x{.or}y{.end}')).toEqual([
      { message: 'SyntaxError: Instruction END not allowed at root', line: 1, column: 1 },
      {
        message: 'SyntaxError: This OR_PREDICATE block will never execute.',
        line: 2,
        column: 19,
      },
    ]);
  });

  it('reports an expression that cannot parse at its eval tag', () => {
    const [error] = validate('ok\n  {.eval "abc}');
    expect(error).toMatchObject({ line: 2, column: 3 });
    expect(error?.message).toMatch(
      /^SyntaxError: Error parsing expression: "\\"abc": .*unterminated string/i,
    );
  });

  it('leaves rendering and its error strings unchanged', () => {
    const compiled = compile('{a|nosuch}{.section b}');
    expect(compiled.errors).toEqual([
      "SyntaxError: Formatter 'nosuch' is unknown",
      'SyntaxError: Reached EOF in the middle of SECTION',
    ]);
    expect(compiled.diagnostics.map((d) => d.message)).toEqual(compiled.errors);
    expect(render(compiled, { a: 1 }).output).toBe('{a|nosuch}');
  });

  it('never throws and always points inside the source, whatever the template', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '\n',
      '{.section a}',
      '{.repeated section b}',
      '{.or}',
      '{.alternates with}',
      '{.end}',
      '{a|nosuch}',
      '{.nosuch?}',
      '{.eval "x}',
      '{## c ##}',
      'text ',
      '{.if a || b}',
    );
    const template = fc.oneof(
      fc.string(),
      fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(template, (source) => {
        const lines = source.split('\n');
        for (const d of validate(source)) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lines.length);
          expect(d.column).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeLessThanOrEqual((lines[d.line - 1] ?? '').length + 1);
          expect(d.message).toMatch(/^SyntaxError: /);
        }
      }),
      { numRuns: 500 },
    );
  });
});
