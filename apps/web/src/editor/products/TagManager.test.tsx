import { describe, expect, it } from 'vitest';
import { filterTags } from './TagManager.tsx';

describe('the tag manager filter', () => {
  const tags = [
    { name: 'Linen', productCount: 3 },
    { name: 'table linen', productCount: 1 },
    { name: 'gift', productCount: 2 },
  ];

  it('keeps the tags whose name holds the text, whatever its case', () => {
    expect(filterTags(tags, 'LINEN').map((tag) => tag.name)).toEqual(['Linen', 'table linen']);
    expect(filterTags(tags, '  gi ').map((tag) => tag.name)).toEqual(['gift']);
  });

  it('keeps every tag when the filter is empty', () => {
    expect(filterTags(tags, '')).toEqual(tags);
  });
});
