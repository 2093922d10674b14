import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText, withoutUnsafeText } from './text.ts';

describe('safe text', () => {
  it('accepts ordinary text, emoji and other astral characters', () => {
    expect(isSafeText('Linen shirt — 𝄞 🧵 日本語')).toBe(true);
  });

  it('refuses a NUL byte and lone surrogates on either side', () => {
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\uD800b')).toBe(false);
    expect(isSafeText('a\uD800')).toBe(false);
    expect(isSafeText('\uDC00a')).toBe(false);
    expect(isSafeText('\uDC00\uD800')).toBe(false);
  });

  it('removes only the unsafe code units', () => {
    expect(withoutUnsafeText('a\u0000b\uD800c🧵')).toBe('abc🧵');
  });

  it('finds the path of the first unsafe value or key in nested data', () => {
    expect(findUnsafeText({ a: [1, 'ok', { b: 'x\u0000' }] })).toEqual(['a', 2, 'b']);
    expect(findUnsafeText({ ['k\uDFFF']: 1 })).toEqual(['k\uDFFF']);
    expect(findUnsafeText({ a: ['fine'], b: null, c: 3 })).toBeUndefined();
  });

  it('walks very deep values without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(100_000);
  });
});
