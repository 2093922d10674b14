import { z } from 'zod';
import { imageSchema } from './catalog.ts';

/** SPEC §3 colorData: average colours (#rrggbb) of the corners and centre of an image. */
export const colorDataSchema = z
  .object({
    topLeftAverage: z.string().optional(),
    topRightAverage: z.string().optional(),
    bottomLeftAverage: z.string().optional(),
    bottomRightAverage: z.string().optional(),
    centerAverage: z.string().optional(),
  })
  .meta({ id: 'ColorData' });
export type ColorData = z.infer<typeof colorDataSchema>;

/** The text fields of an image upload (multipart, beside the `file` part). */
export const imageUploadFieldsSchema = z.object({
  altText: z.string().max(1_000).optional(),
  /** Focal point, 0–1 from the left and from the top; 0.5 when left out. */
  focalX: z.coerce.number('focalX must be a number from 0 to 1').min(0).max(1).optional(),
  focalY: z.coerce.number('focalY must be a number from 0 to 1').min(0).max(1).optional(),
});
export type ImageUploadFields = z.infer<typeof imageUploadFieldsSchema>;

export const uploadedImageSchema = imageSchema
  .extend({
    filename: z.string(),
    /** The type found in the file's bytes, not the one the client claimed. */
    contentType: z.string(),
    byteSize: z.number().int().nonnegative(),
    colorData: colorDataSchema,
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

// The editor's file manager (/api/config/media): a paged list, rename and delete.

export const MEDIA_PAGE_SIZE = 24;
export const MEDIA_FILENAME_MAX_LENGTH = 200;

/** What the file manager filters by: images, audio (the audio block) or documents. */
export const MEDIA_KINDS = ['image', 'audio', 'document'] as const;
export const mediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/**
 * A file of the library. Documents and audio have no renditions: `src` and `url` are the
 * file itself, `srcset` is empty and the dimensions are 0.
 */
export const mediaFileSchema = uploadedImageSchema
  .extend({
    /** 0 for documents and audio, which have no pixels. */
    width: z.number().int().nonnegative(),
    height: z.number().int().nonnegative(),
    createdAt: z.string(),
    kind: mediaKindSchema,
    /** The address to link to or play: an image's largest rendition, or the file. */
    url: z.string(),
  })
  .meta({ id: 'MediaFile' });
export type MediaFile = z.infer<typeof mediaFileSchema>;

export const mediaListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(MEDIA_PAGE_SIZE),
  /** Only files of this kind; every kind when left out. */
  kind: mediaKindSchema.optional(),
});

export const mediaListSchema = z
  .object({
    /** Newest first. */
    files: z.array(mediaFileSchema),
    /** Where the next page starts (Load More); null when this was the last page. */
    nextOffset: z.number().int().nullable(),
  })
  .meta({ id: 'MediaList' });
export type MediaList = z.infer<typeof mediaListSchema>;

/** An empty name is answered with the editor's 'Please enter a file name' by the service. */
/** Describes an image to those who cannot see it; screen readers read about this much. */
export const MEDIA_ALT_TEXT_MAX_LENGTH = 1000;

/** Renames a file, or changes an image's alt text; what is left out stays. */
export const mediaRenameSchema = z
  .object({
    filename: z.string().max(MEDIA_FILENAME_MAX_LENGTH).optional(),
    altText: z
      .string()
      .max(
        MEDIA_ALT_TEXT_MAX_LENGTH,
        `Alt text can be at most ${MEDIA_ALT_TEXT_MAX_LENGTH} characters`,
      )
      .optional(),
  })
  .meta({ id: 'MediaRename' });

export const mediaParamsSchema = z.object({ mediaId: z.string().uuid() });
