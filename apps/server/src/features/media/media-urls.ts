import type { Image } from '@atelier/contract';
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
