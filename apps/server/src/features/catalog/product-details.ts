import type { CatalogProduct, ProductUpdate } from '@atelier/contract';
import { ProductType, productMessages } from '@atelier/core';
import type { MediaRow, ProductRow } from '../../db/db-types.ts';
import { fail } from '../../http/errors.ts';
import { renditionUrl } from '../media/media-urls.ts';
import { INVALID_PRODUCT } from './product-input.ts';

// The product details issue 18's editor added beside price and stock: search engine texts,
// the social image, scheduled publication, a physical product's parcel size and a digital
// product's file. Kept apart from product-input.ts (prices and variants) because none of it
// touches money or stock; like it, nothing here does I/O.

type DetailsInput = Pick<
  ProductUpdate,
  | 'seoTitle'
  | 'seoDescription'
  | 'socialImageId'
  | 'publishAt'
  | 'shipping'
  | 'digitalFileId'
  | 'digitalDelivery'
  | 'isVisible'
>;

/** The product columns a create or update writes for its details; absent = unchanged. */
export type DetailColumns = Partial<
  Pick<
    ProductRow,
    | 'seo_title'
    | 'seo_description'
    | 'social_image_media_id'
    | 'publish_at'
    | 'is_visible'
    | 'weight_grams'
    | 'length_mm'
    | 'width_mm'
    | 'height_mm'
    | 'digital_media_id'
    | 'download_link_hours'
    | 'download_limit'
  >
>;

/**
 * The columns for `input`'s details on a product of `type`; throws a 400 naming each field
 * that does not apply. `isVisible` is decided here too, since a schedule decides it: a
 * future time hides the product until then, a time already past publishes it now.
 */
export function draftProductDetails(
  input: DetailsInput,
  type: ProductType,
  now: Date,
): DetailColumns {
  const fields: Record<string, string> = {};
  const columns: DetailColumns = {};
  if (input.seoTitle !== undefined) columns.seo_title = blankToNull(input.seoTitle);
  if (input.seoDescription !== undefined)
    columns.seo_description = blankToNull(input.seoDescription);
  if (input.socialImageId !== undefined) columns.social_image_media_id = input.socialImageId;

  if (input.isVisible !== undefined) columns.is_visible = input.isVisible;
  if (input.publishAt !== undefined) {
    const at = input.publishAt === null ? null : new Date(input.publishAt);
    if (at === null) columns.publish_at = null;
    else if (input.isVisible === true) fields.publishAt = productMessages.scheduleNeedsHidden;
    else if (at.getTime() <= now.getTime()) {
      columns.publish_at = null;
      columns.is_visible = true;
    } else {
      columns.publish_at = at;
      columns.is_visible = false;
    }
  } else if (input.isVisible !== undefined) {
    // Publishing or hiding by hand replaces any schedule, as in the bulk actions.
    columns.publish_at = null;
  }

  if (input.shipping !== undefined) {
    const given = Object.values(input.shipping).some((value) => value !== null);
    if (type !== ProductType.physical && given) {
      fields.shipping = productMessages.shippingPhysicalOnly;
    } else {
      const { weightGrams, lengthMm, widthMm, heightMm } = input.shipping;
      if (weightGrams !== undefined) columns.weight_grams = weightGrams;
      if (lengthMm !== undefined) columns.length_mm = lengthMm;
      if (widthMm !== undefined) columns.width_mm = widthMm;
      if (heightMm !== undefined) columns.height_mm = heightMm;
    }
  }
  if (input.digitalFileId !== undefined) {
    if (type !== ProductType.digital && input.digitalFileId !== null) {
      fields.digitalFileId = productMessages.digitalFileDigitalOnly;
    } else columns.digital_media_id = input.digitalFileId;
  }
  if (input.digitalDelivery !== undefined) {
    if (type !== ProductType.digital) {
      fields.digitalDelivery = productMessages.digitalFileDigitalOnly;
    } else {
      columns.download_link_hours = input.digitalDelivery.linkHours;
      columns.download_limit = input.digitalDelivery.downloadLimit;
    }
  }
  if (Object.keys(fields).length > 0) throw fail('PRODUCT_INVALID', INVALID_PRODUCT, fields);
  return columns;
}

/**
 * Checks the media the details name belong to the website and are of the right kind: the
 * social image an image (it has a width), the digital file any uploaded file.
 */
export function checkDetailMedia(
  columns: DetailColumns,
  found: ReadonlyMap<string, Pick<MediaRow, 'width'>>,
): void {
  const fields: Record<string, string> = {};
  const image = columns.social_image_media_id;
  if (image && !((found.get(image)?.width ?? 0) > 0)) {
    fields.socialImageId = productMessages.socialImageUnknown;
  }
  // Images are stored only as resized renditions; a file is delivered as it was uploaded.
  const file = columns.digital_media_id;
  if (file && found.get(file)?.width !== 0)
    fields.digitalFileId = productMessages.digitalFileUnknown;
  if (Object.keys(fields).length > 0) throw fail('PRODUCT_INVALID', INVALID_PRODUCT, fields);
}

/** The media ids a details change names, to look up in one query. */
export function detailMediaIds(columns: DetailColumns): string[] {
  return [columns.social_image_media_id, columns.digital_media_id].filter(
    (id): id is string => typeof id === 'string',
  );
}

/** The social image's preview size: large enough for a link card, small to load. */
const SOCIAL_PREVIEW_WIDTH = 300;

/** The details as the catalog admin shows them. */
export function toCatalogDetails(input: {
  row: ProductRow;
  media: ReadonlyMap<string, MediaRow>;
  formerUrlIds: string[];
}): Pick<
  CatalogProduct,
  'publishAt' | 'socialImage' | 'shipping' | 'digitalFile' | 'digitalDelivery' | 'formerUrlIds'
> {
  const { row, media } = input;
  const social = row.social_image_media_id ? media.get(row.social_image_media_id) : undefined;
  const file = row.digital_media_id ? media.get(row.digital_media_id) : undefined;
  return {
    publishAt: row.publish_at ? new Date(row.publish_at).toISOString() : null,
    socialImage: social
      ? { id: social.media_id, src: socialImageSrc(social, SOCIAL_PREVIEW_WIDTH) }
      : null,
    shipping: {
      weightGrams: row.weight_grams,
      lengthMm: row.length_mm,
      widthMm: row.width_mm,
      heightMm: row.height_mm,
    },
    digitalFile: file
      ? {
          id: file.media_id,
          filename: file.filename,
          contentType: file.content_type,
          byteSize: file.byte_size,
        }
      : null,
    digitalDelivery: { linkHours: row.download_link_hours, downloadLimit: row.download_limit },
    formerUrlIds: input.formerUrlIds,
  };
}

/** The rendition of `image` closest above `width` (the largest when none is). */
export function socialImageSrc(
  image: Pick<MediaRow, 'website_id' | 'media_id' | 'width' | 'variant_widths'>,
  width: number,
): string {
  const widths = image.variant_widths.length > 0 ? image.variant_widths : [image.width];
  const chosen = widths.find((w) => w >= width) ?? widths.at(-1) ?? image.width;
  return renditionUrl(image.website_id, image.media_id, chosen);
}

function blankToNull(text: string | null): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}
