import type { SpacerBlock } from '@atelier/contract';

// Spacer and line: empty room between blocks and a horizontal divider. Server-safe.

export function SpacerView({ block }: { block: SpacerBlock }) {
  // Decorative room only: hidden from assistive technology.
  return (
    <div className="block block--spacer" aria-hidden="true" style={{ height: block.height }} />
  );
}

export function LineView() {
  return <hr className="block block--line" />;
}
