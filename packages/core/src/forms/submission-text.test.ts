import { describe, expect, it } from 'vitest';
import { likertAnswerText, submissionValueText } from './submission-text';

describe('submissionValueText', () => {
  it('keeps text as typed, markup included', () => {
    expect(submissionValueText('textarea', 'Hi\n<script>alert(1)</script>')).toBe(
      'Hi\n<script>alert(1)</script>',
    );
    expect(submissionValueText('email', undefined)).toBe('');
  });

  it('joins multi-part answers the way they are written', () => {
    expect(submissionValueText('name', ['Ada', ' Lovelace '])).toBe('Ada Lovelace');
    expect(submissionValueText('date', ['11', '26', '2026'])).toBe('11/26/2026');
    expect(submissionValueText('time', ['9', '30', '', 'AM'])).toBe('9:30 AM');
    expect(submissionValueText('phone', ['', '555', '123 4567', ''])).toBe('555 123 4567');
    expect(submissionValueText('phone', ['44', '20', '7946 0000', '12'])).toBe(
      '+44 20 7946 0000 ext. 12',
    );
    expect(submissionValueText('address', ['1 Main St', '', 'Paris', '', '75001', 'FR'])).toBe(
      '1 Main St, Paris, 75001, FR',
    );
    expect(submissionValueText('checkbox', ['Orders', 'Returns'])).toBe('Orders, Returns');
    expect(submissionValueText(undefined, [])).toBe('');
  });

  it('names likert answers by their labels, one per line', () => {
    expect(submissionValueText('likert', { Service: '2', Price: '-1', Odd: 'maybe' })).toBe(
      'Service: Strongly Agree\nPrice: Disagree\nOdd: maybe',
    );
    expect(likertAnswerText('0')).toBe('Neutral');
    expect(likertAnswerText('')).toBe('');
    expect(likertAnswerText('1', { 1: 'Yes' })).toBe('Yes');
  });
});
