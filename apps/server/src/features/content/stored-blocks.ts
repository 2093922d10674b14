import { type Block, canonicalJson, type EditorBlock, readStoredBlock } from '@atelier/contract';
import { editorApiMessages } from '@atelier/core';
import { fail } from '../../http/errors.ts';

// Saving a layout that holds blocks the server cannot read (an unknown type, a newer
// version, broken data). The editor sends them back as `{type:'unreadable', raw}` so they
// survive the save; `raw` is then written as it is. Since that JSON skips every check a
// block gets, it is accepted only when it is the JSON of an unreadable block the base
// revision stores: a client can keep, move or drop such a block (each stored copy once),
// never write JSON of its own through it.

/**
 * Turns the blocks of one save into what is stored. `stored` is every block of the base
 * revision (for the header and footer, both lists: one keeper serves both calls).
 */
export function createUnreadableKeeper(stored: readonly unknown[]) {
  const available = new Map<string, number>();
  for (const item of stored) {
    if (readStoredBlock(item).type !== 'unreadable') continue;
    const key = canonicalJson(item);
    if (key !== undefined) available.set(key, (available.get(key) ?? 0) + 1);
  }

  /** The blocks to store, in order: readable ones cleaned by `sanitize`, the others as stored. */
  return function toStored(
    blocks: readonly EditorBlock[],
    sanitize: (blocks: Block[]) => Block[],
    field: string,
  ): unknown[] {
    const sanitized = sanitize(blocks.filter((block) => block.type !== 'unreadable'));
    let next = 0;
    return blocks.map((block) => {
      if (block.type !== 'unreadable') return sanitized[next++];
      const key = canonicalJson(block.raw);
      const left = key === undefined ? 0 : (available.get(key) ?? 0);
      if (key === undefined || left === 0) {
        throw fail('UNREADABLE_BLOCK_CHANGED', editorApiMessages.unreadableBlockChanged, {
          [field]: editorApiMessages.unreadableBlockChanged,
        });
      }
      available.set(key, left - 1);
      return block.raw;
    });
  };
}

export const hasUnreadable = (blocks: readonly EditorBlock[]): boolean =>
  blocks.some((block) => block.type === 'unreadable');
