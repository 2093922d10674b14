import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIGHTBOX_RESIZE_DEBOUNCE_MS, LIGHTBOX_TOP_MARGIN } from '../limits/limits';
import { lightboxTopOffset } from './lightbox';

describe('lightbox layout', () => {
  it('puts content taller than the window 50 px from the top', () => {
    expect(lightboxTopOffset({ contentHeight: 900, windowHeight: 700 })).toBe(50);
    expect(LIGHTBOX_TOP_MARGIN).toBe(50);
  });

  it('centres content that fits', () => {
    expect(lightboxTopOffset({ contentHeight: 300, windowHeight: 700 })).toBe(200);
    expect(lightboxTopOffset({ contentHeight: 700, windowHeight: 700 })).toBe(0);
  });

  it('re-measures on resize after 100 ms of quiet', () => {
    expect(LIGHTBOX_RESIZE_DEBOUNCE_MS).toBe(100);
  });

  it('never places content above the window', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), (contentHeight, windowHeight) => {
        expect(lightboxTopOffset({ contentHeight, windowHeight })).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
