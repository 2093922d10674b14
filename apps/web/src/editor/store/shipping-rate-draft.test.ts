import type { ShippingRate } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, inputOf } from './shipping-rate-draft.ts';

const money = {
  decimal: (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2)),
  cents: (text: string) => (text.trim() ? Math.round(Number(text) * 100) : Number.NaN),
};

describe('shipping rate draft', () => {
  it('turns tiers typed in pounds into grams, the last one open-ended', () => {
    const input = inputOf(
      {
        ...emptyDraft(),
        name: 'By weight',
        kind: 'by_weight',
        tiers: [
          { upTo: '1', price: '5' },
          { upTo: '', price: '9.50' },
        ],
      },
      'lb',
      money,
    );
    expect(input.weightTiers).toEqual([
      { upToGrams: 454, priceCents: 500 },
      { upToGrams: null, priceCents: 950 },
    ]);
    expect(input.perKgCents).toBeNull();
  });

  it('sends a zone with trimmed regions, and none for everywhere or pickup', () => {
    const zoned = {
      ...emptyDraft(),
      isEverywhere: false,
      zone: [
        { country: 'US', regions: ' CA, OR ,' },
        { country: 'FR', regions: '' },
      ],
    };
    expect(inputOf(zoned, 'kg', money).zone).toEqual([
      { country: 'US', regions: ['CA', 'OR'] },
      { country: 'FR', regions: [] },
    ]);
    expect(inputOf({ ...zoned, isEverywhere: true }, 'kg', money).zone).toBeNull();
    expect(inputOf({ ...zoned, kind: 'pickup' }, 'kg', money).zone).toBeNull();
  });

  it('opens a saved rate as the draft it was saved from', () => {
    const rate: ShippingRate = {
      id: 'r1',
      name: 'West',
      kind: 'by_weight',
      priceCents: 0,
      minSubtotalCents: null,
      perKgCents: null,
      weightTiers: [
        { upToGrams: 2000, priceCents: 400 },
        { upToGrams: null, priceCents: 800 },
      ],
      zone: [{ country: 'US', regions: ['CA'] }],
      pickupLocation: null,
      pickupAddress: null,
      pickupInstructions: null,
      displayIndex: 0,
    };
    const draft = draftOf(rate, 'kg', money);
    expect(draft.tiers).toEqual([
      { upTo: '2', price: '4.00' },
      { upTo: '', price: '8.00' },
    ]);
    expect(inputOf(draft, 'kg', money)).toMatchObject({
      weightTiers: rate.weightTiers,
      zone: rate.zone,
    });
  });
});
