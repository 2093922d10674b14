import { z } from 'zod';
import { defineBlock } from './define-block.ts';
import { safeUrlSchema } from './safe-url.ts';

export const socialProfileSchema = z.object({
  serviceName: z.string().trim().min(1).max(60),
  profileUrl: safeUrlSchema,
});

export const socialLinksBlock = defineBlock({
  type: 'social-links',
  version: 1,
  fields: {
    profiles: z.array(socialProfileSchema).max(20),
  },
});
export const socialLinksBlockSchema = socialLinksBlock.schema;
export type SocialLinksBlock = z.infer<typeof socialLinksBlockSchema>;
