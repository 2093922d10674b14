import { createHash, createHmac } from 'node:crypto';

// A paywall grant's access token, and the cookie that remembers it.
//
// The token is an HMAC of the order line under the order's own secret token (the status
// page's capability, random and never part of the access link): as unguessable as a
// random token, yet the status page can show the link again without the token being
// stored. The database keeps only its SHA-256, so a leaked table unlocks nothing; a
// token is checked by hashing it and looking the hash up.
//
// The cookie holds the tokens a browser has opened (httpOnly, so page scripts never see
// them): opaque values the server checks against the grants on every locked page, so a
// cancelled or refunded order stops working at once and a forged value matches nothing.

export const ACCESS_COOKIE = 'atelier_access';
/** How long a browser remembers an opened access link. */
export const ACCESS_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;
/** Tokens one browser keeps; the oldest go first. */
export const MAX_REMEMBERED_GRANTS = 20;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function accessTokenOf(line: {
  secretToken: string;
  orderId: string;
  lineNumber: number;
}): string {
  return createHmac('sha256', line.secretToken)
    .update(`paywall:${line.orderId}:${line.lineNumber}`)
    .digest('base64url');
}

export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where an access link leads: opening it remembers the grant in this browser. */
export const accessPath = (token: string) => `/commerce/access?t=${encodeURIComponent(token)}`;

export const isAccessToken = (value: string) => TOKEN.test(value);

/** The well-formed tokens in a cookie value; anything else in it is ignored. */
export function tokensOfCookie(value: string | undefined): string[] {
  if (!value) return [];
  return value.split('.').filter(isAccessToken).slice(-MAX_REMEMBERED_GRANTS);
}

/** The cookie value with `token` added (last, so it is kept longest). */
export function cookieWithToken(value: string | undefined, token: string): string {
  const kept = tokensOfCookie(value).filter((t) => t !== token);
  return [...kept, token].slice(-MAX_REMEMBERED_GRANTS).join('.');
}
