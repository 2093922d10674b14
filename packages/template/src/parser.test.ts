import { describe, expect, it } from 'vitest';
import { compile, render } from './index.ts';

describe('parser', () => {
  it('keeps tags that do not parse as text', () => {
    expect(render('{ a } {a |html} {.nosuch} {a b}', { a: 1 }).output).toBe(
      '{ a } {a |html} {.nosuch} {a b}',
    );
  });

  it('moves the tag start to the last brace before a closing one', () => {
    expect(render('{{a}}', { a: 'x' }).output).toBe('{x}');
  });

  it('reports an unknown formatter and prints the tag', () => {
    const r = render('{a|nosuch}', { a: 1 });
    expect(r.output).toBe('{a|nosuch}');
    expect(r.errors).toContain("SyntaxError: Formatter 'nosuch' is unknown");
  });

  it('reports EOF inside a block but still renders it', () => {
    const r = render('{.section a}x', { a: 1 });
    expect(r.output).toBe('x');
    expect(r.errors[0]).toContain('Reached EOF in the middle of SECTION');
  });

  it('produces reusable compiled templates', () => {
    const tpl = compile('{.repeated section @}{@}{.alternates with},{.end}');
    expect(render(tpl, [1, 2, 3]).output).toBe('1,2,3');
    expect(render(tpl, ['a']).output).toBe('a');
  });
});
