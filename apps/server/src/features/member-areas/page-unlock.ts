import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// The browser-session cookie that remembers which password pages this browser unlocked.
//
// Each entry is `<page id>~<mac>`: an HMAC of the website and page under a key derived
// from the page's stored password hash. The hash is the server's secret (never sent
// anywhere), so an entry cannot be forged without reading the database, and changing or
// removing the password changes the key: every browser that had unlocked the page is
// asked again. The cookie has no expiry (it ends with the browser session), is httpOnly,
// SameSite=Lax and Secure on https.

/** The newest pages one browser keeps unlocked; older entries drop off. */
export const MAX_UNLOCKED_PAGES = 20;
const ENTRY = /^([0-9a-f-]{36})~([A-Za-z0-9_-]{43})$/;

/** The key unlocks of a page are signed with: changes whenever its password does. */
export const unlockKeyOf = (passwordHash: string): string =>
  createHash('sha256').update(`atelier-page-unlock|${passwordHash}`).digest('base64url');

const macOf = (unlockKey: string, websiteId: string, pageId: string) =>
  createHmac('sha256', unlockKey).update(`${websiteId}|${pageId}`).digest('base64url');

/** The cookie's entries, malformed ones dropped. */
function entriesOf(cookie: string | undefined): { pageId: string; mac: string }[] {
  if (!cookie || cookie.length > 4096) return [];
  return cookie.split('.').flatMap((entry) => {
    const match = ENTRY.exec(entry);
    return match?.[1] && match[2] ? [{ pageId: match[1], mac: match[2] }] : [];
  });
}

/** Whether the cookie holds a current unlock of this page. */
export function isUnlocked(input: {
  cookie: string | undefined;
  websiteId: string;
  pageId: string;
  unlockKey: string;
}): boolean {
  const expected = Buffer.from(macOf(input.unlockKey, input.websiteId, input.pageId));
  return entriesOf(input.cookie).some(
    (entry) =>
      entry.pageId === input.pageId &&
      entry.mac.length === expected.length &&
      timingSafeEqual(Buffer.from(entry.mac), expected),
  );
}

/** The cookie with this page unlocked: newest last, the oldest beyond the limit dropped. */
export function cookieWithUnlock(input: {
  cookie: string | undefined;
  websiteId: string;
  pageId: string;
  unlockKey: string;
}): string {
  const kept = entriesOf(input.cookie).filter((entry) => entry.pageId !== input.pageId);
  const entry = {
    pageId: input.pageId,
    mac: macOf(input.unlockKey, input.websiteId, input.pageId),
  };
  return [...kept, entry]
    .slice(-MAX_UNLOCKED_PAGES)
    .map((e) => `${e.pageId}~${e.mac}`)
    .join('.');
}
