import type { SizeUnit, WeightUnit } from '@atelier/contract';
import { GRAMS_PER } from '@atelier/core';

// The store's weight and size units (Store → settings). The server keeps weights in whole
// grams and sizes in whole millimetres; screens show and read them in the store's units.
// Product weights and the weight tiers of shipping rates are converted by these same
// functions, so a product of 2 lb falls in a tier "up to 2 lb" (both are 907 g).

// The grams in each unit (GRAMS_PER) live in core, shared with checkout's weight limits.
export const MM_PER: Readonly<Record<SizeUnit, number>> = { cm: 10, in: 25.4 };

export type ShippingUnits = { weight: WeightUnit; size: SizeUnit };
/** What a store without its own choice shows. */
export const METRIC_UNITS: ShippingUnits = { weight: 'kg', size: 'cm' };

/** A decimal typed in a unit (a comma reads as the point), or NaN when it is not one. */
function readDecimal(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A weight typed in the store's unit, in whole grams (NaN when it is not a number). */
export const toGrams = (text: string, unit: WeightUnit): number =>
  Math.round(readDecimal(text) * GRAMS_PER[unit]);

/** A size typed in the store's unit, in whole millimetres (NaN when it is not a number). */
export const toMm = (text: string, unit: SizeUnit): number =>
  Math.round(readDecimal(text) * MM_PER[unit]);

/**
 * A stored whole number (grams, millimetres) in a unit `per` times larger: the fewest
 * decimals (three at most) that read back as the same stored number, so what was typed
 * shows again as typed ("8" oz, not "8.007", for the 227 g that 8 oz was stored as).
 */
function shown(stored: number, per: number): string {
  for (let places = 0; places < 3; places += 1) {
    const scale = 10 ** places;
    const text = String(Math.round((stored / per) * scale) / scale);
    if (Math.round(Number(text) * per) === stored) return text;
  }
  return String(Math.round((stored / per) * 1000) / 1000);
}

/** Grams shown in the store's unit ("1.5" kg; 907 g is "2" lb). */
export const fromGrams = (grams: number, unit: WeightUnit): string => shown(grams, GRAMS_PER[unit]);

/** Millimetres shown in the store's unit (300 mm is "30" cm; 254 mm is "10" in). */
export const fromMm = (mm: number, unit: SizeUnit): string => shown(mm, MM_PER[unit]);
