import { z } from 'zod';
import { defineBlock } from './define-block.ts';

// A section's settings. Sections are stored as `section` blocks in a layout's flat block
// list (see `splitSectionsWithSettings` in index.ts); each marker carries the settings of
// the section it starts.

/**
 * The colours a section may be painted with: one small palette, named here once.
 * `styles/site.css` paints `.page-section--bg-<name>` from `--section-<name>`, which must
 * hold the same `value` (apps/web's section test compares them). A dark colour switches
 * the section's text to `SECTION_TEXT.onDark`; each pairing is at least WCAG AA (4.5:1,
 * measured in section.test.ts).
 */
export const SECTION_COLOURS = [
  { name: 'white', label: 'White', value: '#ffffff', isDark: false },
  { name: 'sand', label: 'Sand', value: '#f1ece4', isDark: false },
  { name: 'sage', label: 'Sage', value: '#e3eadf', isDark: false },
  { name: 'clay', label: 'Clay', value: '#f3e1d3', isDark: false },
  { name: 'rust', label: 'Rust', value: '#7a3e1d', isDark: true },
  { name: 'ink', label: 'Ink', value: '#1d1b19', isDark: true },
] as const;
export type SectionColour = (typeof SECTION_COLOURS)[number];
export type SectionColourName = SectionColour['name'];
const colourNames = SECTION_COLOURS.map((colour) => colour.name) as [
  SectionColourName,
  ...SectionColourName[],
];

/**
 * The site's text colours on a light section (the page's own) and on a dark one (a dark
 * colour or an image under its overlay). site.css holds the same values.
 */
export const SECTION_TEXT = {
  onLight: { text: '#1d1b19', muted: '#5f5a54', link: '#7a3e1d' },
  onDark: { text: '#ffffff', muted: '#e6ded4', link: '#f6d2b8' },
} as const;

/**
 * How strongly an image background is darkened under the section's light text. Even the
 * lighter one keeps every text colour of `SECTION_TEXT.onDark` at AA over a pure white
 * image, so no choice here can make a section unreadable.
 */
export const SECTION_OVERLAYS = [
  { name: 'medium', label: 'Medium', opacity: 0.65 },
  { name: 'strong', label: 'Strong', opacity: 0.8 },
] as const;
export type SectionOverlay = (typeof SECTION_OVERLAYS)[number]['name'];
const overlayNames = SECTION_OVERLAYS.map((overlay) => overlay.name) as [
  SectionOverlay,
  ...SectionOverlay[],
];

/** Space above and below the section's content; CSS gives each name its size. */
export const SECTION_PADDINGS = ['none', 'small', 'medium', 'large'] as const;
export type SectionPadding = (typeof SECTION_PADDINGS)[number];

/** Contained: the section is the page's column. Full: its background runs edge to edge. */
export const SECTION_WIDTHS = ['contained', 'full'] as const;
export type SectionWidth = (typeof SECTION_WIDTHS)[number];

export const sectionBackgroundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('colour'), colour: z.enum(colourNames) }),
  z.object({
    kind: z.literal('image'),
    /** A file manager image; the server refuses a save that names one it does not have. */
    mediaId: z.string().uuid(),
    /** Absent means medium. */
    overlay: z.enum(overlayNames).optional(),
  }),
]);
export type SectionBackground = z.infer<typeof sectionBackgroundSchema>;

/** What a section without settings looks like, and what version 1 markers become. */
export const SECTION_DEFAULTS = {
  background: { kind: 'none' },
  padding: 'medium',
  width: 'contained',
} as const satisfies {
  background: SectionBackground;
  padding: SectionPadding;
  width: SectionWidth;
};

// A fresh background object each time, so no two blocks share one.
function defaultSettings() {
  return { ...SECTION_DEFAULTS, background: { ...SECTION_DEFAULTS.background } };
}

/**
 * Starts a new section of a layout and holds its settings. Layout, not content: it does
 * not count against the 60-block limit. Version 1 was a bare marker.
 */
export const sectionBlock = defineBlock({
  type: 'section',
  version: 2,
  fields: {
    background: sectionBackgroundSchema,
    padding: z.enum(SECTION_PADDINGS),
    width: z.enum(SECTION_WIDTHS),
  },
  migrations: {
    1: (): Record<string, unknown> => defaultSettings(),
  },
});
export const sectionBlockSchema = sectionBlock.schema;
export type SectionBlock = z.infer<typeof sectionBlockSchema>;

/** A new section marker with the default settings. */
export const newSectionBlock = (): SectionBlock => ({
  type: 'section',
  version: 2,
  ...defaultSettings(),
});

export const sectionColourOf = (name: SectionColourName): SectionColour =>
  // The enum is built from this list, so every name is found.
  SECTION_COLOURS.find((colour) => colour.name === name) ?? SECTION_COLOURS[0];

/** True when the section's text is drawn light (a dark colour, or an image). */
export function isDarkSection(settings: Pick<SectionBlock, 'background'> | null): boolean {
  const background = settings?.background;
  if (background?.kind === 'image') return true;
  return background?.kind === 'colour' && sectionColourOf(background.colour).isDark;
}
