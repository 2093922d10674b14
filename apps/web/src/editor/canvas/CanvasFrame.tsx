import { MOBILE_MAX_WIDTH_PX } from '@atelier/core';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

// The canvas is an iframe of the editor's own document (about:blank, same origin) into
// which the editor's React tree renders through a portal (ARCHITECTURE "Editor canvas").
// The frame gives the page a real viewport: the storefront's media queries, `vw` units and
// full-width sections behave at 390 px exactly as on a phone, and the storefront's
// stylesheet cannot leak into the editor around it. The portal keeps one React tree, so
// the canvas shares the draft, the selection and the drag with the panels beside it.

/** Widths visitors' screens have; the phone stays inside SPEC's mobile range (≤ 432 px). */
export const DEVICE_WIDTHS = {
  desktop: null,
  tablet: 768,
  phone: Math.min(390, MOBILE_MAX_WIDTH_PX),
} as const;
export type Device = keyof typeof DEVICE_WIDTHS;
export const DEVICE_LABELS: Record<Device, string> = {
  desktop: 'Desktop',
  tablet: 'Tablet',
  phone: 'Phone',
};

/**
 * A desktop page is laid out at least this wide: narrower, the storefront's tablet rules
 * would apply. When the editor has less room the frame is scaled down to fit, as design
 * tools show a desktop artboard.
 */
export const DESKTOP_MIN_WIDTH = 1100;

export type FrameGeometry = {
  /** Width the page is laid out at, in CSS pixels of the frame. */
  width: number;
  /** How much the frame is drawn smaller than that, ≤ 1. */
  scale: number;
};

export function frameGeometry(device: Device, available: number): FrameGeometry {
  const wanted = DEVICE_WIDTHS[device] ?? Math.max(available, DESKTOP_MIN_WIDTH);
  const width = Math.round(wanted);
  const scale = available > 0 && available < width ? available / width : 1;
  return { width, scale };
}

export type CanvasFrameHandle = {
  document: Document;
  iframe: HTMLIFrameElement;
  scale: number;
};

const FrameContext = createContext<RefObject<CanvasFrameHandle | null> | null>(null);

/** The frame the canvas draws in, for code that maps pointer positions into it. */
export function useCanvasFrame(): RefObject<CanvasFrameHandle | null> {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error('useCanvasFrame outside a CanvasFrame');
  return frame;
}

/** Stylesheets for the frame: the storefront's own, then the editor's (outlines, toolbars). */
function canvasStylesheets(): string[] {
  const site = document.querySelector<HTMLMetaElement>('meta[name="canvas-styles"]')?.content;
  const editor = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
    (link) => link.href,
  );
  return [...(site ? site.split(' ') : []), ...editor];
}

export function CanvasFrame({
  device,
  title,
  language,
  handle,
  children,
}: {
  device: Device;
  /** The frame's accessible name and its document's title. */
  title: string;
  language: string;
  handle: RefObject<CanvasFrameHandle | null>;
  children: ReactNode;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [available, setAvailable] = useState(0);
  const [height, setHeight] = useState(600);
  const { width, scale } = frameGeometry(device, available);

  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(Math.floor(entry.contentRect.width));
    });
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  // The about:blank document exists as soon as the iframe is in the page; it is set up once.
  useLayoutEffect(() => {
    const iframe = iframeRef.current;
    const doc = iframe?.contentDocument;
    if (!iframe || !doc) return;
    doc.open();
    doc.write('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    doc.close();
    for (const href of canvasStylesheets()) {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      doc.head.append(link);
    }
    doc.body.className = 'canvas-doc';
    setBody(doc.body);
    // Lazy chunks (the rich-text editor) bring their stylesheets later, into the editor's
    // head: the frame gets each one too.
    const mirrored = new Set(canvasStylesheets());
    const headWatcher = new MutationObserver(() => {
      for (const href of canvasStylesheets()) {
        if (mirrored.has(href)) continue;
        mirrored.add(href);
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        doc.head.append(link);
      }
    });
    headWatcher.observe(document.head, { childList: true });
    // The frame is as tall as the page in it, so the editor scrolls one thing, not two.
    const observer = new ResizeObserver(() =>
      setHeight(Math.max(doc.documentElement.scrollHeight, 200)),
    );
    observer.observe(doc.body);
    return () => {
      observer.disconnect();
      headWatcher.disconnect();
    };
  }, []);

  useLayoutEffect(() => {
    const doc = iframeRef.current?.contentDocument;
    if (!doc) return;
    doc.documentElement.lang = language;
    doc.title = title;
  }, [language, title]);

  useLayoutEffect(() => {
    const iframe = iframeRef.current;
    if (iframe?.contentDocument && body) {
      handle.current = { document: iframe.contentDocument, iframe, scale };
    }
  });

  return (
    <div className="canvas-stage" ref={stageRef} data-device={device}>
      <div className="canvas-stage__sizer" style={{ width: width * scale, height: height * scale }}>
        <iframe
          ref={iframeRef}
          className="canvas-frame"
          title={title}
          style={{
            width,
            height,
            transform: scale === 1 ? undefined : `scale(${scale})`,
          }}
        />
      </div>
      <FrameContext.Provider value={handle}>
        {body ? createPortal(children, body) : null}
      </FrameContext.Provider>
    </div>
  );
}

/** Desktop / Tablet / Phone over the canvas: pressed buttons, one set per top bar. */
export function DeviceSwitch({
  device,
  onChange,
}: {
  device: Device;
  onChange: (device: Device) => void;
}) {
  return (
    <fieldset className="editor-topbar__devices">
      <legend className="visually-hidden">Canvas width</legend>
      {(Object.keys(DEVICE_LABELS) as Device[]).map((option) => (
        <button
          key={option}
          type="button"
          className="button button--small button--segment"
          aria-pressed={device === option}
          onClick={() => onChange(option)}
        >
          {DEVICE_LABELS[option]}
        </button>
      ))}
    </fieldset>
  );
}
