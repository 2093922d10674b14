import type { GalleryBlock, Image } from '@atelier/contract';
import { GALLERY_RANGES } from '@atelier/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  autoplayDelay,
  type SlideState,
  slideReducer,
  startsPlaying,
  wrapSlide,
} from './GalleryLightbox.island.tsx';
import { BlockView } from './render.tsx';

const ids = ['6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a01', '6d1f3f43-3d9f-4b3c-9a55-1f0f6c1e0a02'];
const image = (id: string): Image => ({
  id,
  src: `/files/w/${id}/1000.webp`,
  srcset: `/files/w/${id}/500.webp 500w`,
  width: 1000,
  height: 750,
  altText: `Photo ${id.slice(-2)}`,
  focalPoint: { x: 0.5, y: 0.5 },
});
const data = { media: Object.fromEntries(ids.map((id) => [id, image(id)])), collections: {} };
const gallery = (options: GalleryBlock['options']): GalleryBlock => ({
  type: 'gallery',
  version: 1,
  mediaIds: ids,
  options,
});
const page = (options: GalleryBlock['options']) =>
  renderToStaticMarkup(
    <BlockView block={gallery(options)} data={data} useCLDRMoneyFormat={false} />,
  );

describe('the gallery on the page', () => {
  it('uses the padding as the gap and the grid’s aspect ratio for its crop, clamped by core', () => {
    const markup = page({ design: 'grid', padding: 80, 'aspect-ratio': 'widescreen' });
    expect(markup).toContain(`--gallery-gap:${GALLERY_RANGES.padding.max}px`);
    expect(markup).toContain(`--gallery-ratio:${16 / 9}`);
    expect(markup).toContain('gallery--crop');
    const uncropped = page({ design: 'grid', 'auto-crop': false, 'aspect-ratio': 'bogus' });
    expect(uncropped).not.toContain('gallery--crop');
    expect(uncropped).toContain('--gallery-ratio:1"');
  });

  it('shows captions where asked, and only when the design’s caption switch is on', () => {
    expect(page({ design: 'grid' })).not.toContain('gallery__caption');
    const grid = page({
      design: 'grid',
      'show-meta-only-title': true,
      'meta-position': 'top-left',
      'show-meta-on-hover': true,
    });
    expect(grid.match(/gallery__caption gallery__caption--top-left/g)).toHaveLength(2);
    expect(grid).toContain('>Photo 01</p>');
    expect(grid).toContain('gallery--meta-hover');
    expect(page({ design: 'stacked', 'meta-position': 'nowhere' })).toContain(
      'gallery__caption--bottom',
    );
    expect(page({ design: 'slider', 'show-meta': true })).not.toContain('gallery__caption');
  });

  it('limits stacked images to a set max width (clamped) and passes the lightbox theme', () => {
    expect(page({ design: 'stacked', 'max-width': 20 })).toContain('--gallery-max-width:100px');
    expect(page({ design: 'grid', 'max-width': 200 })).not.toContain('--gallery-max-width');
    // No width set: a stacked gallery keeps the content width instead of the 300 px default.
    expect(page({ design: 'stacked' })).not.toContain('--gallery-max-width');
    const light = page({ lightbox: true, lightboxTheme: 'light' });
    expect(light).toContain('lightbox lightbox--light');
    expect(page({ lightbox: true, lightboxTheme: 'pink' })).toContain('lightbox lightbox--dark');
  });

  it('renders a slideshow’s controls, live counter and thumbnail strip on the server', () => {
    const slideshow = page({
      design: 'slideshow',
      autoplay: true,
      'autoplay-duration': 30,
      controls: true,
      'auto-crop': false,
      transparentBackground: true,
      'thumbnail-strip-height': 60,
      'thumbnail-strip-margin': 12,
    });
    // One island, even without the lightbox: the row moves only with JavaScript.
    expect(slideshow.match(/data-island="GalleryLightbox"/g)).toHaveLength(1);
    expect(slideshow).not.toContain('<dialog');
    expect(slideshow).toContain('aria-roledescription="carousel"');
    // The scrolling row is reachable by keyboard, even before the island hydrates.
    expect(slideshow).toMatch(/<ul class="gallery gallery--slideshow[^"]*"[^>]*tabindex="0"/);
    expect(slideshow).toContain('aria-label="Previous image"');
    expect(slideshow).toContain('aria-label="Next image"');
    expect(slideshow).toContain('class="gallery-show__play">Pause</button>');
    // Autoplaying, the counter is quiet; the first slide is the one the server shows.
    expect(slideshow).toContain('aria-live="off">Image 1 of 2</p>');
    expect(slideshow).toContain('--strip-height:60px;--strip-margin:12px');
    expect(slideshow).toContain('gallery-show__thumbs gallery-show__thumbs--square');
    expect(slideshow.match(/aria-label="Show image \d of 2: Photo 0\d"/g)).toHaveLength(2);
    expect(slideshow.match(/aria-current="true"/g)).toHaveLength(1);
    expect(slideshow).toContain('gallery--transparent');
    expect(slideshow).not.toContain('gallery--crop');
    expect(slideshow).not.toContain('data-autoplay');

    const still = page({ design: 'slideshow', 'square-thumbs': false });
    expect(still).not.toContain('Previous image');
    expect(still).not.toContain('gallery-show__play');
    expect(still).toContain('aria-live="polite"');
    expect(still).toContain('class="gallery-show__thumbs"');
    // A zero-height strip is no strip: no invisible buttons in the tab order.
    expect(page({ design: 'slideshow', 'thumbnail-strip-height': 0 })).not.toContain('Show image');

    const slider = page({ design: 'slider', 'active-alignment': 'left', controls: true });
    expect(slider).toContain('gallery--align-left');
    expect(slider).toContain('aria-label="Next image"');
    expect(slider).not.toContain('Show image');
    expect(slider).not.toContain('gallery-show__play');
  });

  it('ships no script for a grid or stacked gallery without the lightbox', () => {
    for (const design of ['grid', 'stacked']) {
      const markup = page({ design, autoplay: true, controls: true });
      expect(markup).not.toContain('data-island');
      expect(markup).not.toContain('Next image');
      expect(markup).not.toContain('tabindex');
    }
    expect(page({ design: 'grid', lightbox: true })).toContain('data-island="GalleryLightbox"');
    // Slideshow and lightbox together are still one island: slide buttons open the dialog.
    const both = page({ design: 'slideshow', lightbox: true, controls: true });
    expect(both.match(/data-island=/g)).toHaveLength(1);
    expect(both).toContain('aria-label="Open image 1 of 2: Photo 01"');
    expect(both).toContain('aria-label="Next image"');
    expect(both.match(/<dialog/g)).toHaveLength(1);
  });
});

describe('the slideshow’s steps', () => {
  const at = (index: number, over: Partial<SlideState> = {}): SlideState => ({
    index,
    count: 5,
    playing: true,
    held: false,
    ...over,
  });

  it('steps next and previous with wrap-around, and jumps to a thumbnail', () => {
    expect(slideReducer(at(0), { type: 'step', by: 1 }).index).toBe(1);
    expect(slideReducer(at(4), { type: 'step', by: 1 }).index).toBe(0);
    expect(slideReducer(at(0), { type: 'step', by: -1 }).index).toBe(4);
    expect(slideReducer(at(1), { type: 'go', index: 3 }).index).toBe(3);
    expect(wrapSlide(7, 5)).toBe(2);
    expect(wrapSlide(3, 0)).toBe(0);
  });

  it('autoplays only while playing, not held by hover or focus, with more than one image', () => {
    expect(slideReducer(at(4), { type: 'tick', from: 4 }).index).toBe(0);
    expect(slideReducer(at(2, { playing: false }), { type: 'tick', from: 2 }).index).toBe(2);
    expect(slideReducer(at(2, { held: true }), { type: 'tick', from: 2 }).index).toBe(2);
    expect(slideReducer(at(0, { count: 1 }), { type: 'tick', from: 0 }).index).toBe(0);
    // A timer armed before the visitor stepped does not skip the slide they chose.
    expect(slideReducer(at(3), { type: 'tick', from: 2 }).index).toBe(3);
    const paused = slideReducer(at(1), { type: 'play', playing: false });
    expect(paused).toMatchObject({ index: 1, playing: false });
    expect(slideReducer(paused, { type: 'hold', held: true }).held).toBe(true);
  });

  it('waits the set seconds between slides, and never starts by itself for reduced motion', () => {
    expect(autoplayDelay(at(0), 4)).toBe(4000);
    expect(autoplayDelay(at(0), null)).toBeNull();
    expect(autoplayDelay(at(0, { playing: false }), 4)).toBeNull();
    expect(autoplayDelay(at(0, { held: true }), 4)).toBeNull();
    expect(autoplayDelay(at(0, { count: 1 }), 4)).toBeNull();
    expect(startsPlaying(true, false)).toBe(true);
    expect(startsPlaying(true, true)).toBe(false);
    expect(startsPlaying(false, false)).toBe(false);
  });
});
