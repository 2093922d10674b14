import {
  type EditorPage,
  isReadable,
  PAGE_STATUS_LABELS,
  type SiteFrame as SiteFrameData,
} from '@atelier/contract';
import { useEffect, useRef, useState } from 'react';
import { LayoutView } from '../blocks/render.tsx';
import { SiteFrame } from '../storefront/layout/SiteFrame.tsx';
import { api, errorText } from './api/client.ts';
import {
  CanvasFrame,
  type CanvasFrameHandle,
  type Device,
  DeviceSwitch,
} from './canvas/CanvasFrame.tsx';
import { initialDevice } from './PageEditor.tsx';

// A page for a member who may read pages but not change them (the viewer, docs/
// PERMISSIONS.md): the same canvas frame, site header and footer and storefront views as
// the editor, with nothing to select, type into, add, save or publish. The server refuses
// every page write to the role whatever a screen shows; this screen just offers none.

/** Said in the top bar, so nobody hunts for controls that are not there. */
export const VIEW_ONLY_NOTICE = 'You can view but not change this page.';

export function PageViewer({ pageId, onClose }: { pageId: string; onClose: () => void }) {
  const [page, setPage] = useState<EditorPage | null>(null);
  const [site, setSite] = useState<SiteFrameData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [device, setDevice] = useState<Device>(() => initialDevice());
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    api
      .page(pageId)
      .then((loaded) => {
        setPage(loaded);
        requestAnimationFrame(() => headingRef.current?.focus());
      })
      .catch((error: unknown) => setLoadError(errorText(error)));
    api
      .siteFrame()
      .then(setSite)
      .catch(() => setSite(null));
  }, [pageId]);

  if (loadError) return <p role="alert">{loadError}</p>;
  if (!page) return <p className="page-editor__loading">Loading…</p>;
  return (
    <PageView
      page={page}
      site={site}
      device={device}
      onDeviceChange={setDevice}
      onClose={onClose}
      headingRef={headingRef}
    />
  );
}

/** The read-only page as drawn; apart from loading, so it can be rendered in a test. */
export function PageView({
  page,
  site,
  device,
  onDeviceChange,
  onClose,
  headingRef,
}: {
  page: EditorPage;
  site: SiteFrameData | null;
  device: Device;
  onDeviceChange: (device: Device) => void;
  onClose: () => void;
  headingRef?: React.RefObject<HTMLHeadingElement | null>;
}) {
  const frameHandle = useRef<CanvasFrameHandle | null>(null);
  const frame = site
    ? {
        ...site,
        headerFooter: {
          header: site.headerFooter.header.filter(isReadable),
          footer: site.headerFooter.footer.filter(isReadable),
          data: site.headerFooter.data,
        },
      }
    : null;
  // The latest draft, as editors see it on their canvas; a block the server could not
  // read is left out, as the storefront leaves it out.
  const blocks = page.draftBlocks.filter(isReadable);
  const layout = (
    <div className="content-page">
      {blocks.length === 0 ? (
        <div className="canvas-section__empty">This page has no blocks yet.</div>
      ) : null}
      <LayoutView
        blocks={blocks}
        data={page.data}
        useCLDRMoneyFormat={site?.useCLDRMoneyFormat ?? false}
      />
    </div>
  );
  return (
    <div className="page-editor page-editor--read-only">
      <header className="editor-topbar">
        <button type="button" className="button button--quiet" onClick={onClose}>
          <span aria-hidden="true">←</span> Pages
        </button>
        <div className="editor-topbar__title">
          <h1 ref={headingRef} tabIndex={-1}>
            {page.title}
          </h1>
          <span className={`status-badge status-badge--${page.status}`}>
            {PAGE_STATUS_LABELS[page.status]}
            {page.publishAt && page.status === 'scheduled'
              ? ` for ${new Date(page.publishAt).toLocaleString()}`
              : ''}
          </span>
        </div>
        <DeviceSwitch device={device} onChange={onDeviceChange} />
        <p className="editor-topbar__view-only">
          {VIEW_ONLY_NOTICE}
          {page.hasUnpublishedChanges ? ' It shows the latest draft, not yet published.' : ''}
        </p>
      </header>
      <div className="editor-canvas editor-canvas--read-only">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long page scrolls here; a scrolling region must take focus for the keyboard to scroll it (WCAG 2.1.1) */}
        <section className="canvas-scroller" aria-label="Canvas" tabIndex={0}>
          <CanvasFrame
            device={device}
            title={`${page.title} (view only)`}
            language={frame?.language ?? 'en'}
            handle={frameHandle}
          >
            <div className="canvas-root">
              {frame ? (
                <SiteFrame site={frame} currentPath={`/${page.urlSlug}`} isCanvas>
                  {layout}
                </SiteFrame>
              ) : (
                <main id="main">{layout}</main>
              )}
            </div>
          </CanvasFrame>
        </section>
      </div>
    </div>
  );
}
