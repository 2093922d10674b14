import type { Image, MediaKind } from '@atelier/contract';
import type { MediaRow } from '../../db/db-types.ts';

// Renditions live at /files/{websiteId}/{mediaId}/{width}.webp. A media id never
// changes its bytes, so these URLs can be cached forever.
export function renditionUrl(websiteId: string, mediaId: string, width: number): string {
  return `/files/${websiteId}/${mediaId}/${width}.webp`;
}

export function toImage(row: MediaRow): Image {
  const widths = row.variant_widths.length > 0 ? row.variant_widths : [row.width];
  const largest = widths.at(-1) ?? row.width;
  return {
    id: row.media_id,
    src: renditionUrl(row.website_id, row.media_id, largest),
    srcset: widths.map((w) => `${renditionUrl(row.website_id, row.media_id, w)} ${w}w`).join(', '),
    width: row.width,
    height: row.height,
    altText: row.alt_text,
    focalPoint: { x: row.focal_x, y: row.focal_y },
  };
}

/** Stored type → file extension of a document or audio file; /files serves the type by it. */
export const STORED_FILE_EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};

/** Images are stored as WebP renditions, everything else as the bytes it came with. */
export function mediaKindOf(contentType: string): MediaKind {
  if (contentType.startsWith('image/')) return 'image';
  return contentType.startsWith('audio/') ? 'audio' : 'document';
}

// A document or audio file lives at /files/{websiteId}/{mediaId}/file.{ext}: one file, no
// renditions. The name is fixed rather than the upload's so a rename never moves it.
export function storedFileUrl(websiteId: string, mediaId: string, contentType: string): string {
  return `/files/${websiteId}/${mediaId}/file.${STORED_FILE_EXTENSIONS[contentType] ?? 'bin'}`;
}

/** The address a link or an <audio> uses: the largest rendition of an image, else the file. */
export function mediaUrl(row: MediaRow): string {
  return mediaKindOf(row.content_type) === 'image'
    ? toImage(row).src
    : storedFileUrl(row.website_id, row.media_id, row.content_type);
}

/**
 * Headers for everything under /files (the static plugin's setHeaders). nosniff so a
 * browser never reads a file as anything but its extension's type; text and CSV are
 * downloads, never shown in the site's origin, while PDFs, audio and images show inline.
 */
export function setStoredFileHeaders(
  reply: { header(name: string, value: string): unknown },
  path: string,
): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  const isInline = /\.(webp|pdf|mp3|aac|m4a|ogg|wav)$/i.test(path);
  reply.header('Content-Disposition', isInline ? 'inline' : 'attachment');
}
