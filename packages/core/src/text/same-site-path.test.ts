import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSameSitePath } from './same-site-path';

describe('isSameSitePath', () => {
  it('takes a path on this site, with its query and fragment', () => {
    expect(isSameSitePath('/')).toBe(true);
    expect(isSameSitePath('/members/club?tab=2#news')).toBe(true);
    expect(isSameSitePath('/caf%C3%A9')).toBe(true);
  });

  it('refuses whatever a browser would take to another site', () => {
    for (const target of [
      '',
      'club',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/ /evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\u0000',
    ]) {
      expect(isSameSitePath(target), JSON.stringify(target)).toBe(false);
    }
  });

  it('never lets through a path the URL parser resolves to another origin', () => {
    const origin = 'https://shop.example';
    const piece = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      ' ',
      '.',
      ':',
      '@',
      '%2F',
      'evil',
      '?',
      '#',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
        (target) => {
          if (isSameSitePath(target)) expect(new URL(target, origin).origin).toBe(origin);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
