import type { GalleryBlock } from '@atelier/contract';
import {
  ACTIVE_ALIGNMENTS,
  ASPECT_RATIOS,
  type AspectRatioName,
  GALLERY_DESIGNS,
  GALLERY_RANGES,
  type GalleryDesign,
  type GalleryOptions,
  LIGHTBOX_THEMES,
  META_POSITIONS,
  resolveGalleryOptions,
} from '@atelier/core';
import { useId, useState } from 'react';
import { FileManager } from '../files/FileManager.tsx';
import { LabelledInput } from './field-controls.tsx';

// Every SPEC §3 gallery option, under its stored name, but only the ones that mean
// something for the chosen design: core's resolveGalleryOptions decides (it returns null
// or forces off what does not apply), so the editor never offers a setting the page
// would ignore.

const DESIGN_LABELS: Record<GalleryDesign, string> = {
  grid: 'Grid',
  slideshow: 'Slideshow',
  slider: 'Slider',
  stacked: 'Stacked',
};

const ASPECT_LABELS: Record<AspectRatioName, string> = {
  square: 'Square (1:1)',
  standard: 'Standard (3:2)',
  'standard-vertical': 'Standard vertical (2:3)',
  'four-three': 'Four by three (4:3)',
  'three-four-vertical': 'Three by four vertical (3:4)',
  widescreen: 'Widescreen (16:9)',
  'anamorphic-widescreen': 'Anamorphic widescreen (2.40:1)',
};

const POSITION_LABELS: Record<(typeof META_POSITIONS)[number], string> = {
  top: 'Top',
  'top-left': 'Top left',
  'top-right': 'Top right',
  center: 'Center',
  bottom: 'Bottom',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

/** The stored caption switch of each design (the spec names it differently per design). */
export const CAPTION_KEY: Record<GalleryDesign, string | null> = {
  stacked: 'show-meta-basic',
  slideshow: 'show-meta',
  grid: 'show-meta-only-title',
  slider: null,
};

/** Stored option names the editor shows for these resolved options, in display order. */
export function applicableGalleryOptions(options: GalleryOptions): string[] {
  const moving = options.design === 'slideshow' || options.design === 'slider';
  const captionKey = CAPTION_KEY[options.design];
  const shown: Array<string | false | null> = [
    'design',
    options.design === 'grid' && 'thumbnails-per-row',
    options.aspectRatio !== null && 'aspect-ratio',
    // Stacked shows each image whole; cropping only shapes the other designs.
    options.design !== 'stacked' && 'auto-crop',
    options.design === 'slideshow' && !options.autoCrop && 'transparentBackground',
    options.design === 'stacked' && 'max-width',
    'padding',
    moving && 'autoplay',
    options.autoplayDuration !== null && 'autoplay-duration',
    moving && 'controls',
    options.activeAlignment !== null && 'active-alignment',
    moving && 'thumbnails',
    options.thumbnails && 'square-thumbs',
    options.thumbnails && 'thumbnail-strip-height',
    options.thumbnails && 'thumbnail-strip-margin',
    captionKey,
    options.showMeta && 'meta-position',
    options.showMeta && 'show-meta-on-hover',
    'lightbox',
    options.lightbox && 'lightboxTheme',
  ];
  return shown.filter((key): key is string => typeof key === 'string');
}

type Range = { min: number; max: number; defaultValue: number };

const NUMBER_FIELDS: Record<string, { label: string; range: Range; unit?: string }> = {
  'thumbnails-per-row': { label: 'Images per row', range: GALLERY_RANGES.thumbnailsPerRow },
  padding: { label: 'Space between images', range: GALLERY_RANGES.padding, unit: 'px' },
  'max-width': { label: 'Maximum image width', range: GALLERY_RANGES.maxWidth, unit: 'px' },
  'autoplay-duration': {
    label: 'Seconds per image',
    range: GALLERY_RANGES.autoplayDuration,
    unit: 's',
  },
  'thumbnail-strip-height': {
    label: 'Thumbnail strip height',
    range: GALLERY_RANGES.thumbnailStripHeight,
    unit: 'px',
  },
  'thumbnail-strip-margin': {
    label: 'Thumbnail strip margin',
    range: GALLERY_RANGES.thumbnailStripMargin,
    unit: 'px',
  },
};

const CHECK_LABELS: Record<string, string> = {
  'auto-crop': 'Crop images to fill their frame',
  transparentBackground: 'Transparent background behind uncropped images',
  autoplay: 'Play automatically',
  controls: 'Show previous and next controls',
  thumbnails: 'Show thumbnails',
  'square-thumbs': 'Square thumbnails',
  'show-meta-basic': 'Show captions',
  'show-meta': 'Show captions',
  'show-meta-only-title': 'Show captions',
  'show-meta-on-hover': 'Show captions only on hover or focus',
  lightbox: 'Open images in a lightbox',
};

/** The value an option resolves to, in the stored name's terms, for the inputs. */
function resolvedValue(options: GalleryOptions, key: string): string | number | boolean {
  switch (key) {
    case 'thumbnails-per-row':
      return options.thumbnailsPerRow;
    case 'padding':
      return options.padding;
    case 'max-width':
      return options.maxWidth;
    case 'autoplay-duration':
      return options.autoplayDuration ?? GALLERY_RANGES.autoplayDuration.defaultValue;
    case 'thumbnail-strip-height':
      return options.thumbnailStripHeight;
    case 'thumbnail-strip-margin':
      return options.thumbnailStripMargin;
    case 'auto-crop':
      return options.autoCrop;
    case 'transparentBackground':
      return options.transparentBackground;
    case 'autoplay':
      return options.autoplay;
    case 'controls':
      return options.controls;
    case 'thumbnails':
      return options.thumbnails;
    case 'square-thumbs':
      return options.squareThumbs;
    case 'show-meta-basic':
    case 'show-meta':
    case 'show-meta-only-title':
      return options.showMeta;
    case 'show-meta-on-hover':
      return options.showMetaOnHover;
    case 'lightbox':
      return options.lightbox;
    default:
      return '';
  }
}

/**
 * What a number field stores on leaving it: core's resolved (clamped, defaulted) value when
 * the typed one differs, or null when there is nothing to change (untouched or in range).
 */
export function settledNumber(stored: unknown, resolved: number): number | null {
  return stored === undefined || stored === resolved ? null : resolved;
}

function NumberOption({
  optionKey,
  stored,
  resolved,
  onChange,
}: {
  optionKey: string;
  stored: unknown;
  resolved: number;
  onChange: (value: number | string) => void;
}) {
  const id = useId();
  const field = NUMBER_FIELDS[optionKey];
  if (!field) return null;
  const { min, max } = field.range;
  // While typing, the raw number is kept (clamping "1" on the way to "150" would fight the
  // keyboard); on leaving the field it becomes what core resolves, so the editor shows
  // exactly what the page uses.
  const shown = typeof stored === 'number' || typeof stored === 'string' ? stored : resolved;
  return (
    <div className="field">
      <label htmlFor={id}>
        {field.label}
        {field.unit ? ` (${field.unit})` : ''}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={String(shown)}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const number = Number(e.target.value);
          onChange(e.target.value.trim() !== '' && Number.isFinite(number) ? number : '');
        }}
        onBlur={() => {
          const settled = settledNumber(stored, resolved);
          if (settled !== null) onChange(settled);
        }}
      />
      <p className="field__hint" id={`${id}-hint`}>
        From {min} to {max}.
      </p>
    </div>
  );
}

function SelectOption({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckOption({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function GalleryOptionFields({
  block,
  onChange,
}: {
  block: GalleryBlock;
  onChange: (block: GalleryBlock) => void;
}) {
  const options = resolveGalleryOptions(block.options);
  const setOption = (key: string, value: string | number | boolean) =>
    onChange({ ...block, options: { ...block.options, [key]: value } });
  return (
    <fieldset className="fieldset">
      <legend>Gallery options</legend>
      {applicableGalleryOptions(options).map((key) => {
        if (key === 'design') {
          return (
            <SelectOption
              key={key}
              label="Design"
              value={options.design}
              choices={GALLERY_DESIGNS.map((d) => [d, DESIGN_LABELS[d]] as const)}
              onChange={(value) => setOption(key, value)}
            />
          );
        }
        if (key === 'aspect-ratio') {
          return (
            <SelectOption
              key={key}
              label="Aspect ratio"
              value={options.aspectRatio ?? 'square'}
              choices={(Object.keys(ASPECT_RATIOS) as AspectRatioName[]).map(
                (r) => [r, ASPECT_LABELS[r]] as const,
              )}
              onChange={(value) => setOption(key, value)}
            />
          );
        }
        if (key === 'active-alignment') {
          return (
            <SelectOption
              key={key}
              label="Active image alignment"
              value={options.activeAlignment ?? 'center'}
              choices={ACTIVE_ALIGNMENTS.map(
                (a) => [a, a.charAt(0).toUpperCase() + a.slice(1)] as const,
              )}
              onChange={(value) => setOption(key, value)}
            />
          );
        }
        if (key === 'meta-position') {
          return (
            <SelectOption
              key={key}
              label="Caption position"
              value={options.metaPosition ?? 'bottom'}
              choices={META_POSITIONS.map((p) => [p, POSITION_LABELS[p]] as const)}
              onChange={(value) => setOption(key, value)}
            />
          );
        }
        if (key === 'lightboxTheme') {
          return (
            <SelectOption
              key={key}
              label="Lightbox theme"
              value={options.lightboxTheme}
              choices={LIGHTBOX_THEMES.map((t) => [t, t === 'dark' ? 'Dark' : 'Light'] as const)}
              onChange={(value) => setOption(key, value)}
            />
          );
        }
        const resolved = resolvedValue(options, key);
        if (key in NUMBER_FIELDS && typeof resolved === 'number') {
          return (
            <NumberOption
              key={key}
              optionKey={key}
              stored={block.options[key]}
              resolved={resolved}
              onChange={(value) => setOption(key, value)}
            />
          );
        }
        return (
          <CheckOption
            key={key}
            label={CHECK_LABELS[key] ?? key}
            checked={resolved === true}
            onChange={(checked) => setOption(key, checked)}
          />
        );
      })}
    </fieldset>
  );
}

export function GalleryFields({
  block,
  onChange,
}: {
  block: GalleryBlock;
  onChange: (block: GalleryBlock) => void;
}) {
  const [isPicking, setIsPicking] = useState(block.mediaIds.length === 0);
  return (
    <>
      <fieldset className="fieldset">
        <legend>Images ({block.mediaIds.length})</legend>
        <ol className="gallery-fields__list">
          {block.mediaIds.map((mediaId, index) => (
            <li key={mediaId}>
              Image {index + 1}{' '}
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  // The image's description goes with it.
                  const { [mediaId]: _removed, ...altTexts } = block.altTexts ?? {};
                  onChange({
                    ...block,
                    mediaIds: block.mediaIds.filter((m) => m !== mediaId),
                    altTexts,
                  });
                }}
              >
                Remove image {index + 1}
              </button>
              <LabelledInput
                label={`Alt text of image ${index + 1}`}
                hint="What the image shows, for people who cannot see it. Empty: the file's own description."
                value={block.altTexts?.[mediaId] ?? ''}
                onChange={(text) => {
                  const { [mediaId]: _old, ...others } = block.altTexts ?? {};
                  onChange({
                    ...block,
                    altTexts: text.trim() === '' ? others : { ...others, [mediaId]: text },
                  });
                }}
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--small"
          aria-expanded={isPicking}
          onClick={() => setIsPicking((open) => !open)}
        >
          {isPicking ? 'Close files' : 'Add images'}
        </button>
        {isPicking ? (
          <FileManager
            chooseLabel="Add to gallery"
            onChoose={(media) => {
              if (!block.mediaIds.includes(media.id)) {
                onChange({ ...block, mediaIds: [...block.mediaIds, media.id] });
              }
            }}
          />
        ) : null}
      </fieldset>
      <GalleryOptionFields block={block} onChange={onChange} />
    </>
  );
}
