import { describe, expect, it } from 'vitest';
import { plainTextOf } from './plain-text';

describe('plainTextOf', () => {
  it('keeps the words of rich text, one space between blocks', () => {
    expect(plainTextOf('<p>Soft <strong>linen</strong>.</p><ul><li>Washable</li></ul>')).toBe(
      'Soft linen . Washable',
    );
  });

  it('decodes the entities a sanitizer writes', () => {
    expect(plainTextOf('<p>Salt &amp; pepper &lt;3 &quot;fresh&quot; it&#39;s&nbsp;here</p>')).toBe(
      'Salt & pepper <3 "fresh" it\'s here',
    );
  });

  it('cuts long text at a word and marks the cut', () => {
    const text = plainTextOf('<p>one two three four five six</p>', 14);
    expect(text).toBe('one two three…');
    expect(text.length).toBeLessThanOrEqual(14);
  });

  it('cuts inside a word only when there is no space late enough', () => {
    expect(plainTextOf('abcdefghijklmnop', 6)).toBe('abcde…');
  });

  it('reads plain text as itself', () => {
    expect(plainTextOf('Just words')).toBe('Just words');
    expect(plainTextOf('')).toBe('');
  });
});
