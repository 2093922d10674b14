import { z } from 'zod';
import { safeUrlSchema } from './safe-url.ts';

export const socialProfileSchema = z.object({
  serviceName: z.string().trim().min(1).max(60),
  profileUrl: safeUrlSchema,
});

export const socialLinksBlockSchema = z.object({
  type: z.literal('social-links'),
  version: z.literal(1),
  profiles: z.array(socialProfileSchema).max(20),
});
export type SocialLinksBlock = z.infer<typeof socialLinksBlockSchema>;
