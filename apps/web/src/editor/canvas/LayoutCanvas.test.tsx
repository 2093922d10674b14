import { type EditorBlock, newSectionBlock, readStoredBlock } from '@atelier/contract';
import { editorApiMessages, MAX_BLOCKS_PER_LAYOUT } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { draftReducer, emptyDraft } from '../page-draft.ts';
import { fullLayoutMessage, LayoutCanvas } from './LayoutCanvas.tsx';

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

  it('numbers blocks across sections and gives each its move, delete and drag controls', () => {
    const markup = render([heading('A'), newSectionBlock(), heading('B')]);
    expect(markup).toContain('aria-label="Section 2"');
    expect(markup).toContain('aria-label="Drag Heading block 2"');
    expect(markup).toContain('aria-label="Move up, block 2"');
    // The first block cannot move up, the last cannot move down.
    expect(markup).toMatch(/disabled=""[^>]*aria-label="Move up, block 1"/);
    expect(markup).toMatch(/disabled=""[^>]*aria-label="Move down, block 2"/);
  });
});

describe('a stored block the editor cannot read', () => {
  const carousel = readStoredBlock({ type: 'carousel', version: 2, slides: [] });

  it('is a "Needs attention" card saying what it was and why, with move and delete', () => {
    const markup = render([heading('A'), carousel]);
    expect(markup).toContain('2 of 60 blocks');
    expect(markup).toContain('2. Needs attention');
    expect(markup).toContain('aria-label="Drag Needs attention block 2"');
    expect(markup).toContain('aria-label="Move up, block 2"');
    expect(markup).toContain('aria-label="Delete, block 2"');
    expect(markup).toContain('Stored as a &quot;carousel&quot; block.');
    expect(markup).toContain('This editor has no &quot;carousel&quot; block.');
    expect(markup).toContain(editorApiMessages.unreadableBlockHelp);
    // The explanation is outside the inert preview, so a screen reader reaches it.
    const card = markup.slice(markup.indexOf('2. Needs attention'));
    expect(card.slice(0, card.indexOf('Stored as'))).not.toContain('inert');
  });
});
