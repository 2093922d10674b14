import { blockMessages } from '@atelier/core';
import { describe, expect, it } from 'vitest';
import {
  type Block,
  blockSchema,
  countBlocks,
  joinSections,
  mediaIdsOf,
  readStoredBlock,
  sectionImageIdsOf,
  splitSections,
  splitSectionsWithSettings,
} from './index.ts';
import {
  isDarkSection,
  newSectionBlock,
  SECTION_COLOURS,
  SECTION_OVERLAYS,
  SECTION_TEXT,
  type SectionBlock,
} from './section.ts';

const MEDIA_ID = '0b7f7a52-1111-4000-8000-000000000001';
const heading = (text: string): Block => ({ type: 'heading', version: 1, text, level: 2 });
const section = (settings: Partial<Omit<SectionBlock, 'type' | 'version'>> = {}): SectionBlock => ({
  ...newSectionBlock(),
  ...settings,
});

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
/** Black at `opacity` over a white image: the lightest an overlaid image can be. */
const overlaidWhite = (opacity: number): string => {
  const channel = Math.round(255 * (1 - opacity))
    .toString(16)
    .padStart(2, '0');
  return `#${channel}${channel}${channel}`;
};

describe('section settings (section block version 2)', () => {
  it('reads a version 1 marker as the default settings', () => {
    for (const stored of [{ type: 'section', version: 1 }, { type: 'section' }]) {
      expect(readStoredBlock(stored)).toEqual({
        type: 'section',
        version: 2,
        background: { kind: 'none' },
        padding: 'medium',
        width: 'contained',
      });
    }
  });

  it('accepts every palette colour, an image with or without an overlay, and each size', () => {
    for (const { name } of SECTION_COLOURS) {
      const block = section({ background: { kind: 'colour', colour: name } });
      expect(blockSchema.parse(block)).toEqual(block);
    }
    for (const background of [
      { kind: 'image', mediaId: MEDIA_ID },
      { kind: 'image', mediaId: MEDIA_ID, overlay: 'strong' },
    ] as const) {
      expect(blockSchema.parse(section({ background }))).toEqual(section({ background }));
    }
    for (const padding of ['none', 'small', 'medium', 'large'] as const) {
      expect(blockSchema.safeParse(section({ padding })).success).toBe(true);
    }
    expect(blockSchema.safeParse(section({ width: 'full' })).success).toBe(true);
  });

  it('refuses a colour outside the palette, naming the field', () => {
    const stored = { ...section(), background: { kind: 'colour', colour: 'hotpink' } };
    const parsed = blockSchema.safeParse(stored);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['background', 'colour']);
    const read = readStoredBlock(stored);
    expect(read.type).toBe('unreadable');
    expect(read.type === 'unreadable' && read.reason).toMatch(
      /^Its settings are not valid: background\.colour: /,
    );
    // A hex value is not a palette name either: colours come from the palette only.
    expect(
      blockSchema.safeParse({ ...section(), background: { kind: 'colour', colour: '#ffffff' } })
        .success,
    ).toBe(false);
  });

  it('refuses bad padding, width, background kinds, image ids and overlays', () => {
    const refusals: [unknown, string][] = [
      [{ ...section(), padding: 'huge' }, 'padding'],
      [{ ...section(), width: 'wide' }, 'width'],
      [{ ...section(), background: { kind: 'gradient' } }, 'background.kind'],
      [{ ...section(), background: { kind: 'image', mediaId: 'photo.jpg' } }, 'background.mediaId'],
      [
        { ...section(), background: { kind: 'image', mediaId: MEDIA_ID, overlay: 'none' } },
        'background.overlay',
      ],
      [{ type: 'section', version: 2 }, 'background'],
    ];
    for (const [block, field] of refusals) {
      const read = readStoredBlock(block);
      expect(read.type, field).toBe('unreadable');
      if (read.type === 'unreadable') {
        expect(read.reason.startsWith(blockMessages.badData(`${field}: `)), read.reason).toBe(true);
      }
    }
  });

  it('draws text light on dark colours and on images, dark on light colours', () => {
    expect(isDarkSection(null)).toBe(false);
    expect(isDarkSection(section({ background: { kind: 'colour', colour: 'sand' } }))).toBe(false);
    expect(isDarkSection(section({ background: { kind: 'colour', colour: 'ink' } }))).toBe(true);
    expect(isDarkSection(section({ background: { kind: 'image', mediaId: MEDIA_ID } }))).toBe(true);
  });

  it('keeps every palette colour readable (WCAG AA, 4.5:1) with the text drawn on it', () => {
    for (const colour of SECTION_COLOURS) {
      const text = colour.isDark ? SECTION_TEXT.onDark : SECTION_TEXT.onLight;
      for (const [role, value] of Object.entries(text)) {
        expect(contrast(value, colour.value), `${role} on ${colour.name}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });

  it('keeps light text readable over any image, even a white one, under either overlay', () => {
    for (const overlay of SECTION_OVERLAYS) {
      for (const [role, value] of Object.entries(SECTION_TEXT.onDark)) {
        expect(
          contrast(value, overlaidWhite(overlay.opacity)),
          `${role} over ${overlay.name}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('a layout’s sections', () => {
  const sand = section({ background: { kind: 'colour', colour: 'sand' }, padding: 'large' });
  const full = section({ width: 'full' });

  it('treats a leading marker as the first section’s settings, not an empty section', () => {
    const blocks = [sand, heading('A'), full, heading('B'), heading('C')];
    expect(splitSectionsWithSettings(blocks)).toEqual([
      { settings: sand, blocks: [heading('A')] },
      { settings: full, blocks: [heading('B'), heading('C')] },
    ]);
    expect(splitSections(blocks).map((s) => s.length)).toEqual([1, 2]);
  });

  it('gives a first section without a marker no settings, as stored pages have it', () => {
    expect(splitSectionsWithSettings([heading('A'), full, heading('B')])).toEqual([
      { settings: null, blocks: [heading('A')] },
      { settings: full, blocks: [heading('B')] },
    ]);
    expect(splitSectionsWithSettings([])).toEqual([{ settings: null, blocks: [] }]);
    expect(splitSections([])).toEqual([[]]);
    // Markers in a row are empty sections; only a leading one is the first's settings.
    expect(splitSectionsWithSettings([sand, full]).map((s) => s.settings)).toEqual([sand, full]);
  });

  it('joins sections back into the same flat list', () => {
    for (const blocks of [
      [sand, heading('A'), full, heading('B')],
      [heading('A'), full, heading('B')],
      [heading('A')],
      [sand],
      [],
    ]) {
      expect(joinSections(splitSectionsWithSettings(blocks))).toEqual(blocks);
    }
    // A later section without settings gets a default marker so it stays a section.
    expect(
      joinSections([
        { settings: null, blocks: [heading('A')] },
        { settings: null, blocks: [heading('B')] },
      ]),
    ).toEqual([heading('A'), newSectionBlock(), heading('B')]);
  });

  it('does not count markers, leading or not, toward the block limit', () => {
    expect(countBlocks([sand, heading('A'), full, heading('B')])).toBe(2);
  });

  it('names the images section backgrounds show, for loading and for checking', () => {
    const pictured = section({ background: { kind: 'image', mediaId: MEDIA_ID } });
    expect(mediaIdsOf(pictured)).toEqual([MEDIA_ID]);
    expect(mediaIdsOf(sand)).toEqual([]);
    expect(sectionImageIdsOf([pictured, heading('A'), sand])).toEqual([MEDIA_ID]);
  });
});
