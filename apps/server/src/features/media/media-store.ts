import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { ColorData, MediaRow } from '../../db/db-types.ts';
import type { MediaRepo } from './media.repo.ts';

/** Rendition widths of SPEC §9; an image gets every one up to its own width. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

export type MediaStore = ReturnType<typeof createMediaStore>;

export function createMediaStore({
  dataDir,
  mediaRepo,
}: {
  dataDir: string;
  mediaRepo: MediaRepo;
}) {
  const filesDir = join(dataDir, 'files');

  return {
    /**
     * Stores an image: WebP renditions at each width it covers, its colour data, and the
     * media row. Files are written before the row so a row never points at nothing.
     */
    async saveImage(input: {
      websiteId: string;
      bytes: Buffer;
      filename: string;
      altText: string;
    }): Promise<MediaRow> {
      const image = sharp(input.bytes, { failOn: 'error' }).rotate();
      const { width, height } = await image.metadata();
      if (!width || !height) throw new Error(`${input.filename} has no dimensions`);
      const mediaId = randomUUID();
      const dir = join(filesDir, input.websiteId, mediaId);
      await mkdir(dir, { recursive: true });
      try {
        const widths = renditionWidths(width);
        await Promise.all(
          widths.map(async (w) => {
            const data = await image.clone().resize({ width: w }).webp({ quality: 78 }).toBuffer();
            await writeFile(join(dir, `${w}.webp`), data);
          }),
        );
        const colorData = await computeColorData(image.clone());
        return await mediaRepo.insert({
          website_id: input.websiteId,
          media_id: mediaId,
          filename: input.filename,
          content_type: 'image/webp',
          byte_size: input.bytes.length,
          width,
          height,
          alt_text: input.altText,
          color_data: JSON.stringify(colorData),
          variant_widths: widths,
        });
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    },
  };
}

export function renditionWidths(sourceWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  // A small image still needs one rendition: its own width.
  return widths.length > 0 ? widths : [sourceWidth];
}

/**
 * Average colours of the four corners and the centre (SPEC §3 colorData), used for
 * placeholders and text contrast over images. Each region is a tenth of the image.
 */
async function computeColorData(image: Sharp): Promise<ColorData> {
  const size = 50;
  const { data, info } = await image
    .resize(size, size, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const region = Math.max(1, Math.round(size / 10));
  const average = (x0: number, y0: number) => {
    const sum = [0, 0, 0];
    for (let y = y0; y < y0 + region; y++) {
      for (let x = x0; x < x0 + region; x++) {
        const offset = (y * info.width + x) * info.channels;
        for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (data[offset + c] ?? 0);
      }
    }
    const n = region * region;
    return `#${sum
      .map((v) =>
        Math.round(v / n)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  };
  const far = size - region;
  const mid = Math.floor((size - region) / 2);
  return {
    topLeftAverage: average(0, 0),
    topRightAverage: average(far, 0),
    bottomLeftAverage: average(0, far),
    bottomRightAverage: average(far, far),
    centerAverage: average(mid, mid),
  };
}
