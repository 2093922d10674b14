import { MAX_GALLERY_SIZE } from '@atelier/core';
import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export const galleryBlock = defineBlock({
  type: 'gallery',
  version: 1,
  fields: {
    mediaIds: z.array(z.string().uuid()).max(MAX_GALLERY_SIZE),
    /** SPEC §3 gallery options by their stored names (design, lightbox, thumbnails-per-row, …). */
    options: z.record(z.string().max(40), z.union([z.string().max(40), z.number(), z.boolean()])),
    /**
     * Per image, what it shows for screen readers on this gallery (an empty string: the
     * image is decorative). An image without an entry uses its file's own description.
     */
    altTexts: z.record(z.string().uuid(), z.string().max(300)).optional(),
  },
});
export const galleryBlockSchema = galleryBlock.schema;
export type GalleryBlock = z.infer<typeof galleryBlockSchema>;
