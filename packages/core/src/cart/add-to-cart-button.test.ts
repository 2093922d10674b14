import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADD_TO_CART_BUTTON_TRANSITIONS,
  ADDED_DELAY_MS,
  ADDED_RESET_MS,
  type AddToCartButtonEvent,
  type AddToCartButtonState,
  addToCartButtonReducer,
  canTransition,
  ERROR_RESET_MS,
  initialAddToCartButtonState,
  SELECT_OPTION_FLASH_MS,
} from './add-to-cart-button';

const run = (events: AddToCartButtonEvent[], start = initialAddToCartButtonState()) =>
  events.reduce<AddToCartButtonState>(addToCartButtonReducer, start);

describe('add-to-cart button', () => {
  it('names the spec timings', () => {
    expect([ADDED_DELAY_MS, ADDED_RESET_MS, ERROR_RESET_MS, SELECT_OPTION_FLASH_MS]).toEqual([
      1000, 2000, 1000, 2000,
    ]);
  });

  it("starts idle reading 'Add To Cart' or the given label", () => {
    expect(initialAddToCartButtonState()).toMatchObject({
      status: 'idle',
      text: 'Add To Cart',
      isDisabled: false,
      timer: null,
    });
    expect(initialAddToCartButtonState('Subscribe').text).toBe('Subscribe');
  });

  it("reads 'Adding…' while the request runs", () => {
    expect(run([{ type: 'click' }])).toMatchObject({
      status: 'adding',
      text: 'Adding…',
      isDisabled: true,
      timer: null,
    });
  });

  it("reads 'Added!' 1 s after success and rests 2 s later", () => {
    const confirming = run([{ type: 'click' }, { type: 'succeeded' }]);
    expect(confirming).toMatchObject({ text: 'Adding…', timer: { ms: 1000 } });
    const added = addToCartButtonReducer(confirming, { type: 'timer-elapsed' });
    expect(added).toMatchObject({ status: 'added', text: 'Added!', timer: { ms: 2000 } });
    expect(addToCartButtonReducer(added, { type: 'timer-elapsed' })).toEqual(
      initialAddToCartButtonState(),
    );
  });

  it('holds the error and returns to idle after 1 s', () => {
    const failed = run([{ type: 'click' }, { type: 'failed', message: 'Please try again' }]);
    expect(failed).toMatchObject({
      status: 'error',
      text: 'Add To Cart',
      error: 'Please try again',
      timer: { ms: 1000 },
    });
    expect(addToCartButtonReducer(failed, { type: 'timer-elapsed' })).toEqual(
      initialAddToCartButtonState(),
    );
  });

  it("flashes 'Select Option' disabled for 2000 ms, then restores the label", () => {
    const flashing = run([{ type: 'option-missing' }], initialAddToCartButtonState('Buy'));
    expect(flashing).toMatchObject({
      text: 'Select Option',
      isDisabled: true,
      timer: { ms: 2000 },
    });
    expect(addToCartButtonReducer(flashing, { type: 'timer-elapsed' }).text).toBe('Buy');
  });

  it("reads 'Sold Out' disabled, or custom text, and restores to re-enable", () => {
    const soldOut = run([{ type: 'mark-sold-out' }]);
    expect(soldOut).toMatchObject({ text: 'Sold Out', isDisabled: true, timer: null });
    expect(run([{ type: 'mark-sold-out', soldOutText: 'Gone' }]).text).toBe('Gone');
    expect(addToCartButtonReducer(soldOut, { type: 'restore' })).toEqual(
      initialAddToCartButtonState(),
    );
  });

  it('can be disabled outright, keeping its text, and enabled again', () => {
    const disabled = run([{ type: 'disable' }]);
    expect(disabled).toMatchObject({ status: 'disabled', text: 'Add To Cart', isDisabled: true });
    expect(run([{ type: 'enable' }], disabled).isDisabled).toBe(false);
  });

  it('ignores a second click while adding and a late timer at rest', () => {
    const adding = run([{ type: 'click' }]);
    expect(addToCartButtonReducer(adding, { type: 'click' })).toBe(adding);
    const idle = initialAddToCartButtonState();
    expect(addToCartButtonReducer(idle, { type: 'timer-elapsed' })).toBe(idle);
    expect(canTransition('adding', 'click')).toBe(false);
    expect(canTransition('idle', 'click')).toBe(true);
  });

  it('only ever reaches states in the table, and is clickable only at rest', () => {
    const event = fc.constantFrom<AddToCartButtonEvent>(
      { type: 'click' },
      { type: 'succeeded' },
      { type: 'failed', message: 'x' },
      { type: 'timer-elapsed' },
      { type: 'option-missing' },
      { type: 'mark-sold-out' },
      { type: 'restore' },
      { type: 'disable' },
      { type: 'enable' },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const state = run(events);
        expect(Object.keys(ADD_TO_CART_BUTTON_TRANSITIONS)).toContain(state.status);
        expect(state.isDisabled).toBe(state.status !== 'idle');
      }),
    );
  });
});
