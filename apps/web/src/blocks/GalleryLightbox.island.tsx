import type { Image } from '@atelier/contract';
import { type CSSProperties, useRef, useState } from 'react';
import { ResponsiveImage } from '../ui/ResponsiveImage.tsx';
import type { GalleryLayout } from './gallery.tsx';

// The gallery's images, and (as an island) a lightbox: each image is a button that opens
// a native <dialog> (focus is trapped and Escape closes it without our code) with
// Previous / Next buttons and the arrow keys. Kept small: no animation, no library.

type GalleryProps = { images: Image[]; layout: GalleryLayout; onOpen?: (index: number) => void };

/**
 * Slideshow and slider settings no script acts on yet (there is no slideshow island; the
 * designs scroll natively). Rendered as data attributes so a later island reads them from
 * the markup without a second copy of the options.
 */
function motionData(layout: GalleryLayout): Record<string, string> | undefined {
  if (layout.design !== 'slideshow' && layout.design !== 'slider') return undefined;
  return {
    'data-autoplay': layout.autoplayDuration === null ? 'off' : String(layout.autoplayDuration),
    'data-controls': String(layout.controls),
    'data-thumbnails': String(layout.thumbnails),
    ...(layout.thumbnails
      ? {
          'data-square-thumbs': String(layout.squareThumbs),
          'data-thumbnail-strip-height': String(layout.thumbnailStripHeight),
          'data-thumbnail-strip-margin': String(layout.thumbnailStripMargin),
        }
      : {}),
  };
}

export function GalleryImages({ images, layout, onOpen }: GalleryProps) {
  const style = {
    '--gallery-columns': layout.thumbnailsPerRow,
    '--gallery-gap': `${layout.padding}px`,
    '--gallery-ratio': layout.aspectRatioValue ?? 'auto',
    ...(layout.design === 'stacked' && layout.maxWidth !== null
      ? { '--gallery-max-width': `${layout.maxWidth}px` }
      : {}),
  } as CSSProperties;
  const classes = [
    'gallery',
    `gallery--${layout.design}`,
    layout.autoCrop && 'gallery--crop',
    layout.activeAlignment && `gallery--align-${layout.activeAlignment}`,
    layout.showMeta && layout.showMetaOnHover && 'gallery--meta-hover',
    layout.transparentBackground && 'gallery--transparent',
  ].filter(Boolean);
  return (
    <ul className={classes.join(' ')} style={style} {...motionData(layout)}>
      {images.map((image, index) => {
        const picture = <ResponsiveImage image={image} sizes="(max-width: 432px) 100vw, 50vw" />;
        return (
          <li key={image.id} className="gallery__item">
            {onOpen ? (
              <button
                type="button"
                className="gallery__open"
                aria-label={`Open image ${index + 1} of ${images.length}${image.altText ? `: ${image.altText}` : ''}`}
                onClick={() => onOpen(index)}
              >
                {picture}
              </button>
            ) : (
              picture
            )}
            {layout.showMeta && image.altText ? (
              <p
                className={`gallery__caption gallery__caption--${layout.metaPosition ?? 'bottom'}`}
              >
                {image.altText}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export default function GalleryLightbox({ images, layout }: GalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState(0);
  const image = images[current];
  const step = (by: number) => setCurrent((index) => (index + by + images.length) % images.length);

  return (
    <>
      <GalleryImages
        images={images}
        layout={layout}
        onOpen={(index) => {
          setCurrent(index);
          dialog.current?.showModal();
        }}
      />
      <dialog
        ref={dialog}
        className={`lightbox lightbox--${layout.lightboxTheme}`}
        aria-label={`Image ${current + 1} of ${images.length}`}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
      >
        {image ? (
          <img
            className="lightbox__image"
            src={image.src}
            srcSet={image.srcset}
            sizes="90vw"
            alt={image.altText}
          />
        ) : null}
        <div className="lightbox__controls">
          <button type="button" onClick={() => step(-1)} disabled={images.length < 2}>
            Previous
          </button>
          <span aria-live="polite">
            {current + 1} / {images.length}
          </span>
          <button type="button" onClick={() => step(1)} disabled={images.length < 2}>
            Next
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
