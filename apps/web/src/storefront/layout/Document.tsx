import type { AnalyticsTag, SiteView } from '@atelier/contract';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';

export type HeadData = {
  title: string;
  description: string;
  /** Absolute or root-relative canonical path of this page. */
  path: string;
  openGraph?: { type: string; image?: string | undefined };
  /** JSON-LD structured data, serialised safely into a script element. */
  structuredData?: object;
  /**
   * Largest image of the page, preloaded so it paints early: `srcset` and `sizes` must be
   * its `<img>`'s own, or the browser fetches it twice.
   */
  preloadImage?: { href: string; srcset: string; sizes: string } | undefined;
  /** Keep the page out of search engines (a paywalled page, locked or not). */
  isNoIndex?: boolean;
  /** The analytics collector's facts; absent on a page that is never tracked. */
  track?: AnalyticsTag | undefined;
};

export type AssetTags = {
  /** Inlined site stylesheet: one small file, cheaper inline than a blocking request. */
  css: string;
  /** Hashed entry of the island runtime (a few hundred bytes; React loads only on demand). */
  islandScript: string | undefined;
  modulePreloads: string[];
};

/**
 * The website's design (issue 25): its style guide as CSS (fonts' @font-face rules and
 * custom properties, after the site stylesheet so they win) and the font files worth
 * preloading, the body's and the headings'.
 */
export type DesignTags = { css: string; preloads: string[] };

type DocumentProps = {
  site: SiteView;
  head: HeadData;
  assets: AssetTags;
  design?: DesignTags | undefined;
  children: ReactNode;
};

// `</script>` inside JSON would end the element early; `<` as \u003c keeps JSON valid.
export const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function Document({ site, head, assets, design, children }: DocumentProps) {
  if (head.preloadImage) {
    // Through React, not a <link> of our own: React preloads every eager <img> it renders
    // by itself, keyed by srcset and sizes, so a second link made here was a second
    // preload of the same image (one without href, one with). Asked first, ours is the
    // key the page's <img> then finds taken; with a srcset React leaves href out, so a
    // browser without imagesrcset fetches nothing it will not use.
    preload(head.preloadImage.href, {
      as: 'image',
      imageSrcSet: head.preloadImage.srcset,
      imageSizes: head.preloadImage.sizes,
      fetchPriority: 'high',
    });
  }
  const title = head.title === site.title ? site.title : `${head.title} — ${site.title}`;
  return (
    <html lang={site.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {/* No favicon yet: an empty data URL stops a request that would 404. */}
        <link rel="icon" href="data:," />
        <meta name="description" content={head.description} />
        {head.isNoIndex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={head.path} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:type" content={head.openGraph?.type ?? 'website'} />
        <meta property="og:url" content={head.path} />
        {head.openGraph?.image ? <meta property="og:image" content={head.openGraph.image} /> : null}
        {design?.preloads.map((href) => (
          // Fonts are fetched in CORS mode even from our own origin: without crossOrigin
          // the preload would not match the @font-face request and be fetched twice.
          <link
            key={href}
            rel="preload"
            as="font"
            type="font/woff2"
            href={href}
            crossOrigin="anonymous"
          />
        ))}
        {assets.islandScript ? (
          <>
            <script type="module" src={assets.islandScript} />
            {assets.modulePreloads.map((href) => (
              <link key={href} rel="modulepreload" href={href} />
            ))}
          </>
        ) : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet */}
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        {design ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: made by the server from a validated style guide
          <style dangerouslySetInnerHTML={{ __html: design.css }} />
        ) : null}
        {head.structuredData ? (
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by safeJson
            dangerouslySetInnerHTML={{ __html: safeJson(head.structuredData) }}
          />
        ) : null}
      </head>
      <body data-track={head.track ? JSON.stringify(head.track) : undefined}>{children}</body>
    </html>
  );
}
