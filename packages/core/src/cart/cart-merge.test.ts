import { describe, expect, it } from 'vitest';
import { cartMergePlan, type MergeEntry } from './cart-merge';

const entry = (
  entryId: string,
  variantId: string,
  quantity: number,
  hasAnswers = false,
): MergeEntry => ({
  entryId,
  variantId,
  quantity,
  hasAnswers,
});

describe('merging a guest cart into the account’s cart', () => {
  it('adds up the quantities of the same variant, up to its stock', () => {
    const plan = cartMergePlan({
      account: [entry('a1', 'mug', 2)],
      guest: [entry('g1', 'mug', 3)],
      stockOf: () => ({ isUnlimited: false, qtyInStock: 4 }),
    });
    expect(plan).toEqual({
      updates: [{ entryId: 'a1', quantity: 4 }],
      absorbed: ['g1'],
      moved: [],
    });
  });

  it('never lowers what the account’s entry already had', () => {
    const plan = cartMergePlan({
      account: [entry('a1', 'mug', 5)],
      guest: [entry('g1', 'mug', 1)],
      stockOf: () => ({ isUnlimited: false, qtyInStock: 3 }),
    });
    expect(plan.updates).toEqual([]);
    expect(plan.absorbed).toEqual(['g1']);
  });

  it('caps an unlimited variant at the largest quantity a cart takes', () => {
    const plan = cartMergePlan({
      account: [entry('a1', 'ebook', 9000)],
      guest: [entry('g1', 'ebook', 2000)],
      stockOf: () => ({ isUnlimited: true, qtyInStock: 0 }),
    });
    expect(plan.updates).toEqual([{ entryId: 'a1', quantity: 9999 }]);
  });

  it('moves entries with form answers, and variants the account lacks, unchanged', () => {
    const plan = cartMergePlan({
      account: [entry('a1', 'mug', 1), entry('a2', 'card', 1, true)],
      guest: [entry('g1', 'card', 1, true), entry('g2', 'plate', 2), entry('g3', 'mug', 1, true)],
      stockOf: () => ({ isUnlimited: true, qtyInStock: 0 }),
    });
    expect(plan).toEqual({ updates: [], absorbed: [], moved: ['g1', 'g2', 'g3'] });
  });

  it('folds two guest entries of one variant into the same account entry', () => {
    const plan = cartMergePlan({
      account: [entry('a1', 'mug', 1)],
      guest: [entry('g1', 'mug', 1), entry('g2', 'mug', 1)],
      stockOf: () => undefined,
    });
    expect(plan).toEqual({
      updates: [{ entryId: 'a1', quantity: 3 }],
      absorbed: ['g1', 'g2'],
      moved: [],
    });
  });
});
