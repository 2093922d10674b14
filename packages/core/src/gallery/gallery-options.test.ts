import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, GALLERY_RANGES, resolveGalleryOptions } from './gallery-options';

describe('gallery options', () => {
  it('defaults to a grid with the table defaults', () => {
    expect(resolveGalleryOptions()).toEqual({
      design: 'grid',
      autoplay: false,
      autoplayDuration: null,
      controls: false,
      autoCrop: true,
      aspectRatio: 'square',
      aspectRatioValue: 1,
      squareThumbs: true,
      thumbnails: false,
      thumbnailStripHeight: 80,
      thumbnailStripMargin: 20,
      showMeta: false,
      metaPosition: null,
      showMetaOnHover: false,
      activeAlignment: null,
      thumbnailsPerRow: 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      maxWidth: 300,
      newWindow: false,
      transparentBackground: false,
    });
  });

  it('turns thumbnails on for slideshow and off for slider by default', () => {
    expect(resolveGalleryOptions({ design: 'slideshow' }).thumbnails).toBe(true);
    expect(resolveGalleryOptions({ design: 'slider' }).thumbnails).toBe(false);
    expect(resolveGalleryOptions({ design: 'slider', thumbnails: true }).thumbnails).toBe(true);
  });

  it('keeps thumbnails and autoplay off for grid and stacked', () => {
    for (const design of ['grid', 'stacked']) {
      const options = resolveGalleryOptions({ design, thumbnails: true, autoplay: true });
      expect(options.thumbnails).toBe(false);
      expect(options.autoplay).toBe(false);
      expect(options.autoplayDuration).toBeNull();
    }
  });

  it('has an autoplay duration of 5 s only with autoplay on, clamped to 1–10', () => {
    expect(resolveGalleryOptions({ design: 'slideshow' }).autoplayDuration).toBeNull();
    expect(resolveGalleryOptions({ design: 'slideshow', autoplay: true }).autoplayDuration).toBe(5);
    expect(
      resolveGalleryOptions({ design: 'slider', autoplay: 'true', 'autoplay-duration': '30' })
        .autoplayDuration,
    ).toBe(10);
    expect(
      resolveGalleryOptions({ design: 'slider', autoplay: true, 'autoplay-duration': 0 })
        .autoplayDuration,
    ).toBe(1);
  });

  it('gives aspect ratios as numbers, for grid only', () => {
    expect(ASPECT_RATIOS).toEqual({
      square: 1,
      standard: 1.5,
      'standard-vertical': 2 / 3,
      'four-three': 4 / 3,
      'three-four-vertical': 0.75,
      widescreen: 16 / 9,
      'anamorphic-widescreen': 2.4,
    });
    expect(resolveGalleryOptions({ 'aspect-ratio': 'widescreen' }).aspectRatioValue).toBe(16 / 9);
    expect(resolveGalleryOptions({ 'aspect-ratio': 'cinema' }).aspectRatio).toBe('square');
    expect(resolveGalleryOptions({ design: 'slider', 'aspect-ratio': 'standard' })).toMatchObject({
      aspectRatio: null,
      aspectRatioValue: null,
    });
  });

  it('allows a transparent background only for uncropped slideshows', () => {
    const on = { transparentBackground: true };
    expect(
      resolveGalleryOptions({ ...on, design: 'slideshow', 'auto-crop': false })
        .transparentBackground,
    ).toBe(true);
    expect(resolveGalleryOptions({ ...on, design: 'slideshow' }).transparentBackground).toBe(false);
    expect(
      resolveGalleryOptions({ ...on, design: 'slider', 'auto-crop': false }).transparentBackground,
    ).toBe(false);
  });

  it('reads captions from the design’s own switch, at the bottom by default', () => {
    expect(resolveGalleryOptions({ design: 'stacked' })).toMatchObject({
      showMeta: true,
      metaPosition: 'bottom',
    });
    expect(resolveGalleryOptions({ design: 'slideshow', 'show-meta': 'false' }).showMeta).toBe(
      false,
    );
    expect(
      resolveGalleryOptions({ 'show-meta-only-title': true, 'meta-position': 'top-left' }),
    ).toMatchObject({ showMeta: true, metaPosition: 'top-left' });
    expect(resolveGalleryOptions({ design: 'slider', 'show-meta': true }).showMeta).toBe(false);
  });

  it('aligns the active slide centrally on sliders only', () => {
    expect(resolveGalleryOptions({ design: 'slider' }).activeAlignment).toBe('center');
    expect(
      resolveGalleryOptions({ design: 'slider', 'active-alignment': 'left' }).activeAlignment,
    ).toBe('left');
    expect(resolveGalleryOptions({ design: 'grid' }).activeAlignment).toBeNull();
  });

  it('falls back to defaults for malformed values', () => {
    const options = resolveGalleryOptions({
      design: 'mosaic',
      padding: 'wide',
      lightbox: 'yes',
      lightboxTheme: 'sepia',
      'thumbnails-per-row': '',
    });
    expect(options).toMatchObject({
      design: 'grid',
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      thumbnailsPerRow: 4,
    });
  });

  it('clamps every ranged option into its range', () => {
    const keys = {
      thumbnailStripHeight: 'thumbnail-strip-height',
      thumbnailStripMargin: 'thumbnail-strip-margin',
      thumbnailsPerRow: 'thumbnails-per-row',
      padding: 'padding',
      maxWidth: 'max-width',
    } as const;
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), (value) => {
        const stored = Object.fromEntries(Object.values(keys).map((k) => [k, value]));
        const options = resolveGalleryOptions(stored);
        for (const [name] of Object.entries(keys)) {
          const range = GALLERY_RANGES[name as keyof typeof keys];
          const resolved = options[name as keyof typeof keys];
          expect(resolved).toBeGreaterThanOrEqual(range.min);
          expect(resolved).toBeLessThanOrEqual(range.max);
        }
      }),
    );
  });
});
