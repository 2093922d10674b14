import { describe, expect, it } from 'vitest';
import { createContentClock } from './content-clock.ts';
import { createRememberedReads } from './remembered-reads.ts';

describe('remembered reads', () => {
  it('keeps the reads in use when visitors ask for many unknown addresses', async () => {
    const clock = createContentClock();
    const cache = createRememberedReads({ clock, maxReads: 10 });
    const loads = { site: 0, product: 0 };
    const site = () =>
      cache.forWebsite('w1', 'navigation', async () => {
        loads.site += 1;
        return 'menu';
      });
    const product = () =>
      cache.forWebsite('w1', 'product|shop|mug', async () => {
        loads.product += 1;
        return 'mug';
      });
    await site();
    await product();
    // Thirty addresses nobody asks for twice; every page still reads the navigation.
    for (let n = 0; n < 30; n += 1) {
      await cache.forWebsite('w1', `list|unknown-${n}|`, async () => undefined);
      expect(await site()).toBe('menu');
    }
    expect(loads.site).toBe(1);
    // The product was not read while they came, so it made room and is read again.
    expect(await product()).toBe('mug');
    expect(loads.product).toBe(2);
    // A change of the website still drops what was remembered.
    clock.tick('w1');
    await site();
    expect(loads.site).toBe(2);
  });

  it('keeps remembered reads within their size, dropping the least recently used first', async () => {
    // Each list below is ~1,000 bytes of JSON; the budget holds three of them.
    const clock = createContentClock();
    const cache = createRememberedReads({ clock, maxReadBytes: 3_500 });
    const loads: Record<string, number> = {};
    const list = (name: string) =>
      cache.forWebsite('w1', `list|${name}`, async () => {
        loads[name] = (loads[name] ?? 0) + 1;
        return {
          products: Array.from({ length: 10 }, (_, n) => ({
            id: `${name}-${n}`,
            title: 'x'.repeat(80),
          })),
        };
      });
    for (const name of ['a', 'b', 'c']) await list(name);
    expect(cache.stats()).toMatchObject({ reads: 3 });
    expect(cache.stats().readBytes).toBeGreaterThan(3_000);
    await list('a'); // now the most recently used
    await list('d'); // pushes out b, the least recently used
    expect(cache.stats().reads).toBe(3);
    expect(cache.stats().readBytes).toBeLessThanOrEqual(3_500);
    await list('a');
    await list('c');
    expect(loads).toEqual({ a: 1, b: 1, c: 1, d: 1 });
    await list('b');
    expect(loads.b).toBe(2);

    // One read larger than the whole budget is answered, not kept, and evicts nothing.
    const before = cache.stats();
    const huge = await cache.forWebsite('w1', 'list|huge', async () => 'x'.repeat(10_000));
    expect(huge).toHaveLength(10_000);
    expect(cache.stats()).toMatchObject({ reads: before.reads, readBytes: before.readBytes });

    // A change of the website drops them all from use; the bytes go as they are replaced.
    clock.tick('w1');
    await list('a');
    expect(loads.a).toBe(2);
    expect(cache.stats().readBytes).toBeLessThanOrEqual(3_500);
  });

  it('never drops a read that is still loading to make room: requests share it', async () => {
    const cache = createRememberedReads({ clock: createContentClock(), maxReadBytes: 1_000 });
    let loads = 0;
    let finish: (value: string) => void = () => {};
    const slow = () =>
      cache.forWebsite('w1', 'product|slow', () => {
        loads += 1;
        return new Promise<string>((resolve) => {
          finish = resolve;
        });
      });
    const first = slow();
    // Two finished reads that together go over the budget while the slow one loads.
    await cache.forWebsite('w1', 'list|a', async () => 'a'.repeat(600));
    await cache.forWebsite('w1', 'list|b', async () => 'b'.repeat(600));
    const second = slow();
    finish('mug');
    expect(await Promise.all([first, second])).toEqual(['mug', 'mug']);
    expect(loads).toBe(1);
    expect(cache.stats().readBytes).toBeLessThanOrEqual(1_000);
  });

  it("remembers a host's website until that website or the set of websites changes", async () => {
    const clock = createContentClock();
    const cache = createRememberedReads({ clock });
    let loads = 0;
    const resolve = (host: string) =>
      cache.host(host, async () => {
        loads += 1;
        return host === 'unknown.example' ? undefined : { id: 'w1' };
      });
    await resolve('shop.example');
    await resolve('shop.example');
    expect(loads).toBe(1);
    clock.tick('w2');
    await resolve('shop.example');
    expect(loads).toBe(1);
    clock.tick('w1');
    await resolve('shop.example');
    expect(loads).toBe(2);
    clock.tickAll();
    await resolve('shop.example');
    expect(loads).toBe(3);
    // An unknown host is asked again every time: a new website may claim it.
    await resolve('unknown.example');
    await resolve('unknown.example');
    expect(loads).toBe(5);
  });
});
