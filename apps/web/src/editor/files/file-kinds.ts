import type { MediaKind } from '@atelier/contract';
import { formatMegabytes, megabytesToBytes } from '@atelier/core';

/** What a file manager shows and takes: one kind of file, or every kind (the link editor). */
export type FileAccept = MediaKind | 'any';

/** The server's limits per kind (media-library.routes.ts); checked here so a big file is not sent. */
export const MAX_UPLOAD_BYTES: Readonly<Record<MediaKind, number>> = {
  image: megabytesToBytes(20),
  document: megabytesToBytes(20),
  audio: megabytesToBytes(50),
};

// The browser's type for a file comes from its name, so both are listed: the server decides
// from the bytes anyway, this only spares an upload that would certainly be refused.
const TYPES: Readonly<
  Record<MediaKind, { mime: readonly string[]; extensions: readonly string[] }>
> = {
  image: {
    mime: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'],
    extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif'],
  },
  document: {
    mime: [
      'application/pdf',
      'text/plain',
      'text/csv',
      'application/zip',
      'application/x-zip-compressed',
      'application/epub+zip',
    ],
    extensions: ['.pdf', '.txt', '.csv', '.zip', '.epub'],
  },
  audio: {
    mime: [
      'audio/mpeg',
      'audio/mp3',
      'audio/aac',
      'audio/mp4',
      'audio/x-m4a',
      'audio/ogg',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
    ],
    extensions: ['.mp3', '.aac', '.m4a', '.ogg', '.oga', '.wav'],
  },
};

const kindsOf = (accept: FileAccept): MediaKind[] =>
  accept === 'any' ? ['image', 'document', 'audio'] : [accept];

/** The kind a picked file looks like from its type or name, if the manager takes it. */
export function kindOfUpload(
  file: { name: string; type: string },
  accept: FileAccept,
): MediaKind | undefined {
  const name = file.name.toLowerCase();
  return kindsOf(accept).find(
    (kind) =>
      TYPES[kind].mime.includes(file.type) ||
      TYPES[kind].extensions.some((extension) => name.endsWith(extension)),
  );
}

/** The file input's `accept` attribute. */
export function acceptAttribute(accept: FileAccept): string {
  return kindsOf(accept)
    .flatMap((kind) => [...TYPES[kind].mime, ...TYPES[kind].extensions])
    .join(',');
}

/** The hint under Upload File: the formats and limits of what this manager takes. */
export function uploadHint(accept: FileAccept): string {
  const lines: Record<MediaKind, string> = {
    image: `Images: JPEG, PNG, GIF, WebP or AVIF, up to ${formatMegabytes(MAX_UPLOAD_BYTES.image)}.`,
    document: `Documents: PDF, plain text or CSV, up to ${formatMegabytes(MAX_UPLOAD_BYTES.document)}.`,
    audio: `Audio: MP3, AAC, M4A, Ogg or WAV, up to ${formatMegabytes(MAX_UPLOAD_BYTES.audio)}.`,
  };
  return kindsOf(accept)
    .map((kind) => lines[kind])
    .join(' ');
}

/** The list query's kind: none for 'any', so every file is listed. */
export const listKindOf = (accept: FileAccept): MediaKind | undefined =>
  accept === 'any' ? undefined : accept;
