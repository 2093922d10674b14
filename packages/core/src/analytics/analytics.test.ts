import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_COOKIE_LIFETIME_MS,
  ANALYTICS_COOKIES,
  CENSUS_COOKIES,
  COOKIE_PATH,
  cookiesToClear,
  isAnalyticsCookieSecure,
  VISIT_LIFETIME_MS,
  VISITOR_RECORD_LIFETIME_MS,
} from './cookies';
import {
  isTimingKept,
  PERFORMANCE_COLLECTOR,
  PERFORMANCE_RATING_BOUNDS,
  ratePerformance,
} from './performance';
import {
  isValidVisitorRecord,
  parseVisitorRecord,
  parseVisitTimestamp,
  recordVisit,
  serializeVisitorRecord,
  shouldTrackVisitor,
} from './visitor-cookie';

const DAY = 86_400_000;

describe('cookies', () => {
  it('names the census and analytics cookies', () => {
    expect(CENSUS_COOKIES).toEqual(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt']);
    expect(ANALYTICS_COOKIES).toEqual(['SS_MID', 'SS_ANALYTICS_ID']);
  });

  it('keeps the record 2 years, the visit 30 minutes and analytics 390 days, on path /', () => {
    expect(VISITOR_RECORD_LIFETIME_MS).toBe(730 * DAY);
    expect(VISIT_LIFETIME_MS).toBe(30 * 60_000);
    expect(ANALYTICS_COOKIE_LIFETIME_MS).toBe(390 * DAY);
    expect(COOKIE_PATH).toBe('/');
  });

  it('marks the analytics cookie secure on https only', () => {
    expect(isAnalyticsCookieSecure('https:')).toBe(true);
    expect(isAnalyticsCookieSecure('http:')).toBe(false);
  });

  it('clears census cookies under a restrictive policy', () => {
    expect(cookiesToClear(true)).toEqual(CENSUS_COOKIES);
    expect(cookiesToClear(false)).toEqual([]);
  });
});

describe('performance ratings', () => {
  it('holds the good and poor bounds', () => {
    expect(PERFORMANCE_RATING_BOUNDS).toEqual({
      FCP: { good: 1800, poor: 3000 },
      CLS: { good: 0.1, poor: 0.25 },
      FID: { good: 100, poor: 300 },
      INP: { good: 200, poor: 500 },
      LCP: { good: 2500, poor: 4000 },
      TTFB: { good: 800, poor: 1800 },
    });
  });

  it('rates at the bounds inclusively', () => {
    expect(ratePerformance('LCP', 2500)).toBe('good');
    expect(ratePerformance('LCP', 2501)).toBe('needs-improvement');
    expect(ratePerformance('LCP', 4000)).toBe('needs-improvement');
    expect(ratePerformance('LCP', 4001)).toBe('poor');
    expect(ratePerformance('CLS', 0.1)).toBe('good');
    expect(ratePerformance('CLS', 0.3)).toBe('poor');
  });

  it('discards timings beyond a 32-bit integer', () => {
    expect(PERFORMANCE_COLLECTOR.version).toBe('4.13.1');
    expect(isTimingKept(2147483647)).toBe(true);
    expect(isTimingKept(2147483648)).toBe(false);
    expect(isTimingKept(-1)).toBe(false);
    expect(isTimingKept(Number.NaN)).toBe(false);
  });
});

describe('visitor record cookie', () => {
  it('parses an id followed by four positive integers', () => {
    expect(parseVisitorRecord('abc|1|2|3|4')).toEqual({
      ok: true,
      value: { id: 'abc', firstVisit: 1, previousVisit: 2, currentVisit: 3, visitCount: 4 },
    });
  });

  it.each([
    null,
    '',
    'abc|1|2|3',
    'abc|1|2|3|4|5',
    '|1|2|3|4',
    'abc|0|2|3|4',
    'abc|-1|2|3|4',
    'abc|1.5|2|3|4',
    'abc|x|2|3|4',
    'abc|01|2|3|4',
    'abc|99999999999999999999|2|3|4',
  ])('rejects %j', (cookie) => {
    expect(parseVisitorRecord(cookie)).toEqual({ ok: false, error: 'invalid-visitor-record' });
    expect(isValidVisitorRecord(cookie)).toBe(false);
  });

  it('serialises back to the bar-separated form', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,12}$/),
        fc.array(fc.integer({ min: 1, max: 2 ** 50 }), { minLength: 4, maxLength: 4 }),
        (id, [a, b, c, d]) => {
          const text = [id, a, b, c, d].join('|');
          const parsed = parseVisitorRecord(text);
          expect(parsed.ok && serializeVisitorRecord(parsed.value)).toBe(text);
        },
      ),
    );
  });

  it('accepts a visit timestamp only as a positive integer', () => {
    expect(parseVisitTimestamp('1700000000000')).toEqual({ ok: true, value: 1700000000000 });
    for (const bad of [null, undefined, '', '0', '-5', '1.2', 'now']) {
      expect(parseVisitTimestamp(bad)).toEqual({ ok: false, error: 'invalid-visit-timestamp' });
    }
  });

  it('continues the visit while the visit cookie lives', () => {
    const result = recordVisit({ record: 'v|10|20|30|2', visitCookie: '30', now: 40, newId: 'n' });
    expect(result).toEqual({
      record: { id: 'v', firstVisit: 10, previousVisit: 20, currentVisit: 30, visitCount: 2 },
      visitTimestamp: 40,
      isNewVisit: false,
    });
  });

  it('starts a new visit when the visit cookie has expired', () => {
    const result = recordVisit({ record: 'v|10|20|30|2', visitCookie: null, now: 40, newId: 'n' });
    expect(result.record).toEqual({
      id: 'v',
      firstVisit: 10,
      previousVisit: 30,
      currentVisit: 40,
      visitCount: 3,
    });
    expect(result.isNewVisit).toBe(true);
  });

  it('starts a fresh record when the stored one is corrupt', () => {
    const result = recordVisit({ record: 'garbage', visitCookie: '5', now: 40, newId: 'n' });
    expect(serializeVisitorRecord(result.record)).toBe('n|40|40|40|1');
  });
});

describe('shouldTrackVisitor', () => {
  const base = {
    isAuthenticated: false,
    roles: [],
    isConfigPage: false,
    isExcludedPage: false,
    isCensusDisabled: false,
  };

  it('tracks anonymous visitors and viewer-only members outside config', () => {
    expect(shouldTrackVisitor(base)).toBe(true);
    expect(shouldTrackVisitor({ ...base, isAuthenticated: true, roles: [10] })).toBe(true);
    expect(
      shouldTrackVisitor({ ...base, isAuthenticated: true, roles: [10], isConfigPage: true }),
    ).toBe(false);
    expect(shouldTrackVisitor({ ...base, isAuthenticated: true, roles: [1] })).toBe(false);
    expect(shouldTrackVisitor({ ...base, isAuthenticated: true, roles: [10, 4] })).toBe(false);
  });

  it('never tracks excluded pages or with census disabled', () => {
    expect(shouldTrackVisitor({ ...base, isExcludedPage: true })).toBe(false);
    expect(shouldTrackVisitor({ ...base, isCensusDisabled: true })).toBe(false);
  });
});
