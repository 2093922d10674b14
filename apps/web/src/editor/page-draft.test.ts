import {
  type Block,
  countBlocks,
  type EditorBlock,
  newSectionBlock,
  readStoredBlock,
} from '@atelier/contract';
import { MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  type DraftState,
  draftReducer,
  emptyDraft,
  HISTORY_LIMIT,
  itemsOf,
} from './page-draft.ts';

const heading = (text: string): Block => ({ type: 'heading', version: 1, text, level: 2 });
const SECTION = newSectionBlock();
const textsOf = (state: DraftState) =>
  blocksOf(state).map((b) => (b.type === 'heading' ? b.text : b.type));
const loaded = (blocks: EditorBlock[]) => draftReducer(emptyDraft, { type: 'load', blocks });

describe('the page draft reducer', () => {
  it('loads blocks clean and marks every change dirty', () => {
    const state = loaded([heading('A')]);
    expect(state.isDirty).toBe(false);
    const added = draftReducer(state, { type: 'add', block: heading('B') });
    expect(textsOf(added)).toEqual(['A', 'B']);
    expect(added.isDirty).toBe(true);
    expect(draftReducer(added, { type: 'saved' }).isDirty).toBe(false);
  });

  it('splits stored blocks into sections at section breaks and writes them back the same', () => {
    const blocks = [heading('A'), SECTION, heading('B'), heading('C'), SECTION];
    const state = loaded(blocks);
    expect(state.sections.map((s) => s.items.length)).toEqual([1, 2, 0]);
    expect(blocksOf(state)).toEqual(blocks);
    expect(loaded([]).sections).toHaveLength(1);
  });

  it('adds a block into a section at a position', () => {
    let state = loaded([heading('A'), SECTION, heading('B')]);
    const second = state.sections[1]!.key;
    state = draftReducer(state, {
      type: 'add',
      block: heading('new'),
      place: { sectionKey: second, index: 0 },
    });
    expect(textsOf(state)).toEqual(['A', 'section', 'new', 'B']);
  });

  it('moves a block up and down, across section edges, keeping its key', () => {
    let state = loaded([heading('A'), heading('B'), SECTION, heading('C')]);
    const keyOfB = state.sections[0]!.items[1]!.key;
    state = draftReducer(state, { type: 'move', key: keyOfB, by: -1 });
    expect(textsOf(state)).toEqual(['B', 'A', 'section', 'C']);
    expect(draftReducer(state, { type: 'move', key: keyOfB, by: -1 })).toBe(state);
    state = draftReducer(state, { type: 'move', key: keyOfB, by: 1 });
    state = draftReducer(state, { type: 'move', key: keyOfB, by: 1 });
    // Down from the bottom of a section: the top of the next one.
    expect(textsOf(state)).toEqual(['A', 'section', 'B', 'C']);
    expect(state.sections[1]!.items[0]!.key).toBe(keyOfB);
  });

  it('moves a block to a place in another section (a drag)', () => {
    let state = loaded([heading('A'), heading('B'), SECTION, heading('C')]);
    const keyOfA = state.sections[0]!.items[0]!.key;
    state = draftReducer(state, {
      type: 'move-to',
      key: keyOfA,
      place: { sectionKey: state.sections[1]!.key, index: 1 },
    });
    expect(textsOf(state)).toEqual(['B', 'section', 'C', 'A']);
  });

  it('updates and removes one block by key', () => {
    let state = loaded([heading('A'), heading('B')]);
    const [a, b] = itemsOf(state);
    state = draftReducer(state, { type: 'update', key: a!.key, block: heading('A2') });
    state = draftReducer(state, { type: 'remove', key: b!.key });
    expect(blocksOf(state)).toEqual([heading('A2')]);
  });

  it('adds sections at the end or beside another, and removes one with its blocks', () => {
    let state = loaded([heading('A')]);
    state = draftReducer(state, { type: 'add-section', settings: SECTION });
    const second = state.sections[1]!.key;
    state = draftReducer(state, {
      type: 'add',
      block: heading('B'),
      place: { sectionKey: second, index: 0 },
    });
    expect(textsOf(state)).toEqual(['A', 'section', 'B']);
    const first = state.sections[0]!.key;
    state = draftReducer(state, {
      type: 'add-section',
      settings: SECTION,
      near: { sectionKey: first, isAbove: true },
    });
    expect(textsOf(state)).toEqual(['section', 'section', 'A', 'section', 'B']);
    state = draftReducer(state, { type: 'remove-section', sectionKey: second });
    expect(textsOf(state)).toEqual(['section', 'section', 'A']);
    state = draftReducer(state, { type: 'undo' });
    expect(textsOf(state)).toEqual(['section', 'section', 'A', 'section', 'B']);
    // The last section stays.
    const one = loaded([heading('A')]);
    expect(draftReducer(one, { type: 'remove-section', sectionKey: one.sections[0]!.key })).toBe(
      one,
    );
  });

  it("keeps a leading section block as the first section's settings", () => {
    const blocks = [SECTION, heading('A'), SECTION, heading('B')];
    const state = loaded(blocks);
    expect(state.sections).toHaveLength(2);
    expect(state.sections[0]!.settings).toEqual(SECTION);
    expect(blocksOf(state)).toEqual(blocks);
  });

  it('reorders sections and changes their settings as one undo step per section', () => {
    let state = loaded([heading('A'), SECTION, heading('B')]);
    const [first, second] = state.sections.map((section) => section.key);
    state = draftReducer(state, { type: 'move-section', sectionKey: second!, by: -1 });
    expect(textsOf(state)).toEqual(['section', 'B', 'section', 'A']);
    expect(draftReducer(state, { type: 'move-section', sectionKey: second!, by: -1 })).toBe(state);
    const past = state.past.length;
    state = draftReducer(state, { type: 'update-section', sectionKey: first!, settings: SECTION });
    state = draftReducer(state, { type: 'update-section', sectionKey: first!, settings: SECTION });
    expect(state.past.length).toBe(past + 1);
  });

  it('duplicates a block right after it with a new key, within the 60-block limit', () => {
    let state = loaded([heading('A'), heading('B')]);
    const a = state.sections[0]!.items[0]!;
    state = draftReducer(state, { type: 'duplicate', key: a.key });
    expect(textsOf(state)).toEqual(['A', 'A', 'B']);
    const copy = state.sections[0]!.items[1]!;
    expect(copy.key).not.toBe(a.key);
    expect(copy.block).not.toBe(a.block);
    const sixty = Array.from({ length: MAX_BLOCKS_PER_LAYOUT }, (_, i) => heading(`H${i}`));
    const full = loaded(sixty);
    const refused = draftReducer(full, { type: 'duplicate', key: full.sections[0]!.items[0]!.key });
    expect(countBlocks(blocksOf(refused))).toBe(60);
    expect(refused.notice).not.toBeNull();
  });

  it('refuses a 61st block with a notice and keeps the 60; sections do not count', () => {
    const sixty = Array.from({ length: MAX_BLOCKS_PER_LAYOUT }, (_, i) => heading(`H${i}`));
    const full = loaded([...sixty.slice(0, 30), SECTION, ...sixty.slice(30)]);
    expect(countBlocks(blocksOf(full))).toBe(60);
    const refused = draftReducer(full, { type: 'add', block: heading('one more') });
    expect(itemsOf(refused)).toHaveLength(60);
    expect(refused.notice).toBe(
      'A page can hold at most 60 blocks. Remove one before adding another.',
    );
    // A section is still allowed when the page is full.
    expect(draftReducer(refused, { type: 'add-section' }).sections).toHaveLength(3);
    const afterRemove = draftReducer(refused, { type: 'remove', key: itemsOf(refused)[0]!.key });
    expect(afterRemove.notice).toBeNull();
  });
});

describe('undo and redo', () => {
  it('undoes and redoes adds, moves and removes in order', () => {
    const start = loaded([heading('A'), heading('B')]);
    let state = draftReducer(start, { type: 'add', block: heading('C') });
    state = draftReducer(state, { type: 'move', key: itemsOf(state)[2]!.key, by: -1 });
    state = draftReducer(state, { type: 'remove', key: itemsOf(state)[0]!.key });
    expect(textsOf(state)).toEqual(['C', 'B']);
    state = draftReducer(state, { type: 'undo' });
    expect(textsOf(state)).toEqual(['A', 'C', 'B']);
    state = draftReducer(state, { type: 'undo' });
    state = draftReducer(state, { type: 'undo' });
    expect(textsOf(state)).toEqual(['A', 'B']);
    expect(state.isDirty).toBe(true);
    // Nothing more to undo: the same state.
    expect(draftReducer(state, { type: 'undo' })).toBe(state);
    state = draftReducer(state, { type: 'redo' });
    state = draftReducer(state, { type: 'redo' });
    expect(textsOf(state)).toEqual(['A', 'C', 'B']);
  });

  it('drops what was undone once something new is done', () => {
    let state = loaded([heading('A')]);
    state = draftReducer(state, { type: 'add', block: heading('B') });
    state = draftReducer(state, { type: 'undo' });
    state = draftReducer(state, { type: 'add', block: heading('X') });
    expect(state.future).toEqual([]);
    expect(draftReducer(state, { type: 'redo' })).toBe(state);
  });

  it('makes one undo step of typing into one block, and a new one for another block', () => {
    let state = loaded([heading('A'), heading('B')]);
    const [a, b] = itemsOf(state);
    for (const text of ['A1', 'A12', 'A123']) {
      state = draftReducer(state, { type: 'update', key: a!.key, block: heading(text) });
    }
    state = draftReducer(state, { type: 'update', key: b!.key, block: heading('B1') });
    expect(state.past).toHaveLength(2);
    state = draftReducer(state, { type: 'undo' });
    expect(textsOf(state)).toEqual(['A123', 'B']);
    state = draftReducer(state, { type: 'undo' });
    expect(textsOf(state)).toEqual(['A', 'B']);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps`, () => {
    let state = loaded([]);
    for (let i = 0; i < HISTORY_LIMIT + 20; i += 1) {
      state = draftReducer(state, { type: 'add-section' });
    }
    expect(state.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT + 5; i += 1) state = draftReducer(state, { type: 'undo' });
    // The oldest 20 steps were dropped: undo stops at 21 sections, not 1.
    expect(state.sections).toHaveLength(21);
  });

  it('a load starts with no history', () => {
    let state = draftReducer(loaded([]), { type: 'add', block: heading('A') });
    state = draftReducer(state, { type: 'load', blocks: [heading('Z')] });
    expect(state.past).toEqual([]);
    expect(state.isDirty).toBe(false);
  });
});

describe('blocks the server could not read', () => {
  const unknown = readStoredBlock({ type: 'carousel', slides: [] });

  it('are moved and sent back exactly as they came, and never updated', () => {
    const state = loaded([heading('A'), unknown]);
    const unknownKey = itemsOf(state)[1]?.key ?? '';
    const moved = draftReducer(state, { type: 'move', key: unknownKey, by: -1 });
    expect(blocksOf(moved)).toEqual([unknown, heading('A')]);
    expect(blocksOf(moved)[0]).toBe(unknown);
    const updated = draftReducer(moved, { type: 'update', key: unknownKey, block: heading('X') });
    expect(updated).toBe(moved);
    expect(blocksOf(draftReducer(moved, { type: 'remove', key: unknownKey }))).toEqual([
      heading('A'),
    ]);
  });
});
