import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { publicOriginOf } from './website.service.ts';

// Links in emails need an origin, taken from what the merchant configured, never from a
// request's Host header (issue 19).
describe('publicOriginOf', () => {
  const server = { publicUrl: undefined, port: 3000 };

  it("uses the website's own domain over https", () => {
    expect(publicOriginOf(['localhost', 'shop.example.com'], server)).toBe(
      'https://shop.example.com',
    );
    expect(publicOriginOf(['fernandflax.com'], { publicUrl: 'https://other.test', port: 80 })).toBe(
      'https://fernandflax.com',
    );
  });

  it('falls back to PUBLIC_URL, then this server on localhost', () => {
    const withUrl = loadConfig({ PUBLIC_URL: 'https://shop.example.com/some/path' });
    expect(publicOriginOf(['localhost'], withUrl)).toBe('https://shop.example.com');
    expect(publicOriginOf(['localhost', '127.0.0.1'], server)).toBe('http://localhost:3000');
    expect(publicOriginOf([], { publicUrl: undefined, port: 8080 })).toBe('http://localhost:8080');
  });

  it('refuses a PUBLIC_URL that is not http(s)', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      'PUBLIC_URL must be an http:// or https:// address',
    );
  });
});
