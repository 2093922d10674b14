import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { ColorData, MediaRow } from '../../db/db-types.ts';
import type { MediaRepo } from './media.repo.ts';
import { STORED_FILE_EXTENSIONS } from './media-urls.ts';

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
      focalPoint?: { x: number; y: number };
    }): Promise<MediaRow> {
      const { width, height, renditions, colorData } = await render(input.bytes, input.filename);
      const mediaId = randomUUID();
      const dir = join(filesDir, input.websiteId, mediaId);
      await mkdir(dir, { recursive: true });
      try {
        await Promise.all(
          renditions.map(({ width: w, data }) => writeFile(join(dir, `${w}.webp`), data)),
        );
        return await mediaRepo.insert({
          website_id: input.websiteId,
          media_id: mediaId,
          filename: input.filename,
          content_type: 'image/webp',
          byte_size: input.bytes.length,
          width,
          height,
          alt_text: input.altText,
          focal_x: input.focalPoint?.x ?? 0.5,
          focal_y: input.focalPoint?.y ?? 0.5,
          color_data: JSON.stringify(colorData),
          variant_widths: renditions.map((r) => r.width),
        });
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    },

    /**
     * Stores a document or audio file as it came (no renditions) under file.{ext}, the
     * extension of its sniffed type, then its row; dimensions are 0 for these.
     */
    async saveFile(input: {
      websiteId: string;
      bytes: Buffer;
      filename: string;
      contentType: string;
    }): Promise<MediaRow> {
      const extension = STORED_FILE_EXTENSIONS[input.contentType];
      if (!extension) throw new Error(`No stored extension for ${input.contentType}`);
      const mediaId = randomUUID();
      const dir = join(filesDir, input.websiteId, mediaId);
      await mkdir(dir, { recursive: true });
      try {
        await writeFile(join(dir, `file.${extension}`), input.bytes);
        return await mediaRepo.insert({
          website_id: input.websiteId,
          media_id: mediaId,
          filename: input.filename,
          content_type: input.contentType,
          byte_size: input.bytes.length,
          width: 0,
          height: 0,
          alt_text: '',
          color_data: JSON.stringify({}),
          variant_widths: [],
        });
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    },

    /** Deletes the row, then the renditions: a failed file removal leaves only orphan files. */
    async deleteImage(websiteId: string, mediaId: string): Promise<boolean> {
      const isDeleted = await mediaRepo.remove(websiteId, mediaId);
      if (isDeleted) {
        await rm(join(filesDir, websiteId, mediaId), { recursive: true, force: true });
      }
      return isDeleted;
    },

    /** Removes an image's renditions whose row another transaction already deleted. */
    async deleteFiles(websiteId: string, mediaId: string): Promise<void> {
      await rm(join(filesDir, websiteId, mediaId), { recursive: true, force: true });
    },
  };
}

/** The bytes could not be decoded as an image (corrupt, truncated, or too many pixels). */
export class UnreadableImageError extends Error {
  constructor(filename: string, options?: { cause?: unknown }) {
    super(`${filename} could not be read as an image`, options);
    this.name = 'UnreadableImageError';
  }
}

/**
 * Every rendition and the colour data, all in memory before anything is written, so a
 * file that fails to decode half-way leaves nothing behind. Only decoding failures become
 * UnreadableImageError; disk and database failures stay what they are.
 */
async function render(bytes: Buffer, filename: string) {
  try {
    const image = sharp(bytes, { failOn: 'error' }).rotate();
    const { width, height, autoOrient } = await image.metadata();
    // Renditions are rotated upright, so the stored size is the upright one.
    const upright = autoOrient ?? { width, height };
    if (!upright.width || !upright.height) throw new Error('no dimensions');
    const widths = renditionWidths(upright.width);
    const renditions = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        data: await image.clone().resize({ width: w }).webp({ quality: 78 }).toBuffer(),
      })),
    );
    const colorData = await computeColorData(image.clone());
    return { width: upright.width, height: upright.height, renditions, colorData };
  } catch (error) {
    throw new UnreadableImageError(filename, { cause: error });
  }
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
