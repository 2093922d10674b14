import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normaliseHost } from '../features/websites/website.service.ts';
import { type ContentChange, createContentClock } from './content-clock.ts';
import { codedEtag, compressPage, preferredCoding } from './page-encoding.ts';
import { createPageStore, DEFAULT_MAX_BYTES, type Headers, type StoredPage } from './page-store.ts';
import { createRememberedReads } from './remembered-reads.ts';
import { createRenderSlots } from './render-slots.ts';

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
// never opt in. The one exception is the menu of a site with member areas: a route says
// so (`variesWithCookies`), its public page is stored for requests without those
// cookies, and a page rendered for a request with one is private. The key is host + path + query, so `?format=json` is its own entry.
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
//
// This file is the HTTP side; the mechanisms are their own files, each with its tests:
// the content clock (content-clock.ts), the stored pages (page-store.ts), reads pages are
// built from (remembered-reads.ts) and the limit on renders at once (render-slots.ts).

export type PageCache = ReturnType<typeof createPageCache>;
export type { ContentChange };

type Pending = { startedAt: number; websiteId?: string; bypassCookies?: readonly string[] };

/**
 * Whether a raw Cookie header holds a non-empty value for one of these names. Read from
 * the header, not a parsed jar, since `serveEarly` answers before any plugin runs.
 */
export function carriesCookie(header: string | undefined, names: readonly string[]): boolean {
  if (!header || names.length === 0) return false;
  return header.split(';').some((part) => {
    const index = part.indexOf('=');
    return (
      index > 0 &&
      names.includes(part.slice(0, index).trim()) &&
      part.slice(index + 1).trim() !== ''
    );
  });
}

export function createPageCache({
  isEnabled,
  maxBytes = DEFAULT_MAX_BYTES,
  maxReads,
  maxReadBytes,
  announce = () => {},
}: {
  isEnabled: boolean;
  maxBytes?: number;
  maxReads?: number;
  maxReadBytes?: number;
  /** Tells the other servers on the same database about a change made here. */
  announce?: (change: ContentChange) => void;
}) {
  const clock = createContentClock();
  const store = createPageStore({ maxBytes, isFresh: clock.isFresh });
  const reads = createRememberedReads({
    clock,
    ...(maxReads !== undefined && { maxReads }),
    ...(maxReadBytes !== undefined && { maxReadBytes }),
  });
  const slots = createRenderSlots();
  let earlyHits = 0;
  const pending = new WeakMap<FastifyRequest, Pending>();

  const keyOf = (request: FastifyRequest | IncomingMessage) =>
    `${request.method === 'HEAD' ? 'GET' : request.method} ${normaliseHost(request.headers.host)}${request.url}`;

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

  /** A stored page, unless the request carries a cookie with which it would look different. */
  const usableFor = (
    request: { headers: { cookie?: string | undefined } },
    page: StoredPage | undefined,
  ) =>
    page && !carriesCookie(request.headers.cookie, page.bypassCookies ?? []) ? page : undefined;

  return {
    isEnabled,

    /**
     * Says that the request's page would look different to a visitor carrying one of these
     * cookies (a signed-in customer's or an editor's menu lists member areas, issue 23).
     * A page rendered without them is stored and served only to requests without them; a
     * page rendered with one is that visitor's own: `private, no-store`, never stored.
     */
    variesWithCookies(request: FastifyRequest, names: readonly string[]) {
      const state = pending.get(request);
      if (state) state.bypassCookies = names;
    },

    /** Every public page of the website may have changed: call after the write commits. */
    invalidate(websiteId: string) {
      clock.tick(websiteId);
      announce({ websiteId });
    },

    /** The website's pages will change at `when` with no write (a page scheduled to go live). */
    invalidateAt(websiteId: string, when: Date) {
      clock.schedule(websiteId, when.getTime());
      announce({ websiteId, at: when.getTime() });
    },

    /** Every website's pages may have changed (a website or a domain was added). */
    invalidateAll() {
      clock.tickAll();
      announce({});
    },

    /** A change another server announced (see `announce`): applied here, not announced again. */
    apply: clock.apply,

    /**
     * onRequest hook of a cacheable page route: answers from the cache when it can, and
     * otherwise notes when the request started so its page can be stored.
     */
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      pending.set(request, { startedAt: clock.read() });
      const page = isEnabled ? usableFor(request, store.lookup(keyOf(request))) : undefined;
      // Noted before a wait, the start is only earlier than the reads: still safe to store.
      if (!page) return slots.acquire(reply.raw);
      const form = store.formFor(page, preferredCoding(request.headers['accept-encoding']));
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
      const page = usableFor(request, store.lookup(keyOf(request)));
      if (!page) return false;
      earlyHits += 1;
      const form = store.formFor(page, preferredCoding(request.headers['accept-encoding']));
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
      if (state?.bypassCookies && carriesCookie(request.headers.cookie, state.bypassCookies)) {
        reply.header('cache-control', 'private, no-store');
      }
      if (!state || reply.statusCode !== 200) return sendUncached(request, reply, body);
      // Encoded once: hashed, stored and sent as the same bytes.
      const encoded = Buffer.from(body);
      const etag = etagOf(encoded);
      const isStorable =
        isEnabled &&
        state.websiteId !== undefined &&
        // A route that marks its answer private or no-store (a members-only page) opts out.
        !/no-store|private/.test(String(reply.getHeader('cache-control') ?? '')) &&
        clock.isFresh(state.websiteId, state.startedAt);
      // The same address is sent compressed or not by Accept-Encoding: caches must key on it.
      reply.header('vary', 'Accept-Encoding');
      const coding = preferredCoding(request.headers['accept-encoding']);
      let stored: StoredPage | undefined;
      if (isStorable && state.websiteId !== undefined) {
        const headers = storedHeaders(reply.getHeaders(), etag);
        stored = store.store(
          {
            key: keyOf(request),
            websiteId: state.websiteId,
            renderedAt: state.startedAt,
            body: encoded,
            etag,
            headers: {
              ...headers,
              'content-length': String(encoded.length),
              'x-page-cache': 'hit',
            },
            notModifiedHeaders: { ...headers, 'x-page-cache': 'hit' },
            bypassCookies: state.bypassCookies,
          },
          coding,
        );
      }
      if (isEnabled) reply.header('x-page-cache', 'miss');
      if (coding === undefined) return answer(request, reply, { body: encoded, etag });
      reply.header('content-encoding', coding);
      return answer(
        request,
        reply,
        stored
          ? store.formFor(stored, coding)
          : { body: compressPage(encoded, coding), etag: codedEtag(etag, coding) },
      );
    },

    /**
     * `load()` remembered per website until the next change of it: the website row,
     * navigation, header and footer, templates and preferences that every page and cart
     * call reads. Independent of PAGE_CACHE: the writes that tick the clock are exactly
     * the writes these reads depend on.
     */
    rememberForWebsite: reads.forWebsite,

    /** The website a host reaches, remembered until it or the set of websites changes. */
    rememberHost<T extends { id: string } | undefined>(
      hostHeader: string | undefined,
      load: () => Promise<T>,
    ): Promise<T> {
      return reads.host(normaliseHost(hostHeader), load);
    },

    /** For tests and the benchmark's report. */
    stats: () => ({ ...store.stats(), earlyHits, ...slots.stats(), ...reads.stats() }),
  };
}

/** Headers every visitor may get: never a cookie, and nothing about one response. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'date',
  'connection',
  'x-page-cache',
]);

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
