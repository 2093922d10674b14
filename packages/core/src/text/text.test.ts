import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentLabel, commentLinkHref, isFolderClickable, shouldShowComments } from './comments';
import {
  BYTES_PER_MEGABYTE,
  FILE_SIZE_UNITS,
  formatMegabytes,
  humanizeFileSize,
  megabytesToBytes,
} from './file-size';
import { timeSince } from './relative-time';
import { hasExcerptText, stripMarkup, TRUNCATE_DEFAULT_LENGTH, truncate } from './truncate';

describe('truncate', () => {
  it('leaves text up to 100 characters alone', () => {
    expect(TRUNCATE_DEFAULT_LENGTH).toBe(100);
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it('cuts longer text at a word and adds an ellipsis', () => {
    expect(truncate('The quick brown fox jumps', { length: 15 })).toBe('The quick...');
    expect(truncate('Supercalifragilistic', { length: 10 })).toBe('Superca...');
    expect(truncate('a b c d e f', { length: 6, ellipsis: '…' })).toBe('a b…');
  });

  it('never returns more than the length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 3, max: 200 }), (s, n) => {
        expect(truncate(s, { length: n }).length).toBeLessThanOrEqual(Math.max(n, 0));
      }),
    );
  });

  it('passes an excerpt only when text remains without markup', () => {
    expect(stripMarkup('<p>Hello <b>there</b></p>')).toBe('Hello there');
    expect(hasExcerptText('<p> &nbsp; </p>')).toBe(false);
    expect(hasExcerptText('<p>Hi</p>')).toBe(true);
    expect(hasExcerptText(null)).toBe(false);
  });
});

describe('timeSince', () => {
  const now = Date.UTC(2024, 5, 1);
  const MIN = 60_000;

  it.each([
    [0, 'less than a minute ago'],
    [59_999, 'less than a minute ago'],
    [MIN, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [60 * MIN, '1 hour ago'],
    [25 * 60 * MIN, '1 day ago'],
    [7 * 1440 * MIN, '1 week ago'],
    [29 * 1440 * MIN, '4 weeks ago'],
    [30 * 1440 * MIN, '1 month ago'],
    [364 * 1440 * MIN, '12 months ago'],
    [365 * 1440 * MIN, '1 year ago'],
    [3 * 365 * 1440 * MIN, '3 years ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(timeSince(now - elapsed, now)).toBe(expected);
  });

  it('reads a future time as just now and a bad date as invalid', () => {
    expect(timeSince(now + 5000, new Date(now))).toBe('less than a minute ago');
    expect(timeSince(new Date('nope'), now)).toBe('Invalid date.');
  });
});

describe('file sizes', () => {
  it('humanises from Bytes to YB in base 1024', () => {
    expect(FILE_SIZE_UNITS).toEqual(['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
    expect(humanizeFileSize(0)).toBe('0 Bytes');
    expect(humanizeFileSize(500)).toBe('500 Bytes');
    expect(humanizeFileSize(1024)).toBe('1 KB');
    expect(humanizeFileSize(1536)).toBe('1.5 KB');
    expect(humanizeFileSize(1024 ** 2 * 20)).toBe('20 MB');
    expect(humanizeFileSize(1024 ** 8)).toBe('1 YB');
    expect(humanizeFileSize(1024 ** 9)).toBe('1024 YB');
    expect(humanizeFileSize(Number.NaN)).toBe('0 Bytes');
  });

  it('counts 1 MB as 1,000,000 bytes for upload limits', () => {
    expect(BYTES_PER_MEGABYTE).toBe(1_000_000);
    expect(megabytesToBytes(20)).toBe(20_000_000);
    expect(formatMegabytes(20_000_000)).toBe('20 MB');
  });
});

describe('comments', () => {
  it("labels 'No Comments', '1 Comment' and 'N Comments'", () => {
    expect(commentLabel(0)).toBe('No Comments');
    expect(commentLabel(1)).toBe('1 Comment');
    expect(commentLabel(2)).toBe('2 Comments');
    expect(commentLabel(42)).toBe('42 Comments');
  });

  it('shows comments when on or already public, never when the site turned them off', () => {
    expect(shouldShowComments({ commentState: 1, publicCommentCount: 0 })).toBe(true);
    expect(shouldShowComments({ commentState: 2, publicCommentCount: 3 })).toBe(true);
    expect(shouldShowComments({ commentState: 2, publicCommentCount: 0 })).toBe(false);
    expect(
      shouldShowComments({ commentState: 1, publicCommentCount: 3, websiteCommentsEnabled: false }),
    ).toBe(false);
  });

  it('makes folders clickable unless their behaviour is none', () => {
    expect(isFolderClickable(undefined)).toBe(true);
    expect(isFolderClickable('index')).toBe(true);
    expect(isFolderClickable('redirect')).toBe(true);
    expect(isFolderClickable('none')).toBe(false);
  });

  it('links to the item id for a comments service, else to the comments anchor', () => {
    expect(commentLinkHref({ fullUrl: '/blog/a', itemId: 'i1', serviceShortName: 'shop' })).toBe(
      '/blog/a#i1',
    );
    expect(commentLinkHref({ fullUrl: '/blog/a', itemId: 'i1' })).toBe('/blog/a#comments');
  });
});
