import { LRUCache } from 'lru-cache';
import { type ContentCoding, compressedForm, type PageForm } from './page-encoding.ts';

// Rendered pages as a hit sends them, in an LRU bounded by bytes (lru-cache). A page is
// kept with the clock reading at which its request started and is only handed out while
// its website has not changed since (`isFresh`, the content clock); a stale page is
// dropped when it is looked up.

export type PageStore = ReturnType<typeof createPageStore>;
export type Headers = Record<string, string | string[]>;

/** 32 MB of pages keeps the server well under its memory budget (docs/PERFORMANCE.md). */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export type StoredPage = PageForm & {
  key: string;
  websiteId: string;
  /** The clock when the request that rendered it started. */
  renderedAt: number;
  /** What it costs the budget: its bytes, its key and every compressed form made. */
  bytes: number;
  /** Brotli and gzip forms, each made by the first request that accepts it (page-encoding.ts). */
  compressed: Partial<Record<ContentCoding, PageForm>>;
  /**
   * Cookies with which a visitor would have been shown another page (a member's menu,
   * issue 23): a request carrying one is not served this page, it is rendered.
   */
  bypassCookies?: readonly string[] | undefined;
};

export function createPageStore({
  maxBytes = DEFAULT_MAX_BYTES,
  isFresh,
}: {
  maxBytes?: number;
  isFresh: (websiteId: string, renderedAt: number) => boolean;
}) {
  // Boxed: lru-cache recounts an entry's size only when a different value is set, and a
  // page grows in place when a compressed form is added.
  const pages = new LRUCache<string, { page: StoredPage }>({ maxSize: maxBytes });

  /** The page in the form the request accepts; a compressed form is made once and kept. */
  function formFor(page: StoredPage, coding: ContentCoding | undefined): PageForm {
    if (coding === undefined) return page;
    let form = page.compressed[coding];
    if (!form) {
      form = compressedForm(page, coding);
      page.compressed[coding] = form;
      page.bytes += form.body.length;
      // Counted against the budget, unless the page has left the store meanwhile.
      if (pages.peek(page.key)?.page === page) pages.set(page.key, { page }, { size: page.bytes });
    }
    return form;
  }

  return {
    /** The page for `key` while it is current, made the most recently used. */
    lookup(key: string): StoredPage | undefined {
      const page = pages.get(key)?.page;
      if (page && !isFresh(page.websiteId, page.renderedAt)) {
        pages.delete(key);
        return undefined;
      }
      return page;
    },

    /**
     * Keeps a rendered page, with the compressed form its own request wants made first
     * so the budget counts it; least recently used pages leave to make room.
     */
    store(
      page: Omit<StoredPage, 'bytes' | 'compressed'>,
      coding: ContentCoding | undefined,
    ): StoredPage {
      const stored: StoredPage = {
        ...page,
        bytes: page.body.length + page.key.length,
        compressed: {},
      };
      if (coding !== undefined) {
        const form = compressedForm(stored, coding);
        stored.compressed[coding] = form;
        stored.bytes += form.body.length;
      }
      pages.set(page.key, { page: stored }, { size: stored.bytes });
      return stored;
    },

    formFor,

    stats: () => ({ entries: pages.size, bytes: pages.calculatedSize }),
  };
}
