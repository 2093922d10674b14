import { MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import type { Block } from '../blocks/schema.ts';
import { editorApiMessages } from './api/contract.ts';

// The page editor's state changes as small (state, action) → state steps (STYLE.md,
// after Puck's reducers). Pure: no React, no fetch; each step has its test.

/** A block with a key that stays with it while it moves (React keys, focus after a move). */
export type DraftItem = { key: string; block: Block };

export type DraftState = {
  items: DraftItem[];
  /** Set when an action was refused (the 60-block limit), cleared by the next change. */
  notice: string | null;
  /** Unsaved changes since the last load or save. */
  isDirty: boolean;
  nextKey: number;
};

export type DraftAction =
  | { type: 'load'; blocks: Block[] }
  | { type: 'add'; block: Block }
  | { type: 'update'; key: string; block: Block }
  | { type: 'move'; key: string; by: -1 | 1 }
  | { type: 'remove'; key: string }
  | { type: 'saved' };

export const emptyDraft: DraftState = { items: [], notice: null, isDirty: false, nextKey: 1 };

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'load': {
      const items = action.blocks.map((block, i) => ({ key: `b${state.nextKey + i}`, block }));
      return { items, notice: null, isDirty: false, nextKey: state.nextKey + items.length };
    }
    case 'add': {
      if (state.items.length >= MAX_BLOCKS_PER_LAYOUT) {
        return { ...state, notice: editorApiMessages.tooManyBlocks };
      }
      const item = { key: `b${state.nextKey}`, block: action.block };
      return {
        items: [...state.items, item],
        notice: null,
        isDirty: true,
        nextKey: state.nextKey + 1,
      };
    }
    case 'update':
      return {
        ...state,
        items: state.items.map((item) =>
          item.key === action.key ? { ...item, block: action.block } : item,
        ),
        notice: null,
        isDirty: true,
      };
    case 'move': {
      const from = state.items.findIndex((item) => item.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= state.items.length) return state;
      const items = [...state.items];
      const [moved] = items.splice(from, 1);
      if (moved) items.splice(to, 0, moved);
      return { ...state, items, notice: null, isDirty: true };
    }
    case 'remove':
      return {
        ...state,
        items: state.items.filter((item) => item.key !== action.key),
        notice: null,
        isDirty: true,
      };
    case 'saved':
      return { ...state, isDirty: false };
  }
}

export const blocksOf = (state: DraftState): Block[] => state.items.map((item) => item.block);
