import { z } from 'zod';
import { SECTION_COLOURS, type SectionColourName } from './blocks/section.ts';

// Site design (issue 25): the style guide every public page is painted from, as data
// (a theme is a style guide with a name), never code. The server turns it into CSS
// custom properties and @font-face rules in the page's one stylesheet.

/** '#rrggbb', or '#rrggbbaa' with alpha, lower case. */
export const colourHexSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#([0-9a-f]{6}|[0-9a-f]{8})$/, 'Use a colour like #1d1b19');

const fontIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,60}$/, 'Choose a font from the list')
  .meta({ description: 'A font family id from GET …/design/fonts' });

const weightSchema = z
  .number()
  .int()
  .min(100, 'Choose a weight from 100 to 900')
  .max(900, 'Choose a weight from 100 to 900')
  .refine((w) => w % 50 === 0, 'Choose a weight in steps of 50');

export const fontChoiceSchema = z.object({ family: fontIdSchema, weight: weightSchema });
export type FontChoice = z.infer<typeof fontChoiceSchema>;

const paletteColourSchema = z.object({
  label: z.string().trim().min(1, 'Name the colour').max(24, 'Keep the name under 24 characters'),
  value: colourHexSchema,
});

const paletteShape = Object.fromEntries(
  SECTION_COLOURS.map((colour) => [colour.name, paletteColourSchema]),
) as Record<SectionColourName, typeof paletteColourSchema>;

/**
 * The style guide (SPEC §2 'Fonts in Style Guide'): a palette of six colours that
 * sections are painted with (their text light or dark by core's luminance rule), the
 * page's own colours, three fonts, a type scale, spacing, corners, buttons and links.
 */
export const styleGuideSchema = z
  .object({
    palette: z.object(paletteShape),
    colours: z.object({
      /** The page behind every section without a colour of its own. */
      background: colourHexSchema,
      text: colourHexSchema,
      /** Links, buttons, the cart badge. */
      accent: colourHexSchema,
      /** Sale prices and badges, errors. */
      sale: colourHexSchema,
      /** The header band and its menus. */
      header: colourHexSchema,
    }),
    fonts: z.object({
      heading: fontChoiceSchema,
      body: fontChoiceSchema,
      button: fontChoiceSchema,
    }),
    type: z.object({
      /** Body text on a desktop, in px (phones keep at least 16). */
      baseSize: z.number().min(14, 'From 14 to 22 px').max(22, 'From 14 to 22 px'),
      /** Each heading level is this many times the one below (1.125 minor second … 1.5 perfect fifth). */
      scale: z.number().min(1.1, 'From 1.1 to 1.6').max(1.6, 'From 1.1 to 1.6'),
      headingCase: z.enum(['none', 'uppercase']),
      /** Letter spacing of headings, in em (−0.05 to 0.2). */
      headingTracking: z
        .number()
        .min(-0.05, 'From −0.05 to 0.2 em')
        .max(0.2, 'From −0.05 to 0.2 em'),
    }),
    /** Vertical rhythm: the space between blocks and around sections, times the default. */
    spacing: z.number().min(0.6, 'From 0.6 to 1.6').max(1.6, 'From 0.6 to 1.6'),
    /** Corner radius of images, cards, fields and (unless pill) buttons, in px. */
    radius: z.number().int().min(0, 'From 0 to 32 px').max(32, 'From 0 to 32 px'),
    /** The column the page's content sits in, in px. */
    contentWidth: z.number().int().min(880, 'From 880 to 1440 px').max(1440, 'From 880 to 1440 px'),
    buttons: z.object({
      shape: z.enum(['square', 'rounded', 'pill']),
      fill: z.enum(['solid', 'outline']),
      textCase: z.enum(['none', 'uppercase']),
    }),
    links: z.object({ underline: z.enum(['always', 'hover', 'never']) }),
  })
  .meta({ id: 'StyleGuide' });
export type StyleGuide = z.infer<typeof styleGuideSchema>;

/** The starting designs (issue 25): a theme is a style guide, switching keeps all content. */
export const THEME_IDS = ['atelier', 'minimal', 'bold', 'editorial'] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export const themeSchema = z
  .object({
    id: z.enum(THEME_IDS),
    name: z.string(),
    description: z.string(),
    styleGuide: styleGuideSchema,
  })
  .meta({ id: 'Theme' });
export type Theme = z.infer<typeof themeSchema>;

/** A text that fails WCAG AA on its background, for the style guide's warnings. */
export const contrastWarningSchema = z.object({
  /** Which pairing, e.g. 'Text on the page', 'Button text', 'Text on Rust sections'. */
  pairing: z.string(),
  foreground: z.string(),
  background: z.string(),
  /** The contrast ratio, e.g. 3.2 (AA asks 4.5 for body text). */
  ratio: z.number(),
  required: z.number(),
});
export type ContrastWarning = z.infer<typeof contrastWarningSchema>;

/** GET/PUT …/design: the site's style guide, the theme it started from, and any warnings. */
export const siteDesignSchema = z
  .object({
    themeId: z.enum(THEME_IDS),
    styleGuide: styleGuideSchema,
    /** Whether the style guide still equals its theme's (no own changes). */
    isThemeUnchanged: z.boolean(),
    contrastWarnings: z.array(contrastWarningSchema),
    /** Bumped by every save: a save sent with an older one is refused (two tabs). */
    version: z.number().int(),
    updatedAt: z.number().nullable(),
  })
  .meta({ id: 'SiteDesign' });
export type SiteDesign = z.infer<typeof siteDesignSchema>;

export const saveDesignBodySchema = z
  .object({ styleGuide: styleGuideSchema, version: z.number().int().min(0) })
  .strict();
export const applyThemeBodySchema = z
  .object({ themeId: z.enum(THEME_IDS), version: z.number().int().min(0) })
  .strict();

/** The font picker's categories (SPEC §2), in its order, with the words it shows. */
export const FONT_CATEGORY_IDS = [
  'sans-serif',
  'serif',
  'display',
  'script',
  'slab-serif',
  'mono',
  'other',
] as const;
export const FONT_CATEGORY_LABELS: Record<(typeof FONT_CATEGORY_IDS)[number], string> = {
  'sans-serif': 'Sans Serif',
  serif: 'Serif',
  display: 'Display',
  script: 'Script',
  'slab-serif': 'Slab Serif',
  mono: 'Mono',
  other: 'Other',
};

export const fontFamilySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(FONT_CATEGORY_IDS),
  weights: z.array(z.number().int()),
  hasItalic: z.boolean(),
  /** The face's CSS for a preview in /config: its Latin file at the weights it has. */
  previewCss: z.string(),
});
export const fontListSchema = z
  .object({
    categories: z.array(z.object({ id: z.enum(FONT_CATEGORY_IDS), label: z.string() })),
    families: z.array(fontFamilySummarySchema),
  })
  .meta({ id: 'FontList' });
export type FontList = z.infer<typeof fontListSchema>;
export type FontFamilySummary = z.infer<typeof fontFamilySummarySchema>;

export const themeListSchema = z.object({ themes: z.array(themeSchema) }).meta({ id: 'ThemeList' });

export const fontFileParamsSchema = z.object({
  family: z.string().max(60),
  version: z.string().max(20),
  file: z.string().max(120),
});
