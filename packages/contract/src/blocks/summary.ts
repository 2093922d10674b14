import { z } from 'zod';

export const summaryBlockSchema = z.object({
  type: z.literal('summary'),
  version: z.literal(1),
  collectionUrlId: z.string().trim().min(1).max(200),
  title: z.string().trim().max(200),
  limit: z.number().int().min(1).max(12),
});
export type SummaryBlock = z.infer<typeof summaryBlockSchema>;
