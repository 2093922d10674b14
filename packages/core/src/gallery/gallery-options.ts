/**
 * Gallery block options (SPEC §3 table): defaults, clamped ranges and the rules where one
 * option depends on the design or on another option. `resolveGalleryOptions` always
 * returns a complete, consistent set, whatever was stored.
 */
import { clamp } from '../limits/limits';

export const GALLERY_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

export const ASPECT_RATIOS = {
  square: 1,
  standard: 3 / 2,
  'standard-vertical': 2 / 3,
  'four-three': 4 / 3,
  'three-four-vertical': 3 / 4,
  widescreen: 16 / 9,
  'anamorphic-widescreen': 2.4,
} as const;
export type AspectRatioName = keyof typeof ASPECT_RATIOS;

export const META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export type MetaPosition = (typeof META_POSITIONS)[number];

export const ACTIVE_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type ActiveAlignment = (typeof ACTIVE_ALIGNMENTS)[number];

export const LIGHTBOX_THEMES = ['dark', 'light'] as const;
export type LightboxTheme = (typeof LIGHTBOX_THEMES)[number];

export const GALLERY_RANGES = {
  autoplayDuration: { min: 1, max: 10, defaultValue: 5 },
  thumbnailStripHeight: { min: 0, max: 200, defaultValue: 80 },
  thumbnailStripMargin: { min: 0, max: 60, defaultValue: 20 },
  thumbnailsPerRow: { min: 1, max: 10, defaultValue: 4 },
  padding: { min: 0, max: 50, defaultValue: 20 },
  maxWidth: { min: 100, max: 300, defaultValue: 300 },
} as const;

/** The stored form: the spec's option names, any of them missing or malformed. */
export type GalleryAttributes = Readonly<Record<string, unknown>>;

export interface GalleryOptions {
  design: GalleryDesign;
  autoplay: boolean;
  /** Seconds; null unless autoplay is on. */
  autoplayDuration: number | null;
  controls: boolean;
  autoCrop: boolean;
  /** Grid only; null for the other designs. */
  aspectRatio: AspectRatioName | null;
  /** Width over height of `aspectRatio`, or null. */
  aspectRatioValue: number | null;
  squareThumbs: boolean;
  thumbnails: boolean;
  thumbnailStripHeight: number;
  thumbnailStripMargin: number;
  /** Whether captions show: show-meta-basic (stacked), show-meta (slideshow), show-meta-only-title (grid). */
  showMeta: boolean;
  /** Null when captions are off. */
  metaPosition: MetaPosition | null;
  showMetaOnHover: boolean;
  /** Slider only; null for the other designs. */
  activeAlignment: ActiveAlignment | null;
  thumbnailsPerRow: number;
  padding: number;
  lightbox: boolean;
  lightboxTheme: LightboxTheme;
  maxWidth: number;
  newWindow: boolean;
  transparentBackground: boolean;
}

const pick = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (list as readonly string[]).includes(value)
    ? (value as T)
    : fallback;

const bool = (value: unknown, fallback: boolean): boolean => {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
};

const ranged = (
  value: unknown,
  range: { min: number; max: number; defaultValue: number },
): number => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return range.defaultValue;
  return clamp(number, range.min, range.max);
};

/** Which stored key carries the caption switch for each design, and its default. */
const META_KEY: Record<GalleryDesign, { key: string; defaultValue: boolean } | null> = {
  stacked: { key: 'show-meta-basic', defaultValue: true },
  slideshow: { key: 'show-meta', defaultValue: true },
  grid: { key: 'show-meta-only-title', defaultValue: false },
  slider: null,
};

export const resolveGalleryOptions = (attributes: GalleryAttributes = {}): GalleryOptions => {
  const design = pick(GALLERY_DESIGNS, attributes.design, 'grid');
  // Grid and stacked show every image at once: thumbnails and autoplay mean nothing there.
  const isStatic = design === 'grid' || design === 'stacked';
  const autoplay = !isStatic && bool(attributes.autoplay, false);
  const autoCrop = bool(attributes['auto-crop'], true);
  const aspectRatio =
    design === 'grid'
      ? pick(Object.keys(ASPECT_RATIOS) as AspectRatioName[], attributes['aspect-ratio'], 'square')
      : null;
  const metaKey = META_KEY[design];
  const showMeta = metaKey ? bool(attributes[metaKey.key], metaKey.defaultValue) : false;
  return {
    design,
    autoplay,
    autoplayDuration: autoplay
      ? ranged(attributes['autoplay-duration'], GALLERY_RANGES.autoplayDuration)
      : null,
    controls: bool(attributes.controls, false),
    autoCrop,
    aspectRatio,
    aspectRatioValue: aspectRatio ? ASPECT_RATIOS[aspectRatio] : null,
    squareThumbs: bool(attributes['square-thumbs'], true),
    thumbnails: isStatic ? false : bool(attributes.thumbnails, design === 'slideshow'),
    thumbnailStripHeight: ranged(
      attributes['thumbnail-strip-height'],
      GALLERY_RANGES.thumbnailStripHeight,
    ),
    thumbnailStripMargin: ranged(
      attributes['thumbnail-strip-margin'],
      GALLERY_RANGES.thumbnailStripMargin,
    ),
    showMeta,
    metaPosition: showMeta ? pick(META_POSITIONS, attributes['meta-position'], 'bottom') : null,
    showMetaOnHover: bool(attributes['show-meta-on-hover'], false),
    activeAlignment:
      design === 'slider'
        ? pick(ACTIVE_ALIGNMENTS, attributes['active-alignment'], 'center')
        : null,
    thumbnailsPerRow: Math.round(
      ranged(attributes['thumbnails-per-row'], GALLERY_RANGES.thumbnailsPerRow),
    ),
    padding: ranged(attributes.padding, GALLERY_RANGES.padding),
    lightbox: bool(attributes.lightbox, false),
    lightboxTheme: pick(LIGHTBOX_THEMES, attributes.lightboxTheme, 'dark'),
    maxWidth: ranged(attributes['max-width'], GALLERY_RANGES.maxWidth),
    newWindow: bool(attributes.newWindow, false),
    // A transparent background only shows behind uncropped slideshow images.
    transparentBackground:
      design === 'slideshow' && !autoCrop && bool(attributes.transparentBackground, false),
  };
};
