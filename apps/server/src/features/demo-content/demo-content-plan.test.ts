import { describe, expect, it } from 'vitest';
import { type DemoFacts, planDemoRemoval } from './demo-content-plan.ts';

const empty: DemoFacts = {
  products: [],
  pages: [],
  forms: [],
  categories: [],
  media: [],
  settings: [],
};

describe('planDemoRemoval', () => {
  it('removes unchanged demo rows and empties the home page instead of deleting it', () => {
    const plan = planDemoRemoval({
      ...empty,
      products: [{ id: 'p1', title: 'Mug', version: 1 }],
      pages: [
        { id: 'home', title: 'Home', slug: '', isChanged: false },
        { id: 'about', title: 'About', slug: 'about', isChanged: false },
      ],
      media: [
        {
          id: 'm1',
          title: 'mug.png',
          productIds: ['p1'],
          pageIds: ['home'],
          isUsedElsewhere: false,
        },
      ],
    });
    expect(plan.remove.map((i) => i.id)).toEqual(['p1', 'about', 'm1']);
    expect(plan.clearHome?.id).toBe('home');
    expect(plan.keep).toEqual([]);
  });

  it('keeps an edited product, its image, its form and its categories up to the root', () => {
    const plan = planDemoRemoval({
      ...empty,
      products: [
        { id: 'p1', title: 'Apron', version: 2 },
        { id: 'p2', title: 'Mug', version: 1 },
      ],
      forms: [{ id: 'f1', title: 'Lesson', isChanged: false, productIds: ['p1'] }],
      categories: [
        { id: 'c1', title: 'Clothing', parentId: null, productIds: [] },
        { id: 'c2', title: 'Workwear', parentId: 'c1', productIds: ['p1'] },
        { id: 'c3', title: 'Home', parentId: null, productIds: ['p2'] },
      ],
      media: [
        { id: 'm1', title: 'apron.png', productIds: ['p1'], pageIds: [], isUsedElsewhere: false },
      ],
    });
    expect(plan.keep.map((i) => `${i.title}:${i.reason}`)).toEqual([
      'Apron:changed',
      'Lesson:in use',
      'Clothing:in use',
      'Workwear:in use',
      'apron.png:in use',
    ]);
    expect(plan.remove.map((i) => i.title)).toEqual(['Mug', 'Home']);
  });

  it('keeps an image a kept page or the header shows, and changed settings', () => {
    const plan = planDemoRemoval({
      ...empty,
      pages: [{ id: 'home', title: 'Home', slug: '', isChanged: true }],
      media: [
        { id: 'm1', title: 'hero.png', productIds: [], pageIds: ['home'], isUsedElsewhere: false },
        { id: 'm2', title: 'logo.png', productIds: [], pageIds: [], isUsedElsewhere: true },
      ],
      settings: [
        { kind: 'coupon', id: 'k1', title: 'WELCOME10', isChanged: true },
        { kind: 'tax_rule', id: 't1', title: 'US-CA 7.25%', isChanged: false },
      ],
    });
    expect(plan.clearHome).toBeNull();
    expect(plan.keep.map((i) => i.title)).toEqual(['Home', 'hero.png', 'logo.png', 'WELCOME10']);
    expect(plan.remove.map((i) => i.title)).toEqual(['US-CA 7.25%']);
  });
});
