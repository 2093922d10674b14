import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export const SPACER_HEIGHT = { min: 8, max: 400, defaultValue: 48 } as const;

export const spacerBlock = defineBlock({
  type: 'spacer',
  version: 1,
  fields: {
    /** CSS pixels. */
    height: z.number().int().min(SPACER_HEIGHT.min).max(SPACER_HEIGHT.max),
  },
});
export const spacerBlockSchema = spacerBlock.schema;
export type SpacerBlock = z.infer<typeof spacerBlockSchema>;

export const lineBlock = defineBlock({ type: 'line', version: 1 });
export const lineBlockSchema = lineBlock.schema;
export type LineBlock = z.infer<typeof lineBlockSchema>;
