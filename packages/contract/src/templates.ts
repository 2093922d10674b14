import { z } from 'zod';

// Developer mode's API (/api/config/templates): a website's own JSON-Template templates
// for the regions of its public pages. Shared by the server's routes and the /config SPA.

/**
 * collection-list: a collection's list page (the store's product list); item: a product's
 * page; header and footer: the regions around every public page.
 */
export const TEMPLATE_SLOTS = ['collection-list', 'item', 'header', 'footer'] as const;
export const templateSlotSchema = z.enum(TEMPLATE_SLOTS);
export type TemplateSlot = z.infer<typeof templateSlotSchema>;

export const TEMPLATE_SLOT_LABELS: Record<TemplateSlot, string> = {
  'collection-list': 'Product list (collection list page)',
  item: 'Product page (collection item)',
  header: 'Site header',
  footer: 'Site footer',
};

/** Longest template source accepted: far above any hand-written template. */
export const TEMPLATE_MAX_LENGTH = 100_000;

export const templateDiagnosticSchema = z
  .object({
    message: z.string(),
    /** 1-based. */
    line: z.number().int().min(1),
    /** 1-based. */
    column: z.number().int().min(1),
  })
  .meta({ id: 'TemplateDiagnostic' });
export type TemplateDiagnostic = z.infer<typeof templateDiagnosticSchema>;

/** How the editor shows an error: the spec's line and column first. */
export const formatDiagnostic = (d: TemplateDiagnostic) =>
  `Line ${d.line}, column ${d.column}: ${d.message}`;

/**
 * A problem that only shows while rendering (a partial not found, an unknown formatter at
 * run time): the save still succeeds, the output just lacks that part. Line and column
 * when the place is known; the engine reports none for run-time errors, so the server
 * points at the first place the source names what is missing.
 */
export const templateWarningSchema = z
  .object({
    message: z.string(),
    line: z.number().int().min(1).optional(),
    column: z.number().int().min(1).optional(),
  })
  .meta({ id: 'TemplateWarning' });
export type TemplateWarning = z.infer<typeof templateWarningSchema>;

export const formatWarning = (w: TemplateWarning) =>
  w.line !== undefined && w.column !== undefined
    ? `Line ${w.line}, column ${w.column}: ${w.message}`
    : w.message;

export const templateSchema = z
  .object({
    slot: templateSlotSchema,
    /** false: the region uses Atelier's default (React) rendering and `source` is empty. */
    isCustom: z.boolean(),
    source: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof templateSchema>;

/** A successful save: the stored template and what rendering it over sample data reported. */
export const templateSavedSchema = templateSchema
  .extend({ warnings: z.array(templateWarningSchema) })
  .meta({ id: 'TemplateSaved' });
export type TemplateSaved = z.infer<typeof templateSavedSchema>;

export const templateListSchema = z.object({ templates: z.array(templateSchema) });
export const templateParamsSchema = z.object({ slot: templateSlotSchema });
export const templateSaveSchema = z
  .object({ source: z.string().min(1).max(TEMPLATE_MAX_LENGTH) })
  .meta({ id: 'TemplateSave' });

/** 400 answer to a save whose template does not validate. */
export const templateInvalidSchema = z
  .object({
    error: z.string(),
    code: z.literal('TEMPLATE_INVALID'),
    templateErrors: z.array(templateDiagnosticSchema),
  })
  .meta({ id: 'TemplateInvalid' });
