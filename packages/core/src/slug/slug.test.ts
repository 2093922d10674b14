import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateUrlId, MIN_SLUG_LENGTH, slugify } from './slug';

describe('slugify', () => {
  it('makes lower-case hyphenated words', () => {
    expect(slugify('Linen Shirt — Summer 2024!')).toBe('linen-shirt-summer-2024');
    expect(slugify('  Café Crème  ')).toBe('cafe-creme');
    expect(slugify('Salt & Pepper')).toBe('salt-and-pepper');
    expect(slugify('日本')).toBe('');
  });

  it('only ever yields url-safe text without edge or double hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
});

describe('generateUrlId', () => {
  const none = new Set<string>();

  it('slugifies the title', () => {
    expect(generateUrlId({ title: 'Shop All', fallbackTitle: 'Products', takenIds: none })).toBe(
      'shop-all',
    );
  });

  it('uses the fallback title under 3 characters', () => {
    expect(MIN_SLUG_LENGTH).toBe(3);
    expect(generateUrlId({ title: 'A!', fallbackTitle: 'Products', takenIds: none })).toBe(
      'products',
    );
    expect(generateUrlId({ title: 'Tea', fallbackTitle: 'Products', takenIds: none })).toBe('tea');
  });

  it('adds -1, -2 and so on when the id is taken', () => {
    const taken = new Set(['shop', 'shop-1', 'shop-2']);
    expect(generateUrlId({ title: 'Shop', fallbackTitle: 'x', takenIds: taken })).toBe('shop-3');
    expect(generateUrlId({ title: 'Shop', fallbackTitle: 'x', takenIds: new Set(['shop']) })).toBe(
      'shop-1',
    );
  });

  it('never returns a taken id and always starts from the base slug', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.array(fc.nat({ max: 30 })),
        fc.boolean(),
        (title, suffixes, isBaseTaken) => {
          const base = slugify(title).length >= 3 ? slugify(title) : 'products';
          const taken = new Set(suffixes.map((n) => `${base}-${n}`));
          if (isBaseTaken) taken.add(base);
          const id = generateUrlId({ title, fallbackTitle: 'Products', takenIds: taken });
          expect(taken.has(id)).toBe(false);
          expect(id.startsWith(base)).toBe(true);
        },
      ),
    );
  });
});
