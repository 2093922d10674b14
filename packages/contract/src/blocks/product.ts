import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export const productBlock = defineBlock({
  type: 'product',
  version: 1,
  fields: {
    collectionUrlId: z.string().trim().min(1).max(200),
    /** The product's URL id (its address in the collection), or its id. */
    productUrlId: z.string().trim().min(1).max(200),
  },
});
export const productBlockSchema = productBlock.schema;
export type ProductBlock = z.infer<typeof productBlockSchema>;
