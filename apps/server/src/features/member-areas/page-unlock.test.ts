import { describe, expect, it } from 'vitest';
import { cookieWithUnlock, isUnlocked, MAX_UNLOCKED_PAGES, unlockKeyOf } from './page-unlock.ts';

const websiteId = '11111111-1111-4111-8111-111111111111';
const pageId = (n: number) => `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`;
const key = unlockKeyOf('$scrypt$ln=14,r=8,p=5$c2FsdA==$aGFzaA==');

describe('page unlock cookie', () => {
  it('opens the page it was made for, on this website, under this password', () => {
    const cookie = cookieWithUnlock({
      cookie: undefined,
      websiteId,
      pageId: pageId(1),
      unlockKey: key,
    });
    expect(isUnlocked({ cookie, websiteId, pageId: pageId(1), unlockKey: key })).toBe(true);
    expect(isUnlocked({ cookie, websiteId, pageId: pageId(2), unlockKey: key })).toBe(false);
    const otherSite = '33333333-3333-4333-8333-333333333333';
    expect(isUnlocked({ cookie, websiteId: otherSite, pageId: pageId(1), unlockKey: key })).toBe(
      false,
    );
    const newPassword = unlockKeyOf('$scrypt$ln=14,r=8,p=5$c2FsdA==$b3RoZXI=');
    expect(isUnlocked({ cookie, websiteId, pageId: pageId(1), unlockKey: newPassword })).toBe(
      false,
    );
  });

  it('ignores forged and malformed entries', () => {
    for (const cookie of [`${pageId(1)}~${'A'.repeat(43)}`, 'junk', '', `${pageId(1)}`]) {
      expect(isUnlocked({ cookie, websiteId, pageId: pageId(1), unlockKey: key })).toBe(false);
    }
    const kept = cookieWithUnlock({
      cookie: 'junk.more junk',
      websiteId,
      pageId: pageId(1),
      unlockKey: key,
    });
    expect(kept.split('.')).toHaveLength(1);
  });

  it('keeps the newest pages, once each', () => {
    let cookie: string | undefined;
    for (let n = 0; n <= MAX_UNLOCKED_PAGES; n++) {
      cookie = cookieWithUnlock({ cookie, websiteId, pageId: pageId(n), unlockKey: key });
    }
    cookie = cookieWithUnlock({ cookie, websiteId, pageId: pageId(5), unlockKey: key });
    const entries = (cookie ?? '').split('.');
    expect(entries).toHaveLength(MAX_UNLOCKED_PAGES);
    expect(entries.at(-1)).toMatch(new RegExp(`^${pageId(5)}~`));
    expect(isUnlocked({ cookie, websiteId, pageId: pageId(0), unlockKey: key })).toBe(false);
    expect(
      isUnlocked({ cookie, websiteId, pageId: pageId(MAX_UNLOCKED_PAGES), unlockKey: key }),
    ).toBe(true);
  });
});
