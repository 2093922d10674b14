/** The parts of the page's lifecycle that decide when islands may start. */
export type PageLifecycle = {
  readyState: DocumentReadyState;
  /** Runs once when the window's load event fires. */
  onLoad: (run: () => void) => void;
  /** Runs after the next frame has been painted. */
  afterNextPaint: (run: () => void) => void;
};

/**
 * Starts `run` once the page has loaded (its eager images included) and painted.
 *
 * React is the largest download of a storefront page (~210 KB before compression). Started
 * as soon as the island runtime executed, it shared a slow phone connection with the main
 * product image and pushed Largest Contentful Paint from ~1.2 s to ~3 s (Lighthouse mobile
 * 99 -> 93 on product and cart, docs/PERFORMANCE.md). The server-rendered HTML is complete
 * meanwhile, so nothing is missing, only not yet interactive.
 */
export function afterLoadAndPaint(page: PageLifecycle, run: () => void): void {
  const next = () => page.afterNextPaint(run);
  if (page.readyState === 'complete') next();
  else page.onLoad(next);
}

/** The browser's own lifecycle. */
export function browserLifecycle(): PageLifecycle {
  return {
    readyState: document.readyState,
    onLoad: (run) => window.addEventListener('load', run, { once: true }),
    // A task queued from a frame callback runs after that frame is painted.
    afterNextPaint: (run) => requestAnimationFrame(() => setTimeout(run, 0)),
  };
}
