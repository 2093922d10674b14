import { describe, expect, it } from 'vitest';
import { lineAnswers } from './line-answers';

describe('lineAnswers', () => {
  it('lists a line’s answers in the order given', () => {
    expect(lineAnswers('{"Your name":"Ada","Topic":"Fitting","Count":2}')).toEqual([
      { label: 'Your name', value: 'Ada' },
      { label: 'Topic', value: 'Fitting' },
      { label: 'Count', value: '2' },
    ]);
  });

  it('has none for an empty line and shows other text as written', () => {
    expect(lineAnswers(null)).toEqual([]);
    expect(lineAnswers('')).toEqual([]);
    expect(lineAnswers('engrave: A.L.')).toEqual([{ label: 'Details', value: 'engrave: A.L.' }]);
    expect(lineAnswers('[1,2]')).toEqual([{ label: 'Details', value: '[1,2]' }]);
  });
});
