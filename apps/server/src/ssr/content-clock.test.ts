import { describe, expect, it } from 'vitest';
import { createContentClock } from './content-clock.ts';

describe('content clock', () => {
  it('keeps what was read current until its own website changes', () => {
    const clock = createContentClock();
    const since = clock.read();
    expect(clock.isFresh('w1', since)).toBe(true);
    clock.tick('w2');
    expect(clock.isFresh('w1', since)).toBe(true);
    expect(clock.isFresh('w2', since)).toBe(false);
    clock.tick('w1');
    expect(clock.isFresh('w1', since)).toBe(false);
    // Read after the change: current again.
    expect(clock.isFresh('w1', clock.read())).toBe(true);
  });

  it('makes every website stale at once on a change of all of them', () => {
    const clock = createContentClock();
    const since = clock.read();
    clock.tickAll();
    expect(clock.isFresh('w1', since)).toBe(false);
    expect(clock.isFresh('never-seen', since)).toBe(false);
    expect(clock.isFresh('w1', clock.read())).toBe(true);
  });

  it('changes a website by the clock when a scheduled time passes, once per time', () => {
    let now = 1_000;
    const clock = createContentClock({ now: () => now });
    clock.schedule('w1', 2_000);
    clock.schedule('w1', 1_500);
    const since = clock.read();
    expect(clock.isFresh('w1', since)).toBe(true);
    now = 1_500;
    expect(clock.isFresh('w1', since)).toBe(false);
    const afterFirst = clock.read();
    expect(clock.isFresh('w1', afterFirst)).toBe(true);
    now = 2_500;
    expect(clock.isFresh('w1', afterFirst)).toBe(false);
    const afterBoth = clock.read();
    now = 10_000;
    expect(clock.isFresh('w1', afterBoth)).toBe(true);
  });

  it('applies changes announced by other servers as its own', () => {
    let now = 0;
    const clock = createContentClock({ now: () => now });
    const since = clock.read();
    clock.apply({ websiteId: 'w1' });
    expect(clock.isFresh('w1', since)).toBe(false);
    expect(clock.isFresh('w2', since)).toBe(true);
    const later = clock.read();
    clock.apply({ websiteId: 'w2', at: 100 });
    expect(clock.isFresh('w2', later)).toBe(true);
    now = 100;
    expect(clock.isFresh('w2', later)).toBe(false);
    const last = clock.read();
    clock.apply({});
    expect(clock.isFresh('w3', last)).toBe(false);
  });
});
