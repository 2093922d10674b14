import type { UploadedImage } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { AppError } from '../../http/errors.ts';
import { sniffImageType } from './image-sniff.ts';
import { type MediaStore, UnreadableImageError } from './media-store.ts';
import { toImage } from './media-urls.ts';

export type MediaService = ReturnType<typeof createMediaService>;

export function createMediaService({ mediaStore }: { mediaStore: MediaStore }) {
  return {
    /**
     * Stores an uploaded image with its renditions. The type comes from the bytes; a file
     * that is not a JPEG, PNG, GIF, WebP or AVIF, or that does not decode, is refused with
     * the editor's message (SPEC §5) and nothing is stored.
     */
    async uploadImage(input: {
      websiteId: string;
      filename: string;
      bytes: Buffer;
      altText?: string;
      focalPoint?: { x: number; y: number };
    }): Promise<UploadedImage> {
      const unsupported = () =>
        new AppError('unsupportedMediaType', editorMessages.unsupportedFile(input.filename));
      const contentType = sniffImageType(input.bytes);
      if (!contentType) throw unsupported();
      try {
        const row = await mediaStore.saveImage({
          websiteId: input.websiteId,
          bytes: input.bytes,
          filename: input.filename,
          altText: input.altText?.trim() ?? '',
          focalPoint: input.focalPoint,
        });
        return {
          ...toImage(row),
          filename: row.filename,
          contentType,
          byteSize: row.byte_size,
          colorData: row.color_data,
        };
      } catch (error) {
        if (error instanceof UnreadableImageError) throw unsupported();
        throw error;
      }
    },
  };
}
