/**
 * The store's weight units (Store → settings). Weights are stored in whole grams; screens
 * show them in the store's unit. The editor's unit fields and checkout's weight-limit
 * reasons read the same table, so "up to 2 lb" means the same 907 g everywhere.
 */
export type WeightUnitCode = 'g' | 'kg' | 'lb' | 'oz';

export const GRAMS_PER: Readonly<Record<WeightUnitCode, number>> = {
  g: 1,
  kg: 1000,
  lb: 453.59237,
  oz: 28.349523125,
};

/** Grams in `unit` for a shopper to read, at most two decimals: 907 g is "2 lb". */
export const formatWeight = (grams: number, unit: WeightUnitCode): string =>
  `${Math.round((grams / GRAMS_PER[unit]) * 100) / 100} ${unit}`;
