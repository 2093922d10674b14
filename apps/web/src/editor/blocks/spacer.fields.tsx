import { SPACER_HEIGHT, type SpacerBlock } from '@atelier/contract';
import { LabelledInput } from './field-controls.tsx';

export function SpacerFields({
  block,
  onChange,
}: {
  block: SpacerBlock;
  onChange: (block: SpacerBlock) => void;
}) {
  return (
    <LabelledInput
      label="Height in pixels"
      type="number"
      min={SPACER_HEIGHT.min}
      max={SPACER_HEIGHT.max}
      hint={`From ${SPACER_HEIGHT.min} to ${SPACER_HEIGHT.max}.`}
      value={String(block.height)}
      onChange={(value) => {
        const height = Math.round(Number(value));
        if (!Number.isFinite(height)) return;
        onChange({
          ...block,
          height: Math.min(SPACER_HEIGHT.max, Math.max(SPACER_HEIGHT.min, height)),
        });
      }}
    />
  );
}
