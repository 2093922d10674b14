import { codeMessages } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import { isAndroid } from './code.fields.tsx';

describe('the code block fields', () => {
  it('offers a plain text area on Android with the spec message', () => {
    expect(codeMessages.android).toBe('Code editing is not available on Android.');
    expect(isAndroid('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile')).toBe(true);
    expect(isAndroid('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15')).toBe(false);
  });
});
