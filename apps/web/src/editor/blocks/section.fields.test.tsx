import {
  blockSchema,
  newSectionBlock,
  SECTION_COLOURS,
  type SectionBlock,
} from '@atelier/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockEditors } from './registry.tsx';
import { SectionFields } from './section.fields.tsx';

const render = (block: SectionBlock) =>
  renderToStaticMarkup(<SectionFields block={block} onChange={() => undefined} />);
const legends = (markup: string) =>
  [...markup.matchAll(/<legend>([^<]+)<\/legend>/g)].map((match) => match[1]);
const checked = (markup: string) =>
  [...markup.matchAll(/<input type="radio"[^>]*checked=""[^>]*value="([^"]+)"/g)].map(
    (match) => match[1],
  );

describe('the section settings fields', () => {
  it('are registered for sections, and a new section is a valid version 2 with defaults', () => {
    const created = blockEditors.section.create();
    expect(created).toEqual(newSectionBlock());
    expect(blockSchema.parse(created)).toEqual(created);
    expect(blockEditors.section.Fields).toBe(SectionFields);
  });

  it('group each choice as radio buttons under a legend, with the current values checked', () => {
    const markup = render(newSectionBlock());
    expect(legends(markup)).toEqual(['Background', 'Padding', 'Width']);
    expect(checked(markup)).toEqual(['none', 'medium', 'contained']);
    for (const label of ['None', 'Colour', 'Image', 'Small', 'Large', 'Contained', 'Full width']) {
      expect(markup).toContain(`${label}</label>`);
    }
  });

  it('show the palette as named swatches when the background is a colour', () => {
    const markup = render({
      ...newSectionBlock(),
      background: { kind: 'colour', colour: 'rust' },
      width: 'full',
    });
    expect(legends(markup)).toEqual(['Background', 'Background colour', 'Padding', 'Width']);
    expect(checked(markup)).toEqual(['colour', 'rust', 'medium', 'full']);
    for (const colour of SECTION_COLOURS) {
      expect(markup).toContain(`${colour.label}</label>`);
      expect(markup).toContain(`background:${colour.value}`);
    }
    // The swatch is decoration: the colour's name is what a screen reader reads.
    expect(markup).toMatch(/<span aria-hidden="true"><span class="section-swatch"/);
  });

  it('offer changing the image and how much it is darkened when the background is an image', () => {
    const markup = render({
      ...newSectionBlock(),
      background: {
        kind: 'image',
        mediaId: '0b7f7a52-1111-4000-8000-000000000001',
        overlay: 'strong',
      },
    });
    expect(legends(markup)).toEqual([
      'Background',
      'Background image',
      'Darken the image',
      'Padding',
      'Width',
    ]);
    expect(checked(markup)).toEqual(['image', 'strong', 'medium', 'contained']);
    expect(markup).toContain('Change image');
  });
});
