import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export const summaryBlock = defineBlock({
  type: 'summary',
  version: 1,
  fields: {
    collectionUrlId: z.string().trim().min(1).max(200),
    title: z.string().trim().max(200),
    limit: z.number().int().min(1).max(12),
  },
});
export const summaryBlockSchema = summaryBlock.schema;
export type SummaryBlock = z.infer<typeof summaryBlockSchema>;
