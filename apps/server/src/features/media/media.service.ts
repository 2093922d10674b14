import {
  MEDIA_FILENAME_MAX_LENGTH,
  type MediaFile,
  type MediaKind,
  type MediaList,
  type UploadedImage,
} from '@atelier/contract';
import { editorMessages, formatMegabytes } from '@atelier/core';
import type { MediaRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { sniffFileType } from './file-sniff.ts';
import { sniffImageType } from './image-sniff.ts';
import type { MediaRepo } from './media.repo.ts';
import { type MediaStore, UnreadableImageError } from './media-store.ts';
import { mediaKindOf, mediaUrl, toImage } from './media-urls.ts';

export type MediaService = ReturnType<typeof createMediaService>;

function toMediaFile(row: MediaRow): MediaFile {
  const kind = mediaKindOf(row.content_type);
  const url = mediaUrl(row);
  return {
    ...(kind === 'image'
      ? toImage(row)
      : {
          id: row.media_id,
          src: url,
          srcset: '',
          width: 0,
          height: 0,
          altText: row.alt_text,
          focalPoint: { x: row.focal_x, y: row.focal_y },
        }),
    kind,
    url,
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
  onPublicChange = () => {},
}: {
  mediaStore: MediaStore;
  mediaRepo: MediaRepo;
  /** A removed file leaves the products and pages that showed it: they change. */
  onPublicChange?: (websiteId: string) => void;
}) {
  return {
    /** The file manager's Existing Files, newest first, a page at a time (Load More). */
    async list(
      websiteId: string,
      page: { offset: number; limit: number; kind?: MediaKind | undefined },
    ): Promise<MediaList> {
      const rows = await mediaRepo.listPage(websiteId, page);
      const hasMore = rows.length > page.limit;
      return {
        files: rows.slice(0, page.limit).map(toMediaFile),
        nextOffset: hasMore ? page.offset + page.limit : null,
      };
    },

    /** A file's name is what people see in the file manager; its URLs never change. */
    /** Renames a file and/or sets an image's alt text (the product editor's image list). */
    async rename(
      websiteId: string,
      mediaId: string,
      change: { filename?: string | undefined; altText?: string | undefined },
    ): Promise<MediaFile> {
      let filename: string | undefined;
      if (change.filename !== undefined) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
        filename = change.filename.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim();
        if (!filename) {
          throw fail('FILE_NAME_MISSING', editorMessages.enterFileName, {
            filename: editorMessages.enterFileName,
          });
        }
      }
      const row = await mediaRepo.rename(websiteId, mediaId, {
        ...(filename !== undefined && { filename: filename.slice(0, MEDIA_FILENAME_MAX_LENGTH) }),
        ...(change.altText !== undefined && {
          // biome-ignore lint/suspicious/noControlCharactersInRegex: an alt text is one line
          alt_text: change.altText.replace(/[\u0000-\u001f\u007f]/g, ' ').trim(),
        }),
      });
      if (!row) throw fail('MEDIA_NOT_FOUND', editorMessages.unableToLocateContent);
      // Alt text is part of every public page that shows the image.
      if (change.altText !== undefined) onPublicChange(websiteId);
      return toMediaFile(row);
    },

    async remove(websiteId: string, mediaId: string): Promise<void> {
      const isRemoved = await mediaStore.deleteImage(websiteId, mediaId);
      if (!isRemoved) throw fail('MEDIA_NOT_FOUND', editorMessages.unableToLocateContent);
      onPublicChange(websiteId);
    },

    /**
     * The file manager's Upload File: an image (with renditions, under the image limit), or
     * a document or audio file kept as it came, each under its kind's limit. The type comes
     * from the bytes; anything else is the editor's unsupported-file message.
     */
    async uploadFile(
      input: { websiteId: string; filename: string; bytes: Buffer; altText?: string },
      maxBytes: Readonly<Record<MediaKind, number>>,
    ): Promise<MediaFile> {
      const tooLarge = (kind: MediaKind) =>
        fail(
          'FILE_TOO_LARGE',
          editorMessages.fileTooLarge(input.filename, formatMegabytes(maxBytes[kind])),
        );
      if (sniffImageType(input.bytes)) {
        if (input.bytes.length > maxBytes.image) throw tooLarge('image');
        const image = await this.uploadImage(input);
        const row = (await mediaRepo.findMany(input.websiteId, [image.id]))[0];
        if (!row) throw fail('MEDIA_NOT_FOUND', editorMessages.unableToLocateContent);
        return toMediaFile(row);
      }
      const type = sniffFileType(input.bytes, input.filename);
      if (!type) {
        throw fail('FILE_UNSUPPORTED', editorMessages.unsupportedFile(input.filename));
      }
      if (input.bytes.length > maxBytes[type.kind]) throw tooLarge(type.kind);
      const row = await mediaStore.saveFile({
        websiteId: input.websiteId,
        bytes: input.bytes,
        filename: input.filename,
        contentType: type.contentType,
      });
      return toMediaFile(row);
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
        fail('FILE_UNSUPPORTED', editorMessages.unsupportedFile(input.filename));
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
