import { z } from 'zod';

// Spacer and line: empty room between blocks and a horizontal divider. Server-safe.

export const SPACER_HEIGHT = { min: 8, max: 400, defaultValue: 48 } as const;

export const spacerBlockSchema = z.object({
  type: z.literal('spacer'),
  version: z.literal(1),
  /** CSS pixels. */
  height: z.number().int().min(SPACER_HEIGHT.min).max(SPACER_HEIGHT.max),
});
export type SpacerBlock = z.infer<typeof spacerBlockSchema>;

export const lineBlockSchema = z.object({
  type: z.literal('line'),
  version: z.literal(1),
});
export type LineBlock = z.infer<typeof lineBlockSchema>;

export function SpacerView({ block }: { block: SpacerBlock }) {
  // Decorative room only: hidden from assistive technology.
  return (
    <div className="block block--spacer" aria-hidden="true" style={{ height: block.height }} />
  );
}

export function LineView() {
  return <hr className="block block--line" />;
}
