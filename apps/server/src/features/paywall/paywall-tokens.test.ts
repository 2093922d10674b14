import { describe, expect, it } from 'vitest';
import {
  accessTokenOf,
  cookieWithToken,
  hashAccessToken,
  isAccessToken,
  MAX_REMEMBERED_GRANTS,
  tokensOfCookie,
} from './paywall-tokens.ts';

const line = { secretToken: 'order-secret', orderId: 'order-1', lineNumber: 1 };

describe('paywall access tokens', () => {
  it('derives one well-formed token per order line, and another for any other line or secret', () => {
    const token = accessTokenOf(line);
    expect(isAccessToken(token)).toBe(true);
    expect(accessTokenOf(line)).toBe(token);
    expect(accessTokenOf({ ...line, lineNumber: 2 })).not.toBe(token);
    expect(accessTokenOf({ ...line, secretToken: 'another' })).not.toBe(token);
    expect(hashAccessToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAccessToken(token)).not.toContain(token);
  });

  it('reads only well-formed tokens from a cookie, and keeps the newest when it is full', () => {
    const a = accessTokenOf(line);
    const b = accessTokenOf({ ...line, lineNumber: 2 });
    expect(tokensOfCookie(undefined)).toEqual([]);
    expect(tokensOfCookie(`${a}.junk.${b}.${'x'.repeat(44)}`)).toEqual([a, b]);
    expect(cookieWithToken(a, a)).toBe(a);
    expect(cookieWithToken(`${a}.${b}`, a)).toBe(`${b}.${a}`);
    let value: string | undefined;
    const tokens = Array.from({ length: MAX_REMEMBERED_GRANTS + 3 }, (_, i) =>
      accessTokenOf({ ...line, lineNumber: i + 1 }),
    );
    for (const token of tokens) value = cookieWithToken(value, token);
    expect(tokensOfCookie(value)).toEqual(tokens.slice(3));
  });
});
