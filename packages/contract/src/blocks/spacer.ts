import { z } from 'zod';

export const SPACER_HEIGHT = { min: 8, max: 400, defaultValue: 48 } as const;

export const spacerBlockSchema = z.object({
  type: z.literal('spacer'),
  version: z.literal(1),
  /** CSS pixels. */
  height: z.number().int().min(SPACER_HEIGHT.min).max(SPACER_HEIGHT.max),
});
export type SpacerBlock = z.infer<typeof spacerBlockSchema>;

export const lineBlockSchema = z.object({
  type: z.literal('line'),
  version: z.literal(1),
});
export type LineBlock = z.infer<typeof lineBlockSchema>;
