import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Compressed forms of a rendered page, for the page cache (page-cache.ts). A stored page
// is compressed at most once per coding, by the first request that accepts it, and kept
// beside the page: hits then write stored bytes whatever the coding. A request without
// Accept-Encoding gets the page exactly as rendered.
//
// Fast settings on purpose: brotli quality 5 takes ~0.4 ms of CPU for a product page
// (28 KB -> 6.2 KB; gzip level 6, ~0.2 ms -> 6.7 KB) on the request that pays for it.
// Brotli's maximum quality sends ~8% fewer bytes (5.7 KB) for ~28 ms, 60 times the CPU,
// with the one thread blocked. Build assets, compressed once per deploy, use the maximum
// (scripts/build.mjs).

export type ContentCoding = 'br' | 'gzip';

type Headers = Record<string, string | string[]>;

/** A page in one coding: what a 200 and a 304 send. */
export type PageForm = {
  body: Buffer;
  etag: string;
  headers: Headers;
  notModifiedHeaders: Headers;
};

/**
 * The coding to send for an Accept-Encoding header: brotli before gzip at equal q, never
 * a coding given q=0 (`*` stands for any coding not named), none without the header.
 */
export function preferredCoding(
  acceptEncoding: string | string[] | undefined,
): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const qualities = new Map<string, number>();
  for (const item of String(acceptEncoding).split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    qualities.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const qualityOf = (coding: ContentCoding) => qualities.get(coding) ?? qualities.get('*') ?? 0;
  const br = qualityOf('br');
  const gzip = qualityOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}

export function compressPage(body: Buffer, coding: ContentCoding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/** Each coding is another representation, so it gets its own tag: `"hash"` -> `"hash-br"`. */
export function codedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

/** A stored page's form in `coding`, with the page's own headers adjusted to it. */
export function compressedForm(page: PageForm, coding: ContentCoding): PageForm {
  const body = compressPage(page.body, coding);
  const etag = codedEtag(page.etag, coding);
  return {
    body,
    etag,
    headers: {
      ...page.headers,
      'content-encoding': coding,
      'content-length': String(body.length),
      etag,
    },
    notModifiedHeaders: { ...page.notModifiedHeaders, 'content-encoding': coding, etag },
  };
}
