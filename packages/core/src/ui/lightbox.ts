/**
 * Where a modal lightbox sits (SPEC §9): content taller than the window starts 50 px from
 * the top and scrolls; shorter content is centred. Re-measured on resize, debounced.
 */
import { LIGHTBOX_TOP_MARGIN } from '../limits/limits';

export const lightboxTopOffset = ({
  contentHeight,
  windowHeight,
}: {
  contentHeight: number;
  windowHeight: number;
}): number =>
  contentHeight > windowHeight
    ? LIGHTBOX_TOP_MARGIN
    : Math.max(0, Math.round((windowHeight - contentHeight) / 2));
