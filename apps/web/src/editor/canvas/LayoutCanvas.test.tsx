import { type EditorBlock, newSectionBlock, readStoredBlock } from '@atelier/contract';
import { editorApiMessages, MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type DraftSection, draftReducer, emptyDraft } from '../page-draft.ts';
import {
  type CanvasActions,
  CanvasSection,
  fullLayoutMessage,
  LayoutCanvas,
} from './LayoutCanvas.tsx';

const heading = (text: string): EditorBlock => ({ type: 'heading', version: 1, text, level: 2 });
const render = (blocks: EditorBlock[]) =>
  renderToStaticMarkup(
    <LayoutCanvas
      draft={draftReducer(emptyDraft, { type: 'load', blocks })}
      dispatch={() => undefined}
      data={{ media: {}, collections: {} }}
      name="page"
      device="desktop"
      language="en"
    />,
  );

describe('the canvas and the 60-block limit', () => {
  it('offers every palette block while the page has room', () => {
    const markup = render([heading('A')]);
    expect(markup).toContain('1 of 60 blocks');
    expect(markup).not.toContain(fullLayoutMessage);
    expect(markup).not.toMatch(/<button[^>]*disabled=""[^>]*data-palette-type/);
  });

  it('disables the palette with a clear message at 60 blocks', () => {
    const sixty = Array.from({ length: MAX_BLOCKS_PER_LAYOUT }, (_, i) => heading(`H${i}`));
    const markup = render(sixty);
    expect(fullLayoutMessage).toBe('A page can hold at most 60 blocks.');
    expect(markup).toContain(`${fullLayoutMessage} Remove one before adding another.`);
    expect(markup).toContain('60 of 60 blocks');
    const palette = markup.match(/<button[^>]*data-palette-type="[^"]+"[^>]*>/g) ?? [];
    expect(palette.length).toBeGreaterThan(10);
    for (const button of palette) expect(button).toContain('disabled=""');
  });

  it('numbers blocks across sections; the selected one has its toolbar', () => {
    const draft = draftReducer(emptyDraft, {
      type: 'load',
      blocks: [heading('A'), newSectionBlock(), heading('B')],
    });
    const [first, second] = draft.sections;
    const firstMarkup = section(first!, 1, 0, null);
    const secondMarkup = section(second!, 2, 1, second!.items[0]!.key);
    expect(firstMarkup).toContain('>Section 1<');
    expect(firstMarkup).toContain('aria-label="Heading, block 1 of 2"');
    // Unselected blocks are drawn as visitors see them, inert, with no toolbar.
    expect(firstMarkup).toContain('inert=""');
    expect(firstMarkup).not.toContain('role="toolbar"');
    expect(secondMarkup).toContain('>Section 2<');
    expect(secondMarkup).toContain('aria-label="Heading, block 2 of 2, selected"');
    expect(secondMarkup).toContain('aria-label="Drag Heading block 2"');
    // The last block cannot move down; the heading is typed into where it stands.
    expect(secondMarkup).toMatch(/aria-label="Move down"[^>]*disabled=""/);
    expect(secondMarkup).not.toMatch(/aria-label="Move up"[^>]*disabled=""/);
    expect(secondMarkup).toContain('contentEditable="plaintext-only"');
  });
});

const noActions: CanvasActions = {
  selectBlock: () => undefined,
  selectSection: () => undefined,
  moveBlock: () => undefined,
  duplicateBlock: () => undefined,
  removeBlock: () => undefined,
  openSettings: () => undefined,
  updateBlock: () => undefined,
  startDrag: () => undefined,
  addSection: () => undefined,
  moveSection: () => undefined,
  removeSection: () => undefined,
};

/** One section of the canvas as the frame draws it. */
const section = (
  draftSection: DraftSection,
  number: number,
  firstBlockNumber: number,
  selectedBlockKey: string | null,
) =>
  renderToStaticMarkup(
    <CanvasSection
      section={draftSection}
      number={number}
      sectionCount={2}
      firstBlockNumber={firstBlockNumber}
      blockCount={2}
      data={{ media: {}, collections: {} }}
      selectedBlockKey={selectedBlockKey}
      isSelected={false}
      dropIndex={null}
      actions={noActions}
    />,
  );

describe('a stored block the editor cannot read', () => {
  const carousel = readStoredBlock({ type: 'carousel', version: 2, slides: [] });

  it('is a "Needs attention" card saying what it was and why; it can be moved or deleted', () => {
    const draft = draftReducer(emptyDraft, { type: 'load', blocks: [heading('A'), carousel] });
    const markup = section(draft.sections[0]!, 1, 0, draft.sections[0]!.items[1]!.key);
    expect(markup).toContain('aria-label="Needs attention, block 2 of 2, selected"');
    expect(markup).toContain('aria-label="Drag Needs attention block 2"');
    expect(markup).toContain('aria-label="Move up"');
    expect(markup).toContain('aria-label="Delete"');
    // Nothing to copy: a save must send it back exactly as it came.
    expect(markup).toMatch(/aria-label="Duplicate"[^>]*disabled=""/);
    expect(markup).toContain('Stored as a &quot;carousel&quot; block.');
    expect(markup).toContain('This editor has no &quot;carousel&quot; block.');
    expect(markup).toContain(editorApiMessages.unreadableBlockHelp);
    // The explanation is not inert, so a screen reader reaches it.
    const card = markup.slice(markup.indexOf('Needs attention, block 2'));
    expect(card.slice(0, card.indexOf('Stored as'))).not.toContain('inert');
  });
});
