import { MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import type { Block } from '../blocks/schema.ts';
import { blocksOf, draftReducer, emptyDraft } from './page-draft.ts';

const heading = (text: string): Block => ({ type: 'heading', version: 1, text, level: 2 });

describe('the page draft reducer', () => {
  it('loads blocks clean and marks every change dirty', () => {
    const loaded = draftReducer(emptyDraft, { type: 'load', blocks: [heading('A')] });
    expect(loaded.isDirty).toBe(false);
    const added = draftReducer(loaded, { type: 'add', block: heading('B') });
    expect(blocksOf(added).map((b) => (b.type === 'heading' ? b.text : ''))).toEqual(['A', 'B']);
    expect(added.isDirty).toBe(true);
    expect(draftReducer(added, { type: 'saved' }).isDirty).toBe(false);
  });

  it('moves a block up and down, keeping its key, and ignores moves past the ends', () => {
    let state = draftReducer(emptyDraft, {
      type: 'load',
      blocks: [heading('A'), heading('B'), heading('C')],
    });
    const keyOfB = state.items[1]!.key;
    state = draftReducer(state, { type: 'move', key: keyOfB, by: -1 });
    expect(state.items.map((i) => i.key)[0]).toBe(keyOfB);
    expect(draftReducer(state, { type: 'move', key: keyOfB, by: -1 })).toBe(state);
    state = draftReducer(state, { type: 'move', key: keyOfB, by: 1 });
    state = draftReducer(state, { type: 'move', key: keyOfB, by: 1 });
    expect(state.items.map((i) => i.key)[2]).toBe(keyOfB);
  });

  it('updates and removes one block by key', () => {
    let state = draftReducer(emptyDraft, { type: 'load', blocks: [heading('A'), heading('B')] });
    const [a, b] = state.items;
    state = draftReducer(state, { type: 'update', key: a!.key, block: heading('A2') });
    state = draftReducer(state, { type: 'remove', key: b!.key });
    expect(blocksOf(state)).toEqual([heading('A2')]);
  });

  it('refuses a 61st block with a notice and keeps the 60', () => {
    const sixty = Array.from({ length: MAX_BLOCKS_PER_LAYOUT }, (_, i) => heading(`H${i}`));
    const full = draftReducer(emptyDraft, { type: 'load', blocks: sixty });
    const refused = draftReducer(full, { type: 'add', block: heading('one more') });
    expect(refused.items).toHaveLength(60);
    expect(refused.notice).toBe(
      'A page can hold at most 60 blocks. Remove one before adding another.',
    );
    const afterRemove = draftReducer(refused, { type: 'remove', key: refused.items[0]!.key });
    expect(afterRemove.notice).toBeNull();
  });
});
