import { z } from 'zod';
import { defineBlock } from './define-block.ts';
import { safeUrlSchema } from './safe-url.ts';

export const audioBlock = defineBlock({
  type: 'audio',
  version: 1,
  fields: {
    title: z.string().trim().min(1).max(200),
    src: safeUrlSchema,
  },
});
export const audioBlockSchema = audioBlock.schema;
export type AudioBlock = z.infer<typeof audioBlockSchema>;
