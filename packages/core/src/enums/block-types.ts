/**
 * SPEC §3 block type ids: 1–72, 1337 for the website component, and variants 1000–1019.
 * The spec gives ranges rather than names, so the ranges are the contract.
 */
export const BLOCK_TYPE_RANGE = { min: 1, max: 72 } as const;
export const BLOCK_VARIANT_RANGE = { min: 1000, max: 1019 } as const;
export const WEBSITE_COMPONENT_BLOCK_TYPE = 1337;

const inRange = (value: number, range: { min: number; max: number }): boolean =>
  Number.isInteger(value) && value >= range.min && value <= range.max;

export const isBlockVariant = (value: number): boolean => inRange(value, BLOCK_VARIANT_RANGE);

export const isBlockType = (value: number): boolean =>
  inRange(value, BLOCK_TYPE_RANGE) ||
  value === WEBSITE_COMPONENT_BLOCK_TYPE ||
  isBlockVariant(value);

export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;
export type PromotedBlockType = (typeof PROMOTED_BLOCK_TYPES)[number];
