import { readStoredBlock, type TextBlock } from '@atelier/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextBlockView } from './text-block.tsx';

// The schema and the version 1 migration are tested in contract (blocks/blocks.test.ts).
describe('the text block view', () => {
  it('renders a migrated version 1 block escaped, as version 1 rendered it', () => {
    const block = readStoredBlock({ type: 'text', version: 1, paragraphs: ['<i>a</i>', 'b'] });
    expect(block.type).toBe('text');
    expect(renderToStaticMarkup(<TextBlockView block={block as TextBlock} />)).toBe(
      '<div class="block block--text"><p>&lt;i&gt;a&lt;/i&gt;</p><p>b</p></div>',
    );
  });

  it('renders version 2 as its stored HTML, and nothing when it is empty', () => {
    expect(
      renderToStaticMarkup(
        <TextBlockView
          block={{ type: 'text', version: 2, doc: { type: 'doc' }, html: '<p><em>a</em></p>' }}
        />,
      ),
    ).toBe('<div class="block block--text"><p><em>a</em></p></div>');
    expect(
      renderToStaticMarkup(
        <TextBlockView
          block={{ type: 'text', version: 2, doc: { type: 'doc' }, html: '<p></p>' }}
        />,
      ),
    ).toBe('');
  });
});
