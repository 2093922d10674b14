import { readFileSync } from 'node:fs';
import {
  type Block,
  type BlockData,
  type Image,
  newSectionBlock,
  SECTION_COLOURS,
  SECTION_OVERLAYS,
  SECTION_TEXT,
  type SectionBlock,
} from '@atelier/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LayoutView, SectionFrame } from './render.tsx';

const MEDIA_ID = '6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a01';
const photo: Image = {
  id: MEDIA_ID,
  src: `/files/w/${MEDIA_ID}/1600.webp`,
  srcset: `/files/w/${MEDIA_ID}/800.webp 800w, /files/w/${MEDIA_ID}/1600.webp 1600w`,
  width: 1600,
  height: 900,
  altText: 'Linen drying on a line',
  focalPoint: { x: 0.5, y: 0.5 },
};
const withPhoto: BlockData = { media: { [MEDIA_ID]: photo }, collections: {} };
const noData: BlockData = { media: {}, collections: {} };
const heading = (text: string): Block => ({ type: 'heading', version: 1, text, level: 2 });
const section = (settings: Partial<Omit<SectionBlock, 'type' | 'version'>>): SectionBlock => ({
  ...newSectionBlock(),
  ...settings,
});
const frame = (settings: SectionBlock | null, data = noData) =>
  renderToStaticMarkup(
    <SectionFrame settings={settings} data={data}>
      <p>Inside</p>
    </SectionFrame>,
  );
const classOf = (markup: string) => markup.match(/^<div class="([^"]+)"/)?.[1];

describe('SectionFrame', () => {
  it('draws a section without settings with the defaults: medium padding, contained', () => {
    expect(frame(null)).toBe(
      '<div class="page-section page-section--pad-medium page-section--contained">' +
        '<div class="page-section__inner"><p>Inside</p></div></div>',
    );
    expect(frame(newSectionBlock())).toBe(frame(null));
  });

  it('names padding, width and palette colour in its classes', () => {
    expect(
      classOf(
        frame(
          section({
            padding: 'large',
            width: 'full',
            background: { kind: 'colour', colour: 'sand' },
          }),
        ),
      ),
    ).toBe('page-section page-section--pad-large page-section--full page-section--bg-sand');
  });

  it('switches to light text on dark colours only', () => {
    expect(classOf(frame(section({ background: { kind: 'colour', colour: 'ink' } })))).toContain(
      'page-section--dark',
    );
    expect(
      classOf(frame(section({ background: { kind: 'colour', colour: 'sage' } }))),
    ).not.toContain('page-section--dark');
  });

  it('draws an image background as a decorative responsive image behind the content', () => {
    const markup = frame(
      section({ width: 'full', background: { kind: 'image', mediaId: MEDIA_ID } }),
      withPhoto,
    );
    expect(classOf(markup)).toBe(
      'page-section page-section--pad-medium page-section--full page-section--bg-image page-section--dark',
    );
    expect(markup).toContain('<div class="page-section__media page-section__media--medium">');
    const img = markup.match(/<img [^>]*>/)?.[0] ?? '';
    expect(img).toContain('alt=""');
    expect(img).not.toContain(photo.altText);
    expect(img).toContain(`srcSet="${photo.srcset}"`);
    expect(img).toContain('sizes="100vw"');
    expect(img).toContain('loading="lazy"');
    // The image comes first, so the content is drawn over it and read after nothing.
    expect(markup.indexOf('<img')).toBeLessThan(markup.indexOf('page-section__inner'));
  });

  it('uses the strong overlay when chosen, and the page column for a contained image', () => {
    const markup = frame(
      section({ background: { kind: 'image', mediaId: MEDIA_ID, overlay: 'strong' } }),
      withPhoto,
    );
    expect(markup).toContain('page-section__media--strong');
    expect(markup).toContain('sizes="(max-width: 1100px) 100vw, 1100px"');
  });

  it('keeps the section, dark, without an image whose file is gone', () => {
    const markup = frame(section({ background: { kind: 'image', mediaId: MEDIA_ID } }));
    expect(markup).not.toContain('<img');
    expect(classOf(markup)).toContain('page-section--bg-image page-section--dark');
  });
});

describe('LayoutView with section settings', () => {
  const render = (blocks: Block[], data = noData) =>
    renderToStaticMarkup(<LayoutView blocks={blocks} data={data} useCLDRMoneyFormat={false} />);

  it('gives a leading marker’s settings to the first section instead of an empty one', () => {
    const markup = render([
      section({ background: { kind: 'colour', colour: 'clay' }, padding: 'small' }),
      heading('A'),
      section({ width: 'full' }),
      heading('B'),
    ]);
    const sections = markup.match(/<div class="page-section [^"]*"/g);
    expect(sections).toEqual([
      '<div class="page-section page-section--pad-small page-section--contained page-section--bg-clay"',
      '<div class="page-section page-section--pad-medium page-section--full"',
    ]);
  });

  it('leaves out empty sections unless they have a background to show', () => {
    const markup = render(
      [
        heading('A'),
        newSectionBlock(),
        section({ background: { kind: 'image', mediaId: MEDIA_ID } }),
        section({ background: { kind: 'colour', colour: 'rust' } }),
        heading('B'),
      ],
      withPhoto,
    );
    expect(markup.match(/<div class="page-section /g)).toHaveLength(3);
    expect(markup).toContain('page-section--bg-image');
  });
});

describe('the section palette in site.css', () => {
  const css = readFileSync(new URL('../styles/site.css', import.meta.url), 'utf8');
  const declared = (property: string) =>
    css
      .match(new RegExp(`${property}:\\s*([^;]+);`))?.[1]
      ?.trim()
      .toLowerCase();

  it('paints every contract colour, with the same value, under its class', () => {
    for (const colour of SECTION_COLOURS) {
      expect(declared(`--section-${colour.name}`), colour.name).toBe(colour.value);
      expect(css, colour.name).toContain(
        `.page-section--bg-${colour.name} {\n  background: var(--section-${colour.name});`,
      );
    }
  });

  it('keeps the page’s own text colours, which light sections use, as contract measures them', () => {
    expect(declared('--ink')).toBe(SECTION_TEXT.onLight.text);
    expect(declared('--muted')).toBe(SECTION_TEXT.onLight.muted);
    expect(declared('--accent')).toBe(SECTION_TEXT.onLight.link);
  });

  it('draws dark sections’ text and overlays with the values whose contrast contract measures', () => {
    const dark = css.slice(css.indexOf('.page-section--dark {'));
    const rule = dark.slice(0, dark.indexOf('}'));
    expect(rule).toContain(`color: ${SECTION_TEXT.onDark.text};`);
    expect(rule).toContain(`--muted: ${SECTION_TEXT.onDark.muted};`);
    expect(rule).toContain(`--accent: ${SECTION_TEXT.onDark.link};`);
    const [medium, strong] = SECTION_OVERLAYS;
    expect(css).toContain(
      `.page-section__media::after {\n  content: "";\n  position: absolute;\n  inset: 0;\n  background: rgb(0 0 0 / ${medium.opacity});`,
    );
    expect(css).toContain(
      `.page-section__media--strong::after {\n  background: rgb(0 0 0 / ${strong.opacity});`,
    );
  });
});
