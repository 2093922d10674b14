import { GALLERY_DESIGNS, GALLERY_RANGES } from '@atelier/core';
import { useId, useState } from 'react';
import { FileManager } from '../editor/files/FileManager.tsx';
import { LabelledInput } from './field-controls.tsx';
import type { GalleryBlock } from './gallery.tsx';

const DESIGN_LABELS: Record<(typeof GALLERY_DESIGNS)[number], string> = {
  grid: 'Grid',
  slideshow: 'Slideshow',
  slider: 'Slider',
  stacked: 'Stacked',
};

export function GalleryFields({
  block,
  onChange,
}: {
  block: GalleryBlock;
  onChange: (block: GalleryBlock) => void;
}) {
  const id = useId();
  const [isPicking, setIsPicking] = useState(block.mediaIds.length === 0);
  const setOption = (key: string, value: string | number | boolean) =>
    onChange({ ...block, options: { ...block.options, [key]: value } });
  const design = typeof block.options.design === 'string' ? block.options.design : 'grid';
  const perRow = block.options['thumbnails-per-row'];
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
                onClick={() =>
                  onChange({ ...block, mediaIds: block.mediaIds.filter((m) => m !== mediaId) })
                }
              >
                Remove image {index + 1}
              </button>
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
      <div className="field">
        <label htmlFor={`${id}-design`}>Design</label>
        <select
          id={`${id}-design`}
          value={design}
          onChange={(e) => setOption('design', e.target.value)}
        >
          {GALLERY_DESIGNS.map((value) => (
            <option key={value} value={value}>
              {DESIGN_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <LabelledInput
        label="Images per row"
        type="number"
        min={GALLERY_RANGES.thumbnailsPerRow.min}
        max={GALLERY_RANGES.thumbnailsPerRow.max}
        value={String(
          typeof perRow === 'number' ? perRow : GALLERY_RANGES.thumbnailsPerRow.defaultValue,
        )}
        onChange={(value) => setOption('thumbnails-per-row', Number(value) || 1)}
      />
      <div className="field field--check">
        <input
          id={`${id}-lightbox`}
          type="checkbox"
          checked={block.options.lightbox === true}
          onChange={(e) => setOption('lightbox', e.target.checked)}
        />
        <label htmlFor={`${id}-lightbox`}>Open images in a lightbox</label>
      </div>
    </>
  );
}
