import { z } from 'zod';
import { editorBlockSchema } from './blocks/index.ts';
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
  })
  .meta({ id: 'SiteHeaderFooterSave' });
export type HeaderFooterSave = z.infer<typeof headerFooterSaveSchema>;

export const headerFooterSchema = z
  .object({
    header: z.array(editorBlockSchema),
    footer: z.array(editorBlockSchema),
    revision: z.number().int(),
    /** Images and products the blocks refer to, for the editor's preview. */
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
    }),
  })
  .meta({ id: 'SiteFrame' });
export type SiteFrame = z.infer<typeof siteFrameSchema>;
