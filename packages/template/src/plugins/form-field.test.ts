import { describe, expect, it } from 'vitest';
import { render } from '../index.ts';

const summary = (field: unknown) => {
  const { output } = render('{f|summary-form-field}', { f: field });
  return output.replace(/^[\s\S]*?<\/span> /, '').replace(/\n<\/div>$/, '');
};

describe('summary-form-field', () => {
  it('shows a time with missing parts as zeros and the am/pm mark as given', () => {
    expect(summary({ type: 'time', values: { Minute: '30', Ampm: 'am' } })).toBe('00:30:00 am');
  });

  it('prefixes a phone number with its country code only when there is one', () => {
    expect(summary({ type: 'phone', values: { Areacode: '646', Prefix: '1', Line: '2' } })).toBe(
      '646-1-2',
    );
    expect(summary({ type: 'phone', values: { Country: '1', Line: '2' } })).toBe('+1 --2');
  });

  it('maps likert answers from -2..2 and reads anything else as neutral', () => {
    expect(summary({ type: 'likert', values: { a: '-2', b: 2, c: 'x' } })).toContain(
      'a:</span> Strongly Disagree</div>\n  <div><span style="font-weight:bold;">b:</span> Strongly Agree</div>\n  <div><span style="font-weight:bold;">c:</span> Neutral',
    );
  });

  it('falls back to the value, then N/A, for a checkbox with nothing checked', () => {
    expect(summary({ type: 'checkbox', values: ['a', 'b'] })).toBe('a, b\n');
    expect(summary({ type: 'checkbox', values: [], value: 'V' })).toBe('V');
    expect(summary({ type: 'checkbox', value: false })).toBe('N/A');
  });

  it('shows a scalar value for other types and N/A for an empty or structured one', () => {
    expect(summary({ type: 'text', value: false })).toBe('false');
    expect(summary({ type: 'text', value: '' })).toBe('N/A');
    expect(summary({ type: 'text', value: [1] })).toBe('N/A');
  });

  it('reports a likert field without answers as a runtime error of its tag only', () => {
    const { output, errors } = render('a{f|summary-form-field}b', { f: { type: 'likert' } });
    expect(output).toBe('ab');
    expect(errors).toHaveLength(1);
  });
});
