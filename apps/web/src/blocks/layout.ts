import type { Block } from './schema.ts';

// A layout is one flat block list in which a `section` block starts a new section (the
// first section needs no marker). Shared by the storefront, the editor and the server.

/** Blocks that count against the 60-block limit: section breaks are layout, not blocks. */
export const countBlocks = (blocks: readonly Block[]): number =>
  blocks.filter((block) => block.type !== 'section').length;

/** A layout's blocks split at its section breaks. */
export function splitSections(blocks: readonly Block[]): Block[][] {
  const sections: Block[][] = [[]];
  for (const block of blocks) {
    if (block.type === 'section') sections.push([]);
    else sections.at(-1)?.push(block);
  }
  return sections;
}
