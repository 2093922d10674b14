import { z } from 'zod';

export const quoteBlockSchema = z.object({
  type: z.literal('quote'),
  version: z.literal(1),
  text: z.string().max(2000),
  attribution: z.string().max(200).optional(),
});
export type QuoteBlock = z.infer<typeof quoteBlockSchema>;
