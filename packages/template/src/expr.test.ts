import { describe, expect, it } from 'vitest';
import { render } from './index.ts';

const evalOut = (expr: string, json: unknown = {}) => render(`{.eval ${expr}}`, json).output;

describe('expressions', () => {
  it('follow JavaScript precedence and associativity', () => {
    expect(evalOut('1 + 2 * 3')).toBe('7');
    expect(evalOut('2 ** 3 ** 2')).toBe('512');
    expect(evalOut('(1 + 2) * 3')).toBe('9');
  });

  it('assign local variables without output', () => {
    expect(render('{.eval @a = 2; @b = @a * 3}{@b}', {}).output).toBe('6');
  });

  it('report an invalid function as a parse error', () => {
    const r = render('{.eval nosuch(1)}', {});
    expect(r.output).toBe('');
    expect(r.errors[0]).toContain('Invalid function nosuch');
  });

  it('enforce the concatenation limit', () => {
    const r = render("{.eval 'abc' + 'def'}", {}, { exprOptions: { maxStringLen: 5 } });
    expect(r.errors[0]).toContain('Concatenation would exceed maximum string length 5');
  });
});
