import type { BlockData, GalleryBlock, Image } from '@atelier/contract';
import { type GalleryOptions, resolveGalleryOptions } from '@atelier/core';
import { Island } from '../islands/Island.tsx';
import GalleryLightbox, { GalleryImages, isMovingDesign } from './GalleryLightbox.island.tsx';

// Gallery: uploaded images in one of SPEC §3's designs. The stored options keep the
// spec's attribute names; core's resolveGalleryOptions fills defaults and clamps ranges,
// so whatever is stored renders consistently. Only a slideshow, a slider or a gallery with
// the lightbox on ships JavaScript (one small island per gallery); grid and stacked without
// the lightbox are plain HTML. Layout options (gap, crop and aspect ratio, captions, stacked
// max width, slider alignment) are CSS; the island adds slideshow motion (controls,
// autoplay, thumbnail strip) on top of the server-rendered row.

/**
 * What the browser needs of the options: plain JSON for the island. `maxWidth` is null
 * unless the owner set one: the spec's 100–300 px range belongs to an autocolumns design,
 * so its default of 300 must not shrink every stacked gallery.
 */
export type GalleryLayout = { maxWidth: number | null } & Pick<
  GalleryOptions,
  | 'design'
  | 'aspectRatioValue'
  | 'autoCrop'
  | 'showMeta'
  | 'metaPosition'
  | 'showMetaOnHover'
  | 'thumbnailsPerRow'
  | 'padding'
  | 'transparentBackground'
  | 'activeAlignment'
  | 'lightbox'
  | 'lightboxTheme'
  | 'autoplay'
  | 'autoplayDuration'
  | 'controls'
  | 'thumbnails'
  | 'squareThumbs'
  | 'thumbnailStripHeight'
  | 'thumbnailStripMargin'
>;

export const galleryLayout = (
  options: GalleryOptions,
  stored: GalleryBlock['options'] = {},
): GalleryLayout => ({
  design: options.design,
  aspectRatioValue: options.aspectRatioValue,
  autoCrop: options.autoCrop,
  showMeta: options.showMeta,
  metaPosition: options.metaPosition,
  showMetaOnHover: options.showMetaOnHover,
  thumbnailsPerRow: options.thumbnailsPerRow,
  padding: options.padding,
  maxWidth: stored['max-width'] === undefined ? null : options.maxWidth,
  transparentBackground: options.transparentBackground,
  activeAlignment: options.activeAlignment,
  lightbox: options.lightbox,
  lightboxTheme: options.lightboxTheme,
  autoplay: options.autoplay,
  autoplayDuration: options.autoplayDuration,
  controls: options.controls,
  thumbnails: options.thumbnails,
  squareThumbs: options.squareThumbs,
  thumbnailStripHeight: options.thumbnailStripHeight,
  thumbnailStripMargin: options.thumbnailStripMargin,
});

export function GalleryView({ block, data }: { block: GalleryBlock; data: BlockData }) {
  const images = block.mediaIds.flatMap((id): Image[] => {
    const image = data.media[id];
    // This gallery's description of the image, when the owner wrote one ('' = decorative).
    const altText = block.altTexts?.[id];
    return image ? [altText === undefined ? image : { ...image, altText }] : [];
  });
  if (images.length === 0) return null;
  const options = resolveGalleryOptions(block.options);
  const layout = galleryLayout(options, block.options);
  if (!options.lightbox && !isMovingDesign(options.design)) {
    return (
      <div className="block block--gallery">
        <GalleryImages images={images} layout={layout} />
      </div>
    );
  }
  return (
    <Island
      name="GalleryLightbox"
      component={GalleryLightbox}
      className="block block--gallery"
      props={{ images, layout }}
    />
  );
}
