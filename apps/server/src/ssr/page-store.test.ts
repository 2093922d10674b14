import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createContentClock } from './content-clock.ts';
import { createPageStore } from './page-store.ts';

const page = (key: string, text: string, websiteId = 'w1', renderedAt = 0) => ({
  key,
  websiteId,
  renderedAt,
  body: Buffer.from(text),
  etag: `"${key}"`,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  notModifiedHeaders: {},
});

describe('page store', () => {
  it('hands a page out only while its website has not changed since it was rendered', () => {
    const clock = createContentClock();
    const store = createPageStore({ isFresh: clock.isFresh });
    store.store(page('GET a/', 'home', 'w1', clock.read()), undefined);
    store.store(page('GET b/', 'home', 'w2', clock.read()), undefined);
    expect(store.lookup('GET a/')?.body.toString()).toBe('home');
    clock.tick('w1');
    expect(store.lookup('GET a/')).toBeUndefined();
    expect(store.lookup('GET b/')).toBeDefined();
    expect(store.stats().entries).toBe(1);
  });

  it('stays within its bytes, dropping the least recently used page first', () => {
    // Each page costs its body and key: 100 + 6 bytes; three fit.
    const store = createPageStore({ maxBytes: 330, isFresh: () => true });
    for (const name of ['a', 'b', 'c'])
      store.store(page(`GET /${name}`, 'x'.repeat(100)), undefined);
    expect(store.stats()).toEqual({ entries: 3, bytes: 318 });
    store.lookup('GET /a');
    store.store(page('GET /d', 'x'.repeat(100)), undefined);
    expect(store.lookup('GET /b')).toBeUndefined();
    expect(['GET /a', 'GET /c', 'GET /d'].map((key) => store.lookup(key) !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
    // A page larger than the whole budget is not kept, and pushes nothing out.
    store.store(page('GET /huge', 'x'.repeat(1_000)), undefined);
    expect(store.lookup('GET /huge')).toBeUndefined();
    expect(store.stats().entries).toBe(3);
  });

  it('makes each compressed form once and counts it against the budget', () => {
    const store = createPageStore({ isFresh: () => true });
    const html = `<p>${'woven linen '.repeat(200)}</p>`;
    const stored = store.store(page('GET /', html), 'gzip');
    const gzip = stored.compressed.gzip;
    expect(gzip && gunzipSync(gzip.body).toString()).toBe(html);
    expect(gzip?.etag).toBe('"GET /-gzip"');
    expect(store.formFor(stored, 'gzip')).toBe(gzip);
    expect(store.formFor(stored, undefined)).toBe(stored);
    const withGzip = store.stats().bytes;
    expect(withGzip).toBe(html.length + 'GET /'.length + (gzip?.body.length ?? 0));
    const br = store.formFor(stored, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(store.stats().bytes).toBe(withGzip + br.body.length);
  });
});
