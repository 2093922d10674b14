import type { SiteView } from '@atelier/contract';
import {
  type DesignTags,
  Document,
  type HeadData,
} from '@atelier/web/storefront/layout/Document.tsx';
import { type CustomRegions, SiteFrame } from '@atelier/web/storefront/layout/SiteFrame.tsx';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { StorefrontAssets } from './assets.ts';

export type PageRender = {
  site: SiteView;
  head: HeadData;
  currentPath: string;
  body: ReactNode;
  /** Developer-mode header and footer, when the website has templates for them. */
  regions?: CustomRegions | undefined;
};

/** A complete HTML document: everything a visitor needs is in it without JavaScript. */
export function renderDocument(
  page: PageRender,
  assets: StorefrontAssets,
  design?: DesignTags,
): string {
  const html = renderToString(
    <Document site={page.site} head={page.head} assets={assets} design={design}>
      <SiteFrame site={page.site} currentPath={page.currentPath} regions={page.regions}>
        {page.body}
      </SiteFrame>
    </Document>,
  );
  return `<!doctype html>${html}`;
}
