import type { ContentClock } from './content-clock.ts';

// Reads that pages are built from (the website a host reaches, navigation, a product…),
// each remembered until the next tick of its website: the page cache's rule, applied to
// what pages read, so it holds with PAGE_CACHE=off too.
//
// The table is an LRU bounded by count and by size, hand-made rather than lru-cache's:
// a read still loading is shared by every request that asks meanwhile, has no size yet,
// and must not be dropped to make room for finished ones (only the count bound may drop
// it). lru-cache evicts strictly by recency and would drop a loading read under a flood
// of finished ones, so each waiting request would load it again.

export type RememberedReads = ReturnType<typeof createRememberedReads>;

/** Bounded, since a host or an address is visitor input. */
export const MAX_READS = 2000;
/**
 * And bounded by size, as the pages are: a store with large collections remembers a list
 * of hundreds of products per category, so a count alone could hold far more than the
 * server's memory budget allows. Measured as the read's JSON length, which undercounts
 * its size in the heap (2–4× as objects), so 8 MB here is ~16–32 MB of heap.
 */
export const MAX_READ_BYTES = 8 * 1024 * 1024;

type Read = {
  websiteId: string | undefined;
  loadedAt: number;
  value: Promise<unknown>;
  /** Its JSON length once loaded; 0 while loading. */
  bytes: number;
};

export function createRememberedReads({
  clock,
  maxReads = MAX_READS,
  maxReadBytes = MAX_READ_BYTES,
}: {
  clock: Pick<ContentClock, 'read' | 'isFresh'>;
  maxReads?: number;
  maxReadBytes?: number;
}) {
  // A Map iterates in insertion order, so re-inserting on a hit makes it an LRU.
  const reads = new Map<string, Read>();
  let readBytes = 0;

  /**
   * `load()` remembered until the next tick for its website (or for any website, while
   * it belongs to none yet).
   */
  function remember<T>(
    key: string,
    websiteOf: (value: T) => string | undefined,
    load: () => Promise<T>,
    websiteId?: string,
  ): Promise<T> {
    const known = reads.get(key);
    if (known) {
      // Still loading a host's website: shared only while nothing at all has changed.
      const isCurrent =
        known.websiteId === undefined
          ? clock.read() === known.loadedAt
          : clock.isFresh(known.websiteId, known.loadedAt);
      if (isCurrent) {
        // Re-inserted at the young end: the table is an LRU, like the pages.
        reads.delete(key);
        reads.set(key, known);
        // Typed by the key: each key is only ever filled by the one loader that asks for it.
        return known.value as Promise<T>;
      }
      forget(key, known);
    }
    const read: Read = { websiteId, loadedAt: clock.read(), value: load(), bytes: 0 };
    read.value.then(
      (value) => {
        if (reads.get(key) !== read) return;
        const websiteId = websiteOf(value as T);
        // An unknown host is not remembered: visitors choose hosts, and a new website can
        // make it known at any time.
        if (websiteId === undefined) {
          forget(key, read);
          return;
        }
        read.websiteId = websiteId;
        const bytes = jsonLength(value);
        // A read larger than the whole budget (or not measurable) is answered but not
        // kept, and not at the cost of every other.
        if (bytes === undefined || bytes > maxReadBytes) {
          forget(key, read);
          return;
        }
        read.bytes = bytes;
        readBytes += bytes;
        makeRoom();
      },
      () => forget(key, read),
    );
    reads.set(key, read);
    // Visitors choose product and page addresses: a flood of unknown ones pushes out the
    // least recently used reads, not the ones every page uses.
    makeRoom();
    return read.value as Promise<T>;
  }

  function forget(key: string, read: Read) {
    if (reads.get(key) !== read) return;
    reads.delete(key);
    readBytes -= read.bytes;
  }

  function makeRoom() {
    for (const [key, read] of reads) {
      const isOverCount = reads.size > maxReads;
      if (!isOverCount && readBytes <= maxReadBytes) return;
      // A read still loading frees no bytes, and requests may be sharing it.
      if (isOverCount || read.bytes > 0) forget(key, read);
    }
  }

  return {
    /** `load()` remembered per website until the next change of it. */
    forWebsite<T>(websiteId: string, name: string, load: () => Promise<T>): Promise<T> {
      return remember(`${websiteId}|${name}`, () => websiteId, load, websiteId);
    },

    /** The website a host reaches, remembered until it or the set of websites changes. */
    host<T extends { id: string } | undefined>(
      normalisedHost: string,
      load: () => Promise<T>,
    ): Promise<T> {
      return remember(`host|${normalisedHost}`, (website: T) => website?.id, load);
    },

    stats: () => ({ reads: reads.size, readBytes }),
  };
}

/** A read's size as JSON; undefined for what JSON cannot hold (a BigInt, a cycle). */
function jsonLength(value: unknown): number | undefined {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return undefined;
  }
}
