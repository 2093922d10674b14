import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export const quoteBlock = defineBlock({
  type: 'quote',
  version: 1,
  fields: {
    text: z.string().max(2000),
    attribution: z.string().max(200).optional(),
  },
});
export const quoteBlockSchema = quoteBlock.schema;
export type QuoteBlock = z.infer<typeof quoteBlockSchema>;
