import { z } from 'zod';

export const productBlockSchema = z.object({
  type: z.literal('product'),
  version: z.literal(1),
  collectionUrlId: z.string().trim().min(1).max(200),
  /** The product's URL id (its address in the collection), or its id. */
  productUrlId: z.string().trim().min(1).max(200),
});
export type ProductBlock = z.infer<typeof productBlockSchema>;
