import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToSketch,
  decodeSketch,
  emptySketch,
  encodeSketch,
  estimateCardinality,
  HLL_REGISTERS,
  mergeSketches,
  murmur3,
} from './hyperloglog';
import {
  DIRECT_SOURCE,
  deviceOfWidth,
  errorFingerprintSource,
  referrerHostOf,
  regionOfLanguage,
  trafficSourceOf,
  utmTagsOf,
} from './sources';
import {
  addToHistogram,
  histogramQuantile,
  type VitalHistogram,
  vitalBucketOf,
  vitalBucketValue,
} from './vital-histogram';

const sketchOf = (ids: Iterable<string>) => {
  const sketch = emptySketch();
  for (const id of ids) addToSketch(sketch, id);
  return sketch;
};
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `visitor-${from + i}`);

describe('murmur3', () => {
  it('matches the reference vectors', () => {
    // MurmurHash3_x86_32 of these UTF-16 code-unit strings, as the reference computes them.
    expect(murmur3('')).toBe(0);
    expect(murmur3('', 1)).toBe(0x514e28b7);
    expect(murmur3('a')).not.toBe(murmur3('b'));
    expect(murmur3('visitor-1')).toBe(murmur3('visitor-1'));
  });
});

describe('HyperLogLog', () => {
  it.each([1, 10, 100, 1_000, 20_000])('estimates %i visitors within 5%', (n) => {
    const estimate = estimateCardinality(sketchOf(range(0, n)));
    expect(Math.abs(estimate - n)).toBeLessThanOrEqual(Math.max(1, n * 0.05));
  });

  it('counts a returning visitor once across merged hours', () => {
    const monday = sketchOf(range(0, 3_000));
    const tuesday = sketchOf(range(2_000, 5_000));
    mergeSketches(monday, tuesday);
    expect(Math.abs(estimateCardinality(monday) - 5_000)).toBeLessThan(250);
  });

  it('stores a quiet hour sparse and a busy one dense, and reads both back', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 2_000 }), (ids) => {
        const sketch = sketchOf(ids);
        const bytes = encodeSketch(sketch);
        expect(bytes.length).toBeLessThanOrEqual(1 + HLL_REGISTERS);
        expect(decodeSketch(bytes)).toEqual(sketch);
      }),
      { numRuns: 50 },
    );
    expect(encodeSketch(sketchOf(['one'])).length).toBe(4);
    expect(encodeSketch(sketchOf(range(0, 5_000))).length).toBe(1 + HLL_REGISTERS);
  });

  it('reads a damaged or missing sketch as no visitors', () => {
    for (const bad of [
      null,
      undefined,
      new Uint8Array(),
      Uint8Array.of(9, 1, 2),
      Uint8Array.of(1, 1),
    ]) {
      expect(estimateCardinality(decodeSketch(bad))).toBe(0);
    }
  });
});

describe('vital histograms', () => {
  it('puts zero and sub-unit values in bucket 0 and keeps buckets ordered', () => {
    expect(vitalBucketOf('LCP', 0)).toBe(0);
    expect(vitalBucketOf('LCP', 0.4)).toBe(0);
    expect(vitalBucketOf('LCP', Number.NaN)).toBe(0);
    expect(vitalBucketValue('LCP', 0)).toBe(0);
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 2e9, noNaN: true }),
        fc.double({ min: 1, max: 2e9, noNaN: true }),
        (a, b) => {
          if (a <= b) expect(vitalBucketOf('INP', a)).toBeLessThanOrEqual(vitalBucketOf('INP', b));
        },
      ),
    );
  });

  it('reads p75 within 5% of the exact value, CLS too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 50, max: 20_000 }), { minLength: 1, maxLength: 300 }),
        (values) => {
          const histogram: VitalHistogram = {};
          for (const value of values) {
            const bucket = String(vitalBucketOf('LCP', value));
            histogram[bucket] = (histogram[bucket] ?? 0) + 1;
          }
          const sorted = [...values].sort((x, y) => x - y);
          const exact = sorted[Math.ceil(0.75 * sorted.length) - 1] ?? 0;
          const read = histogramQuantile('LCP', histogram, 0.75) ?? 0;
          expect(Math.abs(read - exact)).toBeLessThanOrEqual(exact * 0.03 + 1);
        },
      ),
    );
    const cls: VitalHistogram = { [vitalBucketOf('CLS', 0.12)]: 3, [vitalBucketOf('CLS', 0.3)]: 1 };
    expect(histogramQuantile('CLS', cls, 0.75)).toBeCloseTo(0.12, 2);
  });

  it('merges histograms and ignores nonsense counts', () => {
    const into: VitalHistogram = { '10': 1 };
    addToHistogram(into, { '10': 2, '11': 0, '12': -3, '13': Number.NaN, '14': 1 });
    expect(into).toEqual({ '10': 3, '14': 1 });
    expect(histogramQuantile('LCP', {}, 0.75)).toBeNull();
    expect(histogramQuantile('LCP', { x: 4 }, 0.75)).toBeNull();
    expect(histogramQuantile('LCP', { '10': 1 }, 1)).toBe(vitalBucketValue('LCP', 10));
  });
});

describe('traffic sources', () => {
  it('names well-known referrers, keeps other hosts and calls the rest direct', () => {
    expect(referrerHostOf('https://www.google.co.uk/search?q=linen', 'shop.test')).toBe(
      'google.co.uk',
    );
    expect(trafficSourceOf('google.co.uk', null)).toBe('Google');
    expect(trafficSourceOf('l.instagram.com', null)).toBe('Instagram');
    expect(trafficSourceOf('t.co', null)).toBe('X (Twitter)');
    expect(trafficSourceOf('blog.example.org', null)).toBe('blog.example.org');
    expect(trafficSourceOf(null, null)).toBe(DIRECT_SOURCE);
    expect(trafficSourceOf('google.com', 'newsletter')).toBe('newsletter');
  });

  it('treats the site itself, a missing and a broken referrer as no referrer', () => {
    expect(referrerHostOf('http://shop.test:4000/cart', 'shop.test:4000')).toBeNull();
    expect(referrerHostOf(undefined, 'shop.test')).toBeNull();
    expect(referrerHostOf('not a url', 'shop.test')).toBeNull();
  });

  it('reads utm tags, trimmed and bounded', () => {
    expect(utmTagsOf('?utm_source=ig&utm_medium=social&utm_campaign=%20spring%20')).toEqual({
      source: 'ig',
      medium: 'social',
      campaign: 'spring',
    });
    expect(utmTagsOf(undefined)).toEqual({ source: null, medium: null, campaign: null });
    expect(utmTagsOf(`utm_source=${'x'.repeat(500)}`).source).toHaveLength(100);
  });

  it('groups devices by width and countries by language region', () => {
    expect(deviceOfWidth(390)).toBe('Mobile');
    expect(deviceOfWidth(432)).toBe('Mobile');
    expect(deviceOfWidth(768)).toBe('Tablet');
    expect(deviceOfWidth(1280)).toBe('Desktop');
    expect(deviceOfWidth(undefined)).toBeNull();
    expect(deviceOfWidth(0)).toBeNull();
    expect(regionOfLanguage('en-GB')).toBe('GB');
    expect(regionOfLanguage('zh-Hant-tw')).toBe('TW');
    expect(regionOfLanguage('fr')).toBeNull();
    expect(regionOfLanguage(undefined)).toBeNull();
  });
});

describe('error fingerprints', () => {
  it('groups errors that differ only in ids, numbers and line positions', () => {
    const one = errorFingerprintSource(
      "Cannot read properties of undefined (reading 'price') at item 42",
      'TypeError: x\n    at renderPrice (https://shop.test/assets/app-abc.js?v=1:10:20)',
    );
    const two = errorFingerprintSource(
      "Cannot read properties of undefined (reading 'title') at item 7",
      'TypeError: x\n    at renderPrice (https://shop.test/assets/app-abc.js?v=2:99:5)',
    );
    expect(one).toBe(two);
    expect(errorFingerprintSource('Boom', 'foo@https://shop.test/a.js:1:2')).toBe(
      'Boom\nfoo@https://shop.test/a.js',
    );
    expect(errorFingerprintSource('Boom', undefined)).toBe('Boom\n');
    expect(errorFingerprintSource('Boom', 'at a (x.js:1:1)')).not.toBe(
      errorFingerprintSource('Boom', 'at b (x.js:1:1)'),
    );
  });
});
