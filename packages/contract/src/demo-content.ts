import { z } from 'zod';

// Remove demo content (issue 19): what the demo seed made that is still here, what removing
// it would delete, and what stays because the merchant changed it or uses it.

export const DEMO_CONTENT_KINDS = [
  'product',
  'category',
  'media',
  'page',
  'form',
  'shipping_option',
  'tax_rule',
  'coupon',
] as const;
export const demoContentKindSchema = z.enum(DEMO_CONTENT_KINDS);
export type DemoContentKind = z.infer<typeof demoContentKindSchema>;

export const demoContentItemSchema = z.object({
  kind: demoContentKindSchema,
  title: z.string(),
});

export const demoContentKeptSchema = demoContentItemSchema.extend({
  /** changed: edited after the seed; in use: holds or shows something of the merchant's. */
  reason: z.enum(['changed', 'in use']),
});
export type DemoContentKept = z.infer<typeof demoContentKeptSchema>;

const count = z.number().int().nonnegative();
export const demoContentCountsSchema = z.object({
  product: count,
  category: count,
  media: count,
  page: count,
  form: count,
  shipping_option: count,
  tax_rule: count,
  coupon: count,
});
export type DemoContentCounts = z.infer<typeof demoContentCountsSchema>;

export const demoContentPreviewSchema = z.object({
  /** False once removed (or on a site that never had the demo). */
  hasDemoContent: z.boolean(),
  /** What removing would delete, by kind. The home page is counted: it is emptied, not deleted. */
  toRemove: demoContentCountsSchema,
  items: z.array(demoContentItemSchema),
  kept: z.array(demoContentKeptSchema),
});
export type DemoContentPreview = z.infer<typeof demoContentPreviewSchema>;

export const demoContentRemovalSchema = z.object({
  removed: demoContentCountsSchema,
  kept: z.array(demoContentKeptSchema),
});
export type DemoContentRemoval = z.infer<typeof demoContentRemovalSchema>;
