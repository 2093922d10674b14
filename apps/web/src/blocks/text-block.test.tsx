import { blockSchema, textBlockSchema, upgradeTextBlock } from '@atelier/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextBlockView } from './text-block.tsx';

describe('the text block', () => {
  it('reads both versions and refuses others', () => {
    expect(textBlockSchema.safeParse({ type: 'text', version: 1, paragraphs: ['a'] }).success).toBe(
      true,
    );
    const v2 = { type: 'text', version: 2, doc: { type: 'doc', content: [] }, html: '<p>a</p>' };
    expect(blockSchema.safeParse(v2).success).toBe(true);
    expect(blockSchema.safeParse({ ...v2, version: 3 }).success).toBe(false);
    expect(blockSchema.safeParse({ ...v2, doc: { content: [] } }).success).toBe(false);
  });

  it('refuses a document too large for one block', () => {
    const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(20_000) }] };
    const doc = { type: 'doc', content: Array.from({ length: 16 }, () => paragraph) };
    const parsed = blockSchema.safeParse({ type: 'text', version: 2, doc, html: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'This text is too long for one block. Split it into two.',
    );
  });

  it('upgrades version 1 paragraphs to an editor document and escaped HTML', () => {
    expect(
      upgradeTextBlock({ type: 'text', version: 1, paragraphs: ['Tom & "Jerry" <b>', ''] }),
    ).toEqual({
      type: 'text',
      version: 2,
      doc: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Tom & "Jerry" <b>' }] },
          { type: 'paragraph' },
        ],
      },
      html: '<p>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</p><p></p>',
    });
    expect(upgradeTextBlock({ type: 'text', version: 1, paragraphs: [] }).html).toBe('<p></p>');
    const v2 = upgradeTextBlock({ type: 'text', version: 1, paragraphs: ['a'] });
    expect(upgradeTextBlock(v2)).toBe(v2);
  });

  it('renders version 1 escaped and version 2 as its stored HTML', () => {
    expect(
      renderToStaticMarkup(
        <TextBlockView block={{ type: 'text', version: 1, paragraphs: ['<i>a</i>', 'b'] }} />,
      ),
    ).toBe('<div class="block block--text"><p>&lt;i&gt;a&lt;/i&gt;</p><p>b</p></div>');
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
