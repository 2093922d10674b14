import { z } from 'zod';
import { safeUrlSchema } from './safe-url.ts';

export const audioBlockSchema = z.object({
  type: z.literal('audio'),
  version: z.literal(1),
  title: z.string().trim().min(1).max(200),
  src: safeUrlSchema,
});
export type AudioBlock = z.infer<typeof audioBlockSchema>;
