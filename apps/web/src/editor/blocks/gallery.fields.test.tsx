import type { GalleryBlock } from '@atelier/contract';
import { GALLERY_RANGES, resolveGalleryOptions } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { applicableGalleryOptions, GalleryOptionFields, settledNumber } from './gallery.fields.tsx';

const ids = ['6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a01', '6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a02'];
const gallery = (options: GalleryBlock['options']): GalleryBlock => ({
  type: 'gallery',
  version: 1,
  mediaIds: ids,
  options,
});
const fields = (options: GalleryBlock['options']) =>
  renderToStaticMarkup(<GalleryOptionFields block={gallery(options)} onChange={() => {}} />);
/** The visible text of every <label>, in order. */
const labels = (markup: string) =>
  [...markup.matchAll(/<label[^>]*>(.*?)<\/label>/g)].map((m) =>
    (m[1] ?? '').replace(/<!-- -->/g, ''),
  );
const applicable = (options: GalleryBlock['options']) =>
  applicableGalleryOptions(resolveGalleryOptions(options));

describe('the gallery option fields', () => {
  it('offer per design only the options core says apply', () => {
    expect(applicable({ design: 'grid' })).toEqual([
      'design',
      'thumbnails-per-row',
      'aspect-ratio',
      'auto-crop',
      'padding',
      'show-meta-only-title',
      'lightbox',
    ]);
    expect(applicable({ design: 'stacked' })).toEqual([
      'design',
      'max-width',
      'padding',
      'show-meta-basic',
      'meta-position',
      'show-meta-on-hover',
      'lightbox',
    ]);
    // Slideshow turns thumbnails and captions on by default, so their settings follow.
    expect(applicable({ design: 'slideshow' })).toEqual([
      'design',
      'auto-crop',
      'padding',
      'autoplay',
      'controls',
      'thumbnails',
      'square-thumbs',
      'thumbnail-strip-height',
      'thumbnail-strip-margin',
      'show-meta',
      'meta-position',
      'show-meta-on-hover',
      'lightbox',
    ]);
    expect(applicable({ design: 'slider' })).toEqual([
      'design',
      'auto-crop',
      'padding',
      'autoplay',
      'controls',
      'active-alignment',
      'thumbnails',
      'lightbox',
    ]);
  });

  it('show dependent options only when what they depend on is on', () => {
    const slideshow = applicable({
      design: 'slideshow',
      autoplay: true,
      'auto-crop': false,
      lightbox: true,
    });
    expect(slideshow).toContain('autoplay-duration');
    expect(slideshow).toContain('transparentBackground');
    expect(slideshow).toContain('lightboxTheme');
    // Autoplay stored on a grid means nothing there, so its duration is not offered either.
    const grid = applicable({ design: 'grid', autoplay: true, 'auto-crop': false });
    expect(grid).not.toContain('autoplay');
    expect(grid).not.toContain('autoplay-duration');
    expect(grid).not.toContain('transparentBackground');
    expect(applicable({ design: 'grid', 'show-meta-only-title': true })).toContain('meta-position');
  });

  it('render labelled inputs: ranges on numbers, selects for choices, checkboxes for switches', () => {
    const grid = fields({ design: 'grid', lightbox: true });
    expect(labels(grid)).toEqual([
      'Design',
      'Images per row',
      'Aspect ratio',
      'Crop images to fill their frame',
      'Space between images (px)',
      'Show captions',
      'Open images in a lightbox',
      'Lightbox theme',
    ]);
    const { min, max } = GALLERY_RANGES.padding;
    expect(grid).toMatch(new RegExp(`type="number"[^>]*min="${min}" max="${max}"[^>]*value="20"`));
    expect(grid).toContain('<option value="anamorphic-widescreen">');
    expect(grid).not.toContain('Active image alignment');

    const slider = fields({ design: 'slider', autoplay: true });
    expect(labels(slider)).toContain('Active image alignment');
    expect(labels(slider)).toContain('Seconds per image (s)');
    expect(labels(slider)).not.toContain('Aspect ratio');
    expect(slider).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    // Every input is named by a label pointing at it.
    for (const [, id] of slider.matchAll(/<(?:input|select)[^>]*id="([^"]+)"/g)) {
      expect(slider).toContain(`for="${id}"`);
    }
  });

  it('show a stored value that is out of range as typed, and a missing one as its default', () => {
    expect(fields({ design: 'grid', 'thumbnails-per-row': 99 })).toContain('value="99"');
    expect(fields({ design: 'grid' })).toContain(
      `value="${GALLERY_RANGES.thumbnailsPerRow.defaultValue}"`,
    );
  });

  it('settle a typed number on blur to what core resolves it to', () => {
    const settle = (key: string, typed: number | string) =>
      settledNumber(typed, resolveGalleryOptions({ design: 'stacked', [key]: typed }).maxWidth);
    expect(settle('max-width', 1)).toBe(GALLERY_RANGES.maxWidth.min);
    expect(settle('max-width', 9000)).toBe(GALLERY_RANGES.maxWidth.max);
    expect(settle('max-width', '')).toBe(GALLERY_RANGES.maxWidth.defaultValue);
    expect(settle('max-width', 150)).toBeNull();
    expect(settledNumber(undefined, 20)).toBeNull();
  });
});
