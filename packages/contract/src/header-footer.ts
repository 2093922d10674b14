import { z } from 'zod';
import { editorBlockSchema } from './blocks/index.ts';
import { imageSchema } from './catalog.ts';
import { blockDataSchema } from './editor.ts';
import type { PublicNavigationItem } from './navigation.ts';
import { MAX_INT4 } from './text.ts';

// GET/PUT /api/site-header-footer: the header and footer block lists every public page
// shows. Shared by the server's routes and the /config SPA.

export const headerFooterSaveSchema = z
  .object({
    // The 60-block limit per layout is checked by the service so the message can say what
    // to do; this bound only keeps absurd bodies out. Unreadable blocks must be stored
    // ones, unchanged, as for page drafts.
    header: z.array(editorBlockSchema).max(500),
    footer: z.array(editorBlockSchema).max(500),
    /** The revision this edit started from; a newer one on the server is a 409. */
    baseRevision: z.number().int().min(0).max(MAX_INT4),
    /**
     * The header's logo, a file manager image shown instead of the site title (which
     * stays its alt text); null shows the title. Absent leaves the stored one.
     */
    logoMediaId: z.string().uuid().nullable().optional(),
    /** The footer's copyright line; empty shows "© {site title}". Absent leaves it. */
    copyright: z.string().trim().max(300).optional(),
  })
  .meta({ id: 'SiteHeaderFooterSave' });
export type HeaderFooterSave = z.infer<typeof headerFooterSaveSchema>;

export const headerFooterSchema = z
  .object({
    header: z.array(editorBlockSchema),
    footer: z.array(editorBlockSchema),
    revision: z.number().int(),
    logoMediaId: z.string().nullable(),
    copyright: z.string(),
    /** Images and products the blocks refer to (and the logo), for the editor's preview. */
    data: blockDataSchema,
  })
  .meta({ id: 'SiteHeaderFooter' });
export type HeaderFooter = z.infer<typeof headerFooterSchema>;

const publicNavigationItemSchema: z.ZodType<PublicNavigationItem> = z.lazy(() =>
  z.object({
    title: z.string(),
    href: z.string().nullable(),
    children: z.array(publicNavigationItemSchema),
  }),
);

/**
 * GET /api/config/site-frame: what frames a page on the editor's canvas, as the storefront
 * frames it for visitors (its SiteView): the site's title, menu, header and footer.
 */
export const siteFrameSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    language: z.string(),
    currency: z.string(),
    useCLDRMoneyFormat: z.boolean(),
    isExpressCheckout: z.boolean(),
    navigation: z.array(publicNavigationItemSchema),
    headerFooter: z.object({
      header: z.array(editorBlockSchema),
      footer: z.array(editorBlockSchema),
      data: blockDataSchema,
      logo: imageSchema.optional(),
      copyright: z.string().optional(),
    }),
  })
  .meta({ id: 'SiteFrame' });
export type SiteFrame = z.infer<typeof siteFrameSchema>;
