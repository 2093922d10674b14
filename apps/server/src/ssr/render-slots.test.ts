import { EventEmitter } from 'node:events';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createPageCache } from './page-cache.ts';
import { createRenderSlots } from './render-slots.ts';

describe('render slots', () => {
  it('lets four renders run, queues the rest in arrival order and hands each slot on', async () => {
    const slots = createRenderSlots({ max: 4 });
    const responses = Array.from({ length: 6 }, () => new EventEmitter());
    const started: number[] = [];
    const acquiring = responses.map((response, n) =>
      slots.acquire(response).then(() => started.push(n)),
    );
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3]));
    expect(slots.stats()).toEqual({ rendering: 4, waiting: 2 });
    responses[1]?.emit('finish');
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3, 4]));
    // 'close' follows 'finish' on a normal end: the slot is given back once, not twice.
    responses[1]?.emit('close');
    expect(slots.stats()).toEqual({ rendering: 4, waiting: 1 });
    for (const response of responses) response.emit('finish');
    await Promise.all(acquiring);
    expect(slots.stats()).toEqual({ rendering: 0, waiting: 0 });
  });

  it('passes the slot straight on when a visitor leaves while waiting', async () => {
    const slots = createRenderSlots({ max: 1 });
    const [first, gone, third] = [new EventEmitter(), new EventEmitter(), new EventEmitter()];
    await slots.acquire(first);
    const goneTurn = slots.acquire(gone);
    let isThirdStarted = false;
    const thirdTurn = slots.acquire(third).then(() => {
      isThirdStarted = true;
    });
    gone.emit('close');
    first.emit('finish');
    await goneTurn;
    await thirdTurn;
    expect(isThirdStarted).toBe(true);
    expect(slots.stats()).toEqual({ rendering: 1, waiting: 0 });
    third.emit('finish');
    expect(slots.stats()).toEqual({ rendering: 0, waiting: 0 });
  });

  it('holds missed pages of a cacheable route to four at once through the page cache', async () => {
    const cache = createPageCache({ isEnabled: false });
    const app = Fastify();
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const started: number[] = [];
    app.get('/:n', { onRequest: cache.onRequest }, async (request, reply) => {
      started.push(Number((request.params as { n: string }).n));
      await gate;
      return cache.send(reply.type('text/html; charset=utf-8'), '<p>page</p>');
    });
    await app.ready();
    const answers = Promise.all(Array.from({ length: 12 }, (_, n) => app.inject({ url: `/${n}` })));
    await vi.waitFor(() => expect(cache.stats().waiting).toBe(8));
    expect(cache.stats().rendering).toBe(4);
    expect(started).toEqual([0, 1, 2, 3]);
    open();
    const done = await answers;
    expect(done.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    expect(started.slice(4)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(cache.stats()).toMatchObject({ rendering: 0, waiting: 0 });
    await app.close();
  });
});
