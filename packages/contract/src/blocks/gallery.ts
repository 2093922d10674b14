import { MAX_GALLERY_SIZE } from '@atelier/core';
import { z } from 'zod';

export const galleryBlockSchema = z.object({
  type: z.literal('gallery'),
  version: z.literal(1),
  mediaIds: z.array(z.string().uuid()).max(MAX_GALLERY_SIZE),
  /** SPEC §3 gallery options by their stored names (design, lightbox, thumbnails-per-row, …). */
  options: z.record(z.string().max(40), z.union([z.string().max(40), z.number(), z.boolean()])),
});
export type GalleryBlock = z.infer<typeof galleryBlockSchema>;
