/**
 * Where a modal lightbox sits (SPEC §9): content taller than the window starts 50 px from
 * the top and scrolls; shorter content is centred. Re-measured on resize, debounced.
 */
export const LIGHTBOX_TOP_MARGIN_PX = 50;
export const LIGHTBOX_RESIZE_DEBOUNCE_MS = 100;

export const lightboxTopOffset = ({
  contentHeight,
  windowHeight,
}: {
  contentHeight: number;
  windowHeight: number;
}): number =>
  contentHeight > windowHeight
    ? LIGHTBOX_TOP_MARGIN_PX
    : Math.max(0, Math.round((windowHeight - contentHeight) / 2));
