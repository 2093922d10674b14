import { useEffect, useRef, useState } from 'react';

// The live preview (issue 25): the storefront's own home page in a same-origin frame,
// restyled with the unsaved guide's stylesheet. The page's CSP admits inline styles only
// by hash, so the sheet goes in through the CSSOM (a constructed, adopted sheet), which it
// does not govern, and comes after the page's own design <style>, so it wins. The frame
// runs no script (sandbox without allow-scripts): a preview is not a visit to count, and
// no consent banner or cart should open in it.

export type PreviewDevice = 'desktop' | 'phone';
const DEVICE_WIDTH: Record<PreviewDevice, number> = { desktop: 1280, phone: 390 };

/** Puts `css` into the frame's document as its last stylesheet (or removes it for null). */
export function adoptInFrame(frame: HTMLIFrameElement, css: string | null) {
  const doc = frame.contentDocument;
  const view = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!doc || !view || doc.readyState === 'loading') return;
  // A sheet must be made by the frame's own window to be adopted by its document.
  const own = (doc as Document & { designPreview?: CSSStyleSheet }).designPreview;
  const sheet = own ?? new view.CSSStyleSheet();
  sheet.replaceSync(css ?? '');
  if (!own) {
    (doc as Document & { designPreview?: CSSStyleSheet }).designPreview = sheet;
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
}

export function DesignPreview({
  css,
  device,
  isUpdating,
}: {
  /** The unsaved guide's stylesheet; null shows the page as saved. */
  css: string | null;
  device: PreviewDevice;
  isUpdating: boolean;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const cssRef = useRef(css);
  cssRef.current = css;

  useEffect(() => {
    if (frame.current) adoptInFrame(frame.current, css);
  }, [css]);

  const [windowHeight, setWindowHeight] = useState(() =>
    typeof window === 'undefined' ? 800 : window.innerHeight,
  );
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const width = DEVICE_WIDTH[device];
  // The page at its real width, scaled down to the column: what a visitor's screen shows,
  // in a window as tall as the screen leaves room for.
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / width) : 1;
  const shownHeight = Math.max(320, Math.min(900, windowHeight - 290));
  const height = Math.round(shownHeight / scale);
  return (
    <div className="design-preview" ref={box} aria-busy={isUpdating}>
      <div
        className="design-preview__viewport"
        style={{
          height: `${Math.round(height * scale)}px`,
          width: `${Math.round(width * scale)}px`,
        }}
      >
        <iframe
          ref={frame}
          className="design-preview__frame"
          title="Preview of your home page with these changes"
          src="/"
          sandbox="allow-same-origin"
          style={{
            width: `${width}px`,
            height: `${height}px`,
            transform: `scale(${scale})`,
          }}
          onLoad={(event) => adoptInFrame(event.currentTarget, cssRef.current)}
        />
      </div>
    </div>
  );
}
