import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normaliseHost } from '../features/websites/website.service.ts';
import {
  type ContentCoding,
  codedEtag,
  compressedForm,
  compressPage,
  type PageForm,
  preferredCoding,
} from './page-encoding.ts';

// Rendered public pages, kept in process memory. The rule that keeps it correct:
//
//   every write that can change what a public page shows calls `invalidate(websiteId)`
//   AFTER it commits; a page is only stored if no invalidation of its website happened
//   since its request started, and only served while none has happened since.
//
// Invalidations are ticks of one process-wide clock. A request notes the clock when it
// starts; everything it reads afterwards is at least as new as every invalidation up to
// then (they run after commit), so its HTML is valid until the next tick for its
// website. A render that raced a write is simply not stored. There is no per-page
// bookkeeping to get wrong: any catalog write drops the whole website's pages, which is
// cheap because writes are rare next to page views.
//
// Pages must not depend on the visitor: cart count and signed-in state come from
// islands, and the routes that read a cart or an order (/cart, /checkout, order pages)
// never opt in. The key is host + path + query, so `?format=json` is its own entry.
//
// A hit is answered before Fastify sees the request (`serveEarly`, the server's request
// listener): no routing, hooks, logger or reply objects, just stored bytes, as a static
// file server would. What the hit needs is computed once when the page is stored: the
// miss's own response headers (helmet's CSP and the rest, content type, cache-control,
// ETag), minus anything per visitor (cookies) or per response (length, date). The key
// holds the Host header, which is what picks the website, so a host only gets pages
// rendered for that host. Everything else (a miss, another method, `app.inject` in tests)
// goes through Fastify, where the route's onRequest hook still answers hits.
//
// Several servers on one database each keep their own clock and tell the others about
// each change (`announce`, carried by the database's NOTIFY in app.ts): another server
// drops what changed as soon as the message arrives, milliseconds after the commit.

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * A change as servers tell each other: a website's pages (at a time, for a scheduled
 * page), or, with no website, every website's.
 */
export type ContentChange = { websiteId?: string; at?: number };

type Entry = {
  websiteId: string;
  /** The clock when the request that rendered it started. */
  renderedAt: number;
  /** Encoded once when stored: a hit then writes bytes as a static file server does. */
  body: Buffer;
  etag: string;
  bytes: number;
  /** The miss's response headers as a hit sends them, with and without the body. */
  headers: Headers;
  notModifiedHeaders: Headers;
  /** Brotli and gzip forms, each made by the first request that accepts it (page-encoding.ts). */
  compressed: Partial<Record<ContentCoding, PageForm>>;
};

type Pending = { startedAt: number; websiteId?: string };

/** 32 MB of pages keeps the server well under its memory budget (docs/PERFORMANCE.md). */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Page renders under way at once. More do not finish sooner (the embedded database has one
 * session, React renders on the one thread) but each holds its query results and HTML in
 * memory: 50 at once peaked the server at ~430 MB. The rest wait in arrival order.
 */
const MAX_RENDERS = 4;
/** Remembered reads (hosts, websites, navigation…): bounded, since a host is visitor input. */
const MAX_READS = 2000;
/**
 * And bounded by size, as the pages are: a store with large collections remembers a list
 * of hundreds of products per category, so a count alone could hold far more than the
 * server's memory budget allows. Measured as the read's JSON length, which undercounts
 * its size in the heap (2–4× as objects), so 8 MB here is ~16–32 MB of heap.
 */
const MAX_READ_BYTES = 8 * 1024 * 1024;

type Read = {
  websiteId: string | undefined;
  loadedAt: number;
  value: Promise<unknown>;
  /** Its JSON length once loaded; 0 while loading. */
  bytes: number;
};

export function createPageCache({
  isEnabled,
  maxBytes = DEFAULT_MAX_BYTES,
  maxReads = MAX_READS,
  maxReadBytes = MAX_READ_BYTES,
  announce = () => {},
}: {
  isEnabled: boolean;
  maxBytes?: number;
  maxReads?: number;
  maxReadBytes?: number;
  /** Tells the other servers on the same database about a change made here. */
  announce?: (change: ContentChange) => void;
}) {
  let clock = 0;
  /** When each website last changed; absent means not since this process started. */
  const changedAt = new Map<string, number>();
  /** When every website last changed at once (a new website can change host routing). */
  let allChangedAt = 0;
  /** Changes that happen by the clock (a scheduled page going live), earliest first. */
  const scheduled = new Map<string, number[]>();
  // A Map iterates in insertion order, so re-inserting on a hit makes it an LRU.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  let earlyHits = 0;
  const pending = new WeakMap<FastifyRequest, Pending>();
  const reads = new Map<string, Read>();
  let readBytes = 0;
  let rendering = 0;
  /** Renders waiting for a slot; each is handed the slot of a render that finished. */
  const waiting: Array<() => void> = [];

  function releaseRender() {
    const next = waiting.shift();
    if (next) next();
    else rendering -= 1;
  }

  /**
   * Holds one of MAX_RENDERS slots until the response ends or the visitor goes away; a
   * visitor who left while waiting passes the slot straight on.
   */
  async function awaitRenderSlot(reply: FastifyReply): Promise<void> {
    let isOwner = false;
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      if (isOwner) releaseRender();
    };
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
    if (rendering < MAX_RENDERS) {
      rendering += 1;
      isOwner = true;
      return;
    }
    await new Promise<void>((resolve) => {
      waiting.push(() => {
        isOwner = true;
        if (isDone) releaseRender();
        resolve();
      });
    });
  }

  const keyOf = (request: FastifyRequest | IncomingMessage) =>
    `${request.method === 'HEAD' ? 'GET' : request.method} ${normaliseHost(request.headers.host)}${request.url}`;

  /** The stored page for `key` while it is current, moved to the LRU's young end. */
  function lookup(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (!isFresh(entry.websiteId, entry.renderedAt)) {
      remove(key, entry);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function tick(websiteId: string) {
    clock += 1;
    changedAt.set(websiteId, clock);
  }

  function schedule(websiteId: string, when: number) {
    const due = scheduled.get(websiteId) ?? [];
    due.push(when);
    due.sort((a, b) => a - b);
    scheduled.set(websiteId, due);
  }

  function tickAll() {
    clock += 1;
    allChangedAt = clock;
  }

  /** A change another server made, as it announced it: applied here, not announced again. */
  function apply(change: ContentChange) {
    if (change.websiteId === undefined) tickAll();
    else if (change.at === undefined) tick(change.websiteId);
    else schedule(change.websiteId, change.at);
  }

  function isFresh(websiteId: string, renderedAt: number): boolean {
    const due = scheduled.get(websiteId);
    if (due?.[0] !== undefined && due[0] <= Date.now()) {
      while (due[0] !== undefined && due[0] <= Date.now()) due.shift();
      if (due.length === 0) scheduled.delete(websiteId);
      // Every server reaches the time on its own: nothing to announce.
      tick(websiteId);
    }
    return (changedAt.get(websiteId) ?? 0) <= renderedAt && allChangedAt <= renderedAt;
  }

  /**
   * A read remembered until the next tick for its website (or for all websites, when it
   * belongs to none yet): the same rule as a page, applied to what pages are built from.
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
          ? clock === known.loadedAt
          : isFresh(known.websiteId, known.loadedAt);
      if (isCurrent) {
        // Re-inserted at the young end: the table is an LRU, like the pages.
        reads.delete(key);
        reads.set(key, known);
        // Typed by the key: each key is only ever filled by the one loader that asks for it.
        return known.value as Promise<T>;
      }
      forgetRead(key, known);
    }
    const read: Read = { websiteId, loadedAt: clock, value: load(), bytes: 0 };
    read.value.then(
      (value) => {
        if (reads.get(key) !== read) return;
        const websiteId = websiteOf(value as T);
        // An unknown host is not remembered: visitors choose hosts, and a new website can
        // make it known at any time.
        if (websiteId === undefined) {
          forgetRead(key, read);
          return;
        }
        read.websiteId = websiteId;
        const bytes = jsonLength(value);
        // A read larger than the whole budget (or not measurable) is answered but not
        // kept, and not at the cost of every other.
        if (bytes === undefined || bytes > maxReadBytes) {
          forgetRead(key, read);
          return;
        }
        read.bytes = bytes;
        readBytes += bytes;
        makeRoomForReads();
      },
      () => forgetRead(key, read),
    );
    reads.set(key, read);
    // Visitors choose product and page addresses: a flood of unknown ones pushes out the
    // least recently used reads, not the ones every page uses.
    makeRoomForReads();
    return read.value as Promise<T>;
  }

  function forgetRead(key: string, read: Read) {
    if (reads.get(key) !== read) return;
    reads.delete(key);
    readBytes -= read.bytes;
  }

  function makeRoomForReads() {
    for (const [key, read] of reads) {
      const isOverCount = reads.size > maxReads;
      if (!isOverCount && readBytes <= maxReadBytes) return;
      // A read still loading frees no bytes, and requests may be sharing it.
      if (isOverCount || read.bytes > 0) forgetRead(key, read);
    }
  }

  /** The entry as the request accepts it; a compressed form is made once and kept. */
  function formFor(entry: Entry, coding: ContentCoding | undefined): PageForm {
    if (coding === undefined) return entry;
    let form = entry.compressed[coding];
    if (!form) {
      form = compressedForm(entry, coding);
      entry.compressed[coding] = form;
      entry.bytes += form.body.length;
      totalBytes += form.body.length;
    }
    return form;
  }

  function remove(key: string, entry: Entry) {
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { body: string | Buffer; etag: string },
  ) {
    reply.header('etag', page.etag);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) {
      return reply.status(304).send();
    }
    return reply.send(page.body);
  }

  /**
   * A page the cache never keeps (a visitor's cart or checkout, an order, an error page):
   * compressed on each request that accepts it, ~0.3 ms of CPU for ~4x fewer bytes.
   */
  function sendUncached(request: FastifyRequest, reply: FastifyReply, body: string) {
    reply.header('vary', 'Accept-Encoding');
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (coding === undefined) return reply.send(body);
    reply.header('content-encoding', coding);
    return reply.send(compressPage(Buffer.from(body), coding));
  }

  return {
    isEnabled,

    /** Every public page of the website may have changed: call after the write commits. */
    invalidate(websiteId: string) {
      tick(websiteId);
      announce({ websiteId });
    },

    /** The website's pages will change at `when` with no write (a page scheduled to go live). */
    invalidateAt(websiteId: string, when: Date) {
      schedule(websiteId, when.getTime());
      announce({ websiteId, at: when.getTime() });
    },

    /** Every website's pages may have changed (a website or a domain was added). */
    invalidateAll() {
      tickAll();
      announce({});
    },

    /** Applies a change another server announced (see `announce`). */
    apply,

    /**
     * onRequest hook of a cacheable page route: answers from the cache when it can, and
     * otherwise notes when the request started so its page can be stored.
     */
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      pending.set(request, { startedAt: clock });
      const entry = isEnabled ? lookup(keyOf(request)) : undefined;
      // Noted before a wait, the start is only earlier than the reads: still safe to store.
      if (!entry) return awaitRenderSlot(reply);
      const form = formFor(entry, preferredCoding(request.headers['accept-encoding']));
      if (matchesEtag(request.headers['if-none-match'], form.etag)) {
        return reply.headers(form.notModifiedHeaders).status(304).send();
      }
      return reply.headers(form.headers).send(form.body);
    },

    /**
     * The server's request listener calls this first: answers a current cached page
     * (200, HEAD or 304) straight from the stored bytes and headers and returns true, or
     * returns false and Fastify handles the request.
     */
    serveEarly(request: IncomingMessage, response: ServerResponse): boolean {
      if (!isEnabled || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
      const entry = lookup(keyOf(request));
      if (!entry) return false;
      earlyHits += 1;
      const form = formFor(entry, preferredCoding(request.headers['accept-encoding']));
      if (matchesEtag(request.headers['if-none-match'], form.etag)) {
        response.writeHead(304, form.notModifiedHeaders).end();
      } else if (request.method === 'HEAD') {
        response.writeHead(200, form.headers).end();
      } else {
        response.writeHead(200, form.headers).end(form.body);
      }
      return true;
    },

    /** Says which website the request's page belongs to (known once the host resolves). */
    attach(request: FastifyRequest, websiteId: string) {
      const state = pending.get(request);
      if (state) state.websiteId = websiteId;
    },

    /**
     * Sends a rendered page: stored when the route is cacheable, the answer is a plain 200
     * and no write to its website happened during the render; 304 when the browser's copy
     * is current.
     */
    send(reply: FastifyReply, body: string) {
      const request = reply.request;
      const state = pending.get(request);
      if (!state || reply.statusCode !== 200) return sendUncached(request, reply, body);
      // Encoded once: hashed, stored and sent as the same bytes.
      const encoded = Buffer.from(body);
      const etag = etagOf(encoded);
      const isStorable =
        isEnabled &&
        state.websiteId !== undefined &&
        // A route that marks its answer private or no-store (a members-only page) opts out.
        !/no-store|private/.test(String(reply.getHeader('cache-control') ?? '')) &&
        isFresh(state.websiteId, state.startedAt);
      // The same address is sent compressed or not by Accept-Encoding: caches must key on it.
      reply.header('vary', 'Accept-Encoding');
      const coding = preferredCoding(request.headers['accept-encoding']);
      let stored: Entry | undefined;
      if (isStorable && state.websiteId !== undefined) {
        const key = keyOf(request);
        const previous = entries.get(key);
        if (previous) remove(key, previous);
        const bytes = encoded.length + key.length;
        const headers = storedHeaders(reply.getHeaders(), etag);
        stored = {
          websiteId: state.websiteId,
          renderedAt: state.startedAt,
          body: encoded,
          etag,
          bytes,
          headers: { ...headers, 'content-length': String(encoded.length), 'x-page-cache': 'hit' },
          notModifiedHeaders: { ...headers, 'x-page-cache': 'hit' },
          compressed: {},
        };
        entries.set(key, stored);
        totalBytes += bytes;
        // Made here, before the size check counts it; kept for the hits that accept it.
        formFor(stored, coding);
        for (const [oldKey, old] of entries) {
          if (totalBytes <= maxBytes) break;
          remove(oldKey, old);
        }
      }
      if (isEnabled) reply.header('x-page-cache', 'miss');
      if (coding === undefined) return answer(request, reply, { body: encoded, etag });
      reply.header('content-encoding', coding);
      return answer(
        request,
        reply,
        stored
          ? formFor(stored, coding)
          : { body: compressPage(encoded, coding), etag: codedEtag(etag, coding) },
      );
    },

    /**
     * `load()` remembered per website until the next change of it: the website row,
     * navigation, header and footer, templates and preferences that every page and cart
     * call reads. Independent of PAGE_CACHE: the writes that tick the clock are exactly
     * the writes these reads depend on.
     */
    rememberForWebsite<T>(websiteId: string, name: string, load: () => Promise<T>): Promise<T> {
      return remember(`${websiteId}|${name}`, () => websiteId, load, websiteId);
    },

    /** The website a host reaches, remembered until it or the set of websites changes. */
    rememberHost<T extends { id: string } | undefined>(
      hostHeader: string | undefined,
      load: () => Promise<T>,
    ): Promise<T> {
      return remember(`host|${normaliseHost(hostHeader)}`, (website: T) => website?.id, load);
    },

    /** For tests and the benchmark's report. */
    stats: () => ({
      entries: entries.size,
      bytes: totalBytes,
      earlyHits,
      rendering,
      waiting: waiting.length,
      reads: reads.size,
      readBytes,
    }),
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

/** Headers every visitor may get: never a cookie, and nothing about one response. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'date',
  'connection',
  'x-page-cache',
]);

type Headers = Record<string, string | string[]>;

function storedHeaders(
  headers: Record<string, string | number | string[] | undefined>,
  etag: string,
): Headers {
  const kept: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_RESPONSE.has(name.toLowerCase())) continue;
    kept[name] = typeof value === 'number' ? String(value) : value;
  }
  kept.etag = etag;
  return kept;
}

function etagOf(body: Buffer): string {
  return `"${hash('sha1', body, 'base64url')}"`;
}

/** If-None-Match holds one or more tags, or `*`; weak tags compare equal to strong ones. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
