import {
  MEDIA_FILENAME_MAX_LENGTH,
  type MediaFile,
  type MediaList,
  type UploadedImage,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import type { MediaRow } from '../../db/db-types.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { sniffImageType } from './image-sniff.ts';
import type { MediaRepo } from './media.repo.ts';
import { type MediaStore, UnreadableImageError } from './media-store.ts';
import { toImage } from './media-urls.ts';

export type MediaService = ReturnType<typeof createMediaService>;

function toMediaFile(row: MediaRow): MediaFile {
  return {
    ...toImage(row),
    filename: row.filename,
    contentType: row.content_type,
    byteSize: row.byte_size,
    colorData: row.color_data,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function createMediaService({
  mediaStore,
  mediaRepo,
}: {
  mediaStore: MediaStore;
  mediaRepo: MediaRepo;
}) {
  return {
    /** The file manager's Existing Files, newest first, a page at a time (Load More). */
    async list(websiteId: string, page: { offset: number; limit: number }): Promise<MediaList> {
      const rows = await mediaRepo.listPage(websiteId, page);
      const hasMore = rows.length > page.limit;
      return {
        files: rows.slice(0, page.limit).map(toMediaFile),
        nextOffset: hasMore ? page.offset + page.limit : null,
      };
    },

    /** A file's name is what people see in the file manager; its URLs never change. */
    async rename(websiteId: string, mediaId: string, rawName: string): Promise<MediaFile> {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      const filename = rawName.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
      if (!filename) {
        throw invalid(editorMessages.enterFileName, { filename: editorMessages.enterFileName });
      }
      const row = await mediaRepo.rename(
        websiteId,
        mediaId,
        filename.slice(0, MEDIA_FILENAME_MAX_LENGTH),
      );
      if (!row) throw notFound(editorMessages.unableToLocateContent);
      return toMediaFile(row);
    },

    async remove(websiteId: string, mediaId: string): Promise<void> {
      if (!(await mediaStore.deleteImage(websiteId, mediaId))) {
        throw notFound(editorMessages.unableToLocateContent);
      }
    },

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
