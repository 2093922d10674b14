import {
  type Block,
  type EditorBlock,
  newSectionBlock,
  type SectionBlock,
} from '@atelier/contract';

export type { SectionBlock };

import { editorApiMessages, MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';

// The page editor's state changes as small (state, action) → state steps (STYLE.md,
// after Puck's reducers). Pure: no React, no fetch; each step has its test.
//
// A layout is stored as one flat block list in which a `section` block starts a new
// section (the first section needs no marker). Here it is held as sections of items, and
// every change that alters them pushes the previous sections onto a bounded undo history.

/**
 * A block with a key that stays with it while it moves (React keys, focus after a move).
 * An unreadable block (one the server could not read) can be moved or removed, never
 * updated: the save sends it back exactly as it came.
 */
export type DraftItem = { key: string; block: EditorBlock };
/**
 * `settings` is the section's marker block; null for a first section stored without one
 * (layouts written before sections had settings), which looks as a default section does.
 */
export type DraftSection = { key: string; settings: SectionBlock | null; items: DraftItem[] };

/** Undo steps kept; older ones are dropped so a long session does not grow without end. */
export const HISTORY_LIMIT = 100;

export type DraftState = {
  sections: DraftSection[];
  /** Earlier versions of `sections`, newest last. */
  past: DraftSection[][];
  /** Versions undone, newest last; any new change clears it. */
  future: DraftSection[][];
  /**
   * The block whose fields were last typed into: further typing into the same block
   * extends that undo step instead of making one per keystroke.
   */
  typingKey: string | null;
  /** Set when an action was refused (the 60-block limit), cleared by the next change. */
  notice: string | null;
  /** Unsaved changes since the last load or save. */
  isDirty: boolean;
  nextKey: number;
};

/** Where a block goes: a section and a position in it (clamped to the section's end). */
export type DraftPlace = { sectionKey: string; index: number };

export type DraftAction =
  | { type: 'load'; blocks: EditorBlock[] }
  | { type: 'add'; block: Block; place?: DraftPlace }
  | { type: 'update'; key: string; block: Block }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'move-to'; key: string; place: DraftPlace }
  | { type: 'remove'; key: string }
  /** A copy of the block right after it, with a new key. */
  | { type: 'duplicate'; key: string }
  /** A new empty section: at the end, or above or below the one named. */
  | {
      type: 'add-section';
      settings?: SectionBlock;
      near?: { sectionKey: string; isAbove: boolean };
    }
  | { type: 'update-section'; sectionKey: string; settings: SectionBlock }
  | { type: 'move-section'; sectionKey: string; by: -1 | 1 }
  /** Removes the section with its blocks (undoable); a layout keeps at least one section. */
  | { type: 'remove-section'; sectionKey: string }
  | { type: 'undo' }
  | { type: 'redo' }
  /** `sections`: what was sent; edits made while the save was on its way stay unsaved. */
  | { type: 'saved'; sections?: DraftSection[] };

export const emptyDraft: DraftState = {
  sections: [{ key: 's1', settings: null, items: [] }],
  past: [],
  future: [],
  typingKey: null,
  notice: null,
  isDirty: false,
  nextKey: 2,
};

export const itemsOf = (state: Pick<DraftState, 'sections'>): DraftItem[] =>
  state.sections.flatMap((section) => section.items);

export const blockCountOf = (state: Pick<DraftState, 'sections'>): number => itemsOf(state).length;

export const isFull = (state: Pick<DraftState, 'sections'>): boolean =>
  blockCountOf(state) >= MAX_BLOCKS_PER_LAYOUT;

/**
 * The flat list the server stores: a section block before every section, except a first
 * section that has no settings of its own (so a layout that never had any is unchanged).
 */
export function blocksOf(state: Pick<DraftState, 'sections'>): EditorBlock[] {
  return state.sections.flatMap((section, index) => [
    ...(section.settings ? [section.settings] : index === 0 ? [] : [newSectionBlock()]),
    ...section.items.map((item) => item.block),
  ]);
}

/** Where a block is: its section's index and its own index there. */
export function locate(
  sections: readonly DraftSection[],
  key: string,
): { section: number; index: number } | null {
  for (const [section, { items }] of sections.entries()) {
    const index = items.findIndex((item) => item.key === key);
    if (index >= 0) return { section, index };
  }
  return null;
}

function load(state: DraftState, blocks: EditorBlock[]): DraftState {
  let nextKey = state.nextKey;
  // A layout that starts with a section block carries the first section's settings there.
  const [first] = blocks;
  const sections: DraftSection[] = [
    { key: `s${nextKey++}`, settings: first?.type === 'section' ? first : null, items: [] },
  ];
  for (const [index, block] of blocks.entries()) {
    if (block.type === 'section') {
      if (index > 0) sections.push({ key: `s${nextKey++}`, settings: block, items: [] });
    } else {
      sections.at(-1)?.items.push({ key: `b${nextKey++}`, block });
    }
  }
  return { ...emptyDraft, sections, nextKey };
}

/** A changed layout: the old one becomes an undo step unless this continues typing. */
function change(
  state: DraftState,
  sections: DraftSection[],
  options: { typingKey?: string; nextKey?: number } = {},
): DraftState {
  const isSameTyping = options.typingKey !== undefined && options.typingKey === state.typingKey;
  return {
    sections,
    past: isSameTyping ? state.past : [...state.past, state.sections].slice(-HISTORY_LIMIT),
    future: [],
    typingKey: options.typingKey ?? null,
    notice: null,
    isDirty: true,
    nextKey: options.nextKey ?? state.nextKey,
  };
}

function insert(sections: DraftSection[], item: DraftItem, place: DraftPlace): DraftSection[] {
  return sections.map((section) => {
    if (section.key !== place.sectionKey) return section;
    const items = [...section.items];
    items.splice(Math.max(0, Math.min(place.index, items.length)), 0, item);
    return { ...section, items };
  });
}

function without(sections: DraftSection[], key: string): DraftSection[] {
  return sections.map((section) => ({
    ...section,
    items: section.items.filter((item) => item.key !== key),
  }));
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'load':
      return load(state, action.blocks);
    case 'add': {
      if (isFull(state)) return { ...state, notice: editorApiMessages.tooManyBlocks };
      const last = state.sections.at(-1);
      const place = action.place ?? {
        sectionKey: last?.key ?? '',
        index: last?.items.length ?? 0,
      };
      if (!state.sections.some((section) => section.key === place.sectionKey)) return state;
      const item = { key: `b${state.nextKey}`, block: action.block };
      return change(state, insert(state.sections, item, place), { nextKey: state.nextKey + 1 });
    }
    case 'update': {
      const at = locate(state.sections, action.key);
      const current = at ? state.sections[at.section]?.items[at.index] : undefined;
      if (!current || current.block.type === 'unreadable') return state;
      const sections = state.sections.map((section) => ({
        ...section,
        items: section.items.map((item) =>
          item.key === action.key ? { ...item, block: action.block } : item,
        ),
      }));
      return change(state, sections, { typingKey: action.key });
    }
    case 'move': {
      // Up from the top of a section goes to the end of the one above, and down from the
      // bottom to the start of the one below, so buttons reach every place a drag can.
      const at = locate(state.sections, action.key);
      if (!at) return state;
      const section = state.sections[at.section];
      if (!section) return state;
      const to = at.index + action.by;
      if (to >= 0 && to < section.items.length) {
        return draftReducer(state, {
          type: 'move-to',
          key: action.key,
          place: { sectionKey: section.key, index: to },
        });
      }
      const neighbour = state.sections[at.section + action.by];
      if (!neighbour) return state;
      return draftReducer(state, {
        type: 'move-to',
        key: action.key,
        place: { sectionKey: neighbour.key, index: action.by < 0 ? neighbour.items.length : 0 },
      });
    }
    case 'move-to': {
      const at = locate(state.sections, action.key);
      const item = at ? state.sections[at.section]?.items[at.index] : undefined;
      if (!at || !item) return state;
      if (!state.sections.some((section) => section.key === action.place.sectionKey)) {
        return state;
      }
      if (state.sections[at.section]?.key === action.place.sectionKey) {
        if (at.index === action.place.index) return state;
      }
      return change(state, insert(without(state.sections, action.key), item, action.place));
    }
    case 'remove':
      if (!locate(state.sections, action.key)) return state;
      return change(state, without(state.sections, action.key));
    case 'duplicate': {
      const at = locate(state.sections, action.key);
      const item = at ? state.sections[at.section]?.items[at.index] : undefined;
      const section = at ? state.sections[at.section] : undefined;
      if (!at || !item || !section) return state;
      if (isFull(state)) return { ...state, notice: editorApiMessages.tooManyBlocks };
      const copy = { key: `b${state.nextKey}`, block: structuredClone(item.block) };
      return change(
        state,
        insert(state.sections, copy, { sectionKey: section.key, index: at.index + 1 }),
        { nextKey: state.nextKey + 1 },
      );
    }
    case 'add-section': {
      const added: DraftSection = {
        key: `s${state.nextKey}`,
        settings: action.settings ?? null,
        items: [],
      };
      const near = action.near
        ? state.sections.findIndex((section) => section.key === action.near?.sectionKey)
        : -1;
      const at = near < 0 ? state.sections.length : near + (action.near?.isAbove ? 0 : 1);
      const sections = [...state.sections];
      sections.splice(at, 0, added);
      return change(state, sections, { nextKey: state.nextKey + 1 });
    }
    case 'update-section': {
      if (!state.sections.some((section) => section.key === action.sectionKey)) return state;
      const sections = state.sections.map((section) =>
        section.key === action.sectionKey ? { ...section, settings: action.settings } : section,
      );
      return change(state, sections, { typingKey: action.sectionKey });
    }
    case 'move-section': {
      const index = state.sections.findIndex((s) => s.key === action.sectionKey);
      const to = index + action.by;
      const moved = state.sections[index];
      if (!moved || to < 0 || to >= state.sections.length) return state;
      const sections = state.sections.filter((_, i) => i !== index);
      sections.splice(to, 0, moved);
      return change(state, sections);
    }
    case 'remove-section': {
      // A layout keeps at least one section; what is removed comes back with undo.
      if (state.sections.length === 1) return state;
      if (!state.sections.some((section) => section.key === action.sectionKey)) return state;
      return change(
        state,
        state.sections.filter((section) => section.key !== action.sectionKey),
      );
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        sections: previous,
        past: state.past.slice(0, -1),
        future: [...state.future, state.sections],
        typingKey: null,
        notice: null,
        isDirty: true,
      };
    }
    case 'redo': {
      const next = state.future.at(-1);
      if (!next) return state;
      return {
        ...state,
        sections: next,
        past: [...state.past, state.sections].slice(-HISTORY_LIMIT),
        future: state.future.slice(0, -1),
        typingKey: null,
        notice: null,
        isDirty: true,
      };
    }
    case 'saved':
      // A save ends the typing step: the next keystroke starts a new undo step.
      return {
        ...state,
        isDirty: action.sections !== undefined && action.sections !== state.sections,
        typingKey: null,
      };
  }
}
