import { createHash } from 'node:crypto';
import {
  DEFAULT_THEME_ID,
  FONT_CATEGORY_IDS,
  FONT_CATEGORY_LABELS,
  type FontList,
  type SiteDesign,
  type StyleGuide,
  styleGuideSchema,
  THEME_IDS,
  THEMES,
  type ThemeId,
} from '@atelier/contract';
import { contrastFindings, designMessages, styleGuideCss } from '@atelier/core';
import { type FontLibrary, subsetsForLanguages } from '@atelier/fonts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';

// The site's design (issue 25): one style guide per website, saved whole, and the CSS
// every public page inlines from it. A website that never saved one shows the default
// theme, so nothing changes for it until its owner opens Design.

/** The saved design as a stylesheet, which the editor's canvas links (design.routes.ts). */
export const DESIGN_STYLESHEET = '/api/site-design/style.css';

/** Where the font files are served (design.routes.ts). */
export const FONT_URL_BASE = '/assets/fonts';

/** What a public page needs of the design: its stylesheet, that text's CSP hash, font preloads. */
export type SiteStyle = { css: string; cspHash: string; preloads: string[] };

export type DesignService = ReturnType<typeof createDesignService>;

const sameGuide = (a: StyleGuide, b: StyleGuide) => JSON.stringify(a) === JSON.stringify(b);

export function createDesignService(deps: {
  db: Kysely<DB>;
  fonts: FontLibrary;
  onPublicChange?: (websiteId: string) => void;
}) {
  const { db, fonts } = deps;
  /** The CSS of each (website, version, language) made once: the text is a pure function of them. */
  const styles = new Map<string, SiteStyle>();

  async function row(websiteId: string) {
    return db
      .selectFrom('site_designs')
      .select(['theme_id', 'style_guide', 'version', 'updated_at'])
      .where('website_id', '=', websiteId)
      .executeTakeFirst();
  }

  /** A stored guide as today's schema reads it; one that no longer parses shows its theme. */
  function storedGuide(stored: Awaited<ReturnType<typeof row>>): {
    themeId: ThemeId;
    styleGuide: StyleGuide;
  } {
    const themeId = (THEME_IDS as readonly string[]).includes(stored?.theme_id ?? '')
      ? (stored?.theme_id as ThemeId)
      : DEFAULT_THEME_ID;
    const parsed = styleGuideSchema.safeParse(stored?.style_guide);
    const guide = parsed.success ? parsed.data : THEMES[themeId].styleGuide;
    // A family taken out of the catalog falls back to the theme's, never to a broken stack.
    const fontsKnown = Object.values(guide.fonts).every((f) => fonts.has(f.family));
    return { themeId, styleGuide: fontsKnown ? guide : THEMES[themeId].styleGuide };
  }

  function view(stored: Awaited<ReturnType<typeof row>>): SiteDesign {
    const { themeId, styleGuide } = storedGuide(stored);
    return {
      themeId,
      styleGuide,
      isThemeUnchanged: sameGuide(styleGuide, THEMES[themeId].styleGuide),
      contrastWarnings: contrastFindings(styleGuide),
      version: stored?.version ?? 0,
      updatedAt: stored ? new Date(stored.updated_at).getTime() : null,
    };
  }

  function checkFonts(guide: StyleGuide) {
    for (const [role, choice] of Object.entries(guide.fonts)) {
      if (!fonts.has(choice.family)) {
        throw fail('FONT_UNKNOWN', designMessages.unknownFont, {
          [`styleGuide.fonts.${role}.family`]: designMessages.unknownFont,
        });
      }
    }
  }

  /** Writes the guide if the stored version is still `version` (no row is version 0). */
  async function write(websiteId: string, themeId: ThemeId, guide: StyleGuide, version: number) {
    const json = JSON.stringify(guide);
    const saved = await db
      .insertInto('site_designs')
      .values({ website_id: websiteId, theme_id: themeId, style_guide: json })
      .onConflict((oc) =>
        oc
          .column('website_id')
          .doUpdateSet({
            theme_id: themeId,
            style_guide: json,
            version: sql<number>`site_designs.version + 1`,
            updated_at: sql<Date>`now()`,
          })
          .where('site_designs.version', '=', version),
      )
      .returning(['theme_id', 'style_guide', 'version', 'updated_at'])
      .executeTakeFirst();
    // No row came back: a row exists at another version (or none was expected to exist).
    if (!saved || (version === 0 && saved.version !== 1)) {
      throw fail('EDIT_CONFLICT', designMessages.changedElsewhere);
    }
    deps.onPublicChange?.(websiteId);
    return view(saved);
  }

  /** The CSS of a guide: @font-face rules for its fonts in the site's subsets, then its properties. */
  function styleOf(guide: StyleGuide, language: string): SiteStyle {
    const subsets = subsetsForLanguages([language]);
    const weightsOf = new Map<string, number[]>();
    for (const choice of [guide.fonts.body, guide.fonts.heading, guide.fonts.button]) {
      weightsOf.set(choice.family, [...(weightsOf.get(choice.family) ?? []), choice.weight]);
    }
    // Body text has bold and strong words in it: its family carries a bold weight too.
    weightsOf.get(guide.fonts.body.family)?.push(700);
    const faces: string[] = [];
    const preloads: string[] = [];
    for (const [family, weights] of weightsOf) {
      const { css, preload } = fonts.fontFaces(family, {
        weights,
        subsets,
        urlBase: FONT_URL_BASE,
      });
      faces.push(css);
      // The body's face and the headings' (the LCP is often a heading), nothing more.
      if (family === guide.fonts.body.family || family === guide.fonts.heading.family) {
        preloads.push(preload);
      }
    }
    const css = `${faces.join('\n')}\n${styleGuideCss(guide, fonts.stackOf)}`;
    return {
      css,
      cspHash: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
      preloads,
    };
  }

  let fontList: FontList | undefined;

  return {
    async get(websiteId: string): Promise<SiteDesign> {
      return view(await row(websiteId));
    },

    async save(websiteId: string, input: { styleGuide: StyleGuide; version: number }) {
      checkFonts(input.styleGuide);
      const { themeId } = storedGuide(await row(websiteId));
      return write(websiteId, themeId, input.styleGuide, input.version);
    },

    /** Starts over from a theme's style guide; pages, products and blocks are untouched. */
    async applyTheme(websiteId: string, input: { themeId: ThemeId; version: number }) {
      return write(websiteId, input.themeId, THEMES[input.themeId].styleGuide, input.version);
    },

    themes: () => THEME_IDS.map((id) => THEMES[id]),

    /** The font picker's list (SPEC §2): every family with a preview face of its own. */
    fontList(): FontList {
      fontList ??= {
        categories: FONT_CATEGORY_IDS.map((id) => ({ id, label: FONT_CATEGORY_LABELS[id] })),
        families: fonts.families.map((family) => ({
          id: family.id,
          name: family.name,
          category: family.category,
          weights: family.weights,
          hasItalic: family.hasItalic,
          previewCss: fonts.fontFaces(family.id, {
            weights: [400],
            subsets: ['latin'],
            urlBase: FONT_URL_BASE,
          }).css,
        })),
      };
      return fontList;
    },

    /** The public pages' design CSS for a website, made once per saved version. */
    async siteStyle(websiteId: string, language: string): Promise<SiteStyle> {
      const stored = await row(websiteId);
      const key = `${websiteId}\u0000${stored?.version ?? 0}\u0000${language}`;
      let style = styles.get(key);
      if (!style) {
        style = styleOf(storedGuide(stored).styleGuide, language);
        // A handful of websites per process in practice; a bound keeps a long-lived one small.
        if (styles.size >= 500) styles.clear();
        styles.set(key, style);
      }
      return style;
    },

    /** The CSS of an unsaved guide, for the Design screen's live preview. */
    previewStyle(guide: StyleGuide, language: string): SiteStyle {
      checkFonts(guide);
      return styleOf(guide, language);
    },
  };
}
