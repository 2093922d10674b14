import type { Image } from '@atelier/contract';
import { type CSSProperties, type Ref, useEffect, useReducer, useRef, useState } from 'react';
import { ResponsiveImage } from '../ui/ResponsiveImage.tsx';
import type { GalleryLayout } from './gallery.tsx';

// The gallery's images and, as the gallery's one island, what moves them: a lightbox (each
// image a button opening a native <dialog>, where the browser traps focus and handles
// Escape) and, for slideshow and slider, Previous/Next, arrow keys, autoplay with a
// Pause/Play button and a thumbnail strip. The row stays the CSS scroll-snap row the server
// rendered, so the first slide shows fully without JavaScript and hydrating moves nothing;
// the island only scrolls it. Kept small: no library, no animation beyond smooth scrolling.

type GalleryProps = {
  images: Image[];
  layout: GalleryLayout;
  onOpen?: (index: number) => void;
  listRef?: Ref<HTMLUListElement>;
};

export const isMovingDesign = (design: GalleryLayout['design']) =>
  design === 'slideshow' || design === 'slider';

/** Which slide shows, whether the visitor wants autoplay, and whether hover/focus holds it. */
export type SlideState = { index: number; count: number; playing: boolean; held: boolean };
export type SlideAction =
  | { type: 'step'; by: number }
  | { type: 'go'; index: number }
  | { type: 'tick'; from: number }
  | { type: 'play'; playing: boolean }
  | { type: 'hold'; held: boolean };

/** Wraps both ways so Next on the last slide shows the first, as the lightbox does. */
export const wrapSlide = (index: number, count: number) =>
  count < 1 ? 0 : ((index % count) + count) % count;

export function slideReducer(state: SlideState, action: SlideAction): SlideState {
  switch (action.type) {
    case 'step':
      return { ...state, index: wrapSlide(state.index + action.by, state.count) };
    case 'go':
      return { ...state, index: wrapSlide(action.index, state.count) };
    case 'tick':
      // A timer that fires while the visitor holds or paused the show, or one armed for a
      // slide the visitor has already left, changes nothing.
      return state.playing && !state.held && state.count > 1 && state.index === action.from
        ? { ...state, index: wrapSlide(state.index + 1, state.count) }
        : state;
    case 'play':
      return { ...state, playing: action.playing };
    case 'hold':
      return { ...state, held: action.held };
  }
}

/**
 * Whether the show starts moving by itself: never for a visitor who asked the system for
 * reduced motion (they can still press Play, an explicit choice rather than autoplay).
 */
export const startsPlaying = (autoplay: boolean, reducedMotion: boolean) =>
  autoplay && !reducedMotion;

/**
 * Milliseconds until the next automatic slide, or null for none: autoplay off, paused by
 * the visitor (or never started, see startsPlaying), held by hover or focus, or one image.
 */
export function autoplayDelay(state: SlideState, autoplayDuration: number | null): number | null {
  if (autoplayDuration === null) return null;
  if (!state.playing || state.held || state.count < 2) return null;
  return autoplayDuration * 1000;
}

/** The scrollLeft that shows `item` where the design rests an image, inside the row's range. */
function slideLeft(list: HTMLElement, item: HTMLElement, align: GalleryLayout['activeAlignment']) {
  const room = list.clientWidth - item.offsetWidth;
  const left =
    align === 'left'
      ? item.offsetLeft
      : align === 'right'
        ? item.offsetLeft - room
        : item.offsetLeft - room / 2;
  return Math.min(Math.max(left, 0), list.scrollWidth - list.clientWidth);
}

const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function GalleryImages({ images, layout, onOpen, listRef }: GalleryProps) {
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
    <ul
      ref={listRef}
      className={classes.join(' ')}
      style={style}
      // A scrolling row must be reachable by keyboard (its arrow keys scroll it even before
      // the island hydrates, then step one slide); grid and stacked do not scroll.
      tabIndex={listRef ? 0 : undefined}
    >
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

/**
 * The slideshow/slider around the server-rendered row. Every control is in the server
 * markup too (so nothing appears or moves on hydration); the state starts as the server
 * rendered it and only then reads prefers-reduced-motion.
 */
function Slideshow({
  images,
  layout,
  onOpen,
  lightboxOpen,
}: GalleryProps & { lightboxOpen: boolean }) {
  const list = useRef<HTMLUListElement>(null);
  const [state, dispatch] = useReducer(slideReducer, {
    index: 0,
    count: images.length,
    playing: layout.autoplay,
    held: false,
  });
  const [reducedMotion, setReducedMotion] = useState(false);
  // Set when the visitor swiped the row: the index follows the scroll, not the reverse.
  const fromScroll = useRef(false);

  useEffect(() => {
    const reduced = prefersReducedMotion();
    setReducedMotion(reduced);
    dispatch({ type: 'play', playing: startsPlaying(layout.autoplay, reduced) });
  }, [layout.autoplay]);

  // The row keeps still behind an open lightbox: nobody is watching it move.
  const delay = lightboxOpen ? null : autoplayDelay(state, layout.autoplayDuration);
  // Re-armed on every slide change, so a manual step restarts the full interval.
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => dispatch({ type: 'tick', from: state.index }), delay);
    return () => clearTimeout(timer);
  }, [delay, state.index]);

  useEffect(() => {
    const row = list.current;
    const item = row?.children[state.index];
    if (fromScroll.current) {
      fromScroll.current = false;
      return;
    }
    if (!row || !(item instanceof HTMLElement)) return;
    const left = slideLeft(row, item, layout.activeAlignment);
    if (Math.abs(row.scrollLeft - left) < 1) return;
    row.scrollTo({ left, behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [state.index, layout.activeAlignment, reducedMotion]);

  // A swipe or trackpad scroll moves the row natively; once it rests, the nearest slide
  // becomes the current one so the counter and thumbnails agree with what is shown.
  const shown = useRef(state.index);
  shown.current = state.index;
  useEffect(() => {
    const row = list.current;
    if (!row) return;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        let nearest = 0;
        let best = Number.POSITIVE_INFINITY;
        [...row.children].forEach((item, index) => {
          if (!(item instanceof HTMLElement)) return;
          const distance = Math.abs(slideLeft(row, item, layout.activeAlignment) - row.scrollLeft);
          if (distance < best) [best, nearest] = [distance, index];
        });
        if (nearest === shown.current) return;
        fromScroll.current = true;
        dispatch({ type: 'go', index: nearest });
      }, 150);
    };
    row.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(settle);
      row.removeEventListener('scroll', onScroll);
    };
  }, [layout.activeAlignment]);

  const moving = delay !== null;
  const many = images.length > 1;
  return (
    <section
      className="gallery-show"
      aria-roledescription="carousel"
      aria-label="Gallery"
      onKeyDown={(event) => {
        if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
        // The row would also scroll natively; one step per key press.
        event.preventDefault();
        dispatch({ type: 'step', by: event.key === 'ArrowRight' ? 1 : -1 });
      }}
      // A mouse only: a tap would hold the show with no leave event to release it.
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') dispatch({ type: 'hold', held: true });
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') dispatch({ type: 'hold', held: false });
      }}
      onFocus={() => dispatch({ type: 'hold', held: true })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          dispatch({ type: 'hold', held: false });
        }
      }}
    >
      <GalleryImages images={images} layout={layout} onOpen={onOpen} listRef={list} />
      {layout.controls || layout.autoplay ? (
        <div className="gallery-show__controls">
          {layout.controls ? (
            <button
              type="button"
              aria-label="Previous image"
              disabled={!many}
              onClick={() => dispatch({ type: 'step', by: -1 })}
            >
              ‹
            </button>
          ) : null}
          {layout.autoplay ? (
            <button
              type="button"
              className="gallery-show__play"
              onClick={() => dispatch({ type: 'play', playing: !state.playing })}
            >
              {state.playing ? 'Pause' : 'Play'}
            </button>
          ) : null}
          {layout.controls ? (
            <button
              type="button"
              aria-label="Next image"
              disabled={!many}
              onClick={() => dispatch({ type: 'step', by: 1 })}
            >
              ›
            </button>
          ) : null}
        </div>
      ) : null}
      {/* Quiet while the show moves by itself, so a screen reader is not interrupted. */}
      <p className="visually-hidden" aria-live={moving ? 'off' : 'polite'}>
        Image {state.index + 1} of {images.length}
      </p>
      {/* A zero-height strip would leave buttons a keyboard reaches but nobody sees. */}
      {layout.thumbnails && layout.thumbnailStripHeight > 0 ? (
        <div
          className={`gallery-show__thumbs${layout.squareThumbs ? ' gallery-show__thumbs--square' : ''}`}
          style={
            {
              '--strip-height': `${layout.thumbnailStripHeight}px`,
              '--strip-margin': `${layout.thumbnailStripMargin}px`,
            } as CSSProperties
          }
        >
          {images.map((image, index) => (
            <button
              key={image.id}
              type="button"
              aria-label={`Show image ${index + 1} of ${images.length}${image.altText ? `: ${image.altText}` : ''}`}
              aria-current={index === state.index ? 'true' : undefined}
              onClick={() => dispatch({ type: 'go', index })}
            >
              <img
                src={image.src}
                srcSet={image.srcset}
                sizes={`${Math.max(layout.thumbnailStripHeight, 1) * 2}px`}
                alt=""
                loading="lazy"
                decoding="async"
                width={image.width}
                height={image.height}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** The gallery island: the lightbox when it is on, the slideshow controls on moving designs. */
export default function GalleryLightbox({ images, layout }: GalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
  const image = images[current];
  const step = (by: number) => setCurrent((index) => wrapSlide(index + by, images.length));
  const onOpen = layout.lightbox
    ? (index: number) => {
        setCurrent(index);
        dialog.current?.showModal();
        setOpen(true);
      }
    : undefined;

  return (
    <>
      {isMovingDesign(layout.design) ? (
        <Slideshow images={images} layout={layout} onOpen={onOpen} lightboxOpen={open} />
      ) : (
        <GalleryImages images={images} layout={layout} onOpen={onOpen} />
      )}
      {layout.lightbox ? (
        <dialog
          ref={dialog}
          onClose={() => setOpen(false)}
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
      ) : null}
    </>
  );
}
