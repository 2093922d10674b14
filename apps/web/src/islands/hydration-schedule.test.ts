import { describe, expect, it } from 'vitest';
import { afterLoadAndPaint, type PageLifecycle } from './hydration-schedule.ts';

/** A page whose load event and frames happen when the test says so. */
function page(readyState: DocumentReadyState) {
  const loadListeners: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const lifecycle: PageLifecycle = {
    readyState,
    onLoad: (run) => loadListeners.push(run),
    afterNextPaint: (run) => frames.push(run),
  };
  return {
    lifecycle,
    fireLoad: () => {
      for (const run of loadListeners.splice(0)) run();
    },
    paint: () => {
      for (const run of frames.splice(0)) run();
    },
  };
}

describe('when islands start', () => {
  it('waits for the load event and then a painted frame while the page is still loading', () => {
    for (const state of ['loading', 'interactive'] as const) {
      const p = page(state);
      let started = 0;
      afterLoadAndPaint(p.lifecycle, () => started++);
      // The module script runs before load: React must not be requested yet.
      p.paint();
      expect(started).toBe(0);
      p.fireLoad();
      expect(started).toBe(0);
      p.paint();
      expect(started).toBe(1);
    }
  });

  it('waits only for the next painted frame when the page has already loaded', () => {
    const p = page('complete');
    let started = 0;
    afterLoadAndPaint(p.lifecycle, () => started++);
    expect(started).toBe(0);
    p.paint();
    expect(started).toBe(1);
    p.fireLoad();
    p.paint();
    expect(started).toBe(1);
  });
});
