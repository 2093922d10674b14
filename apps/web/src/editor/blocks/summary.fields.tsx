import type { SummaryBlock } from '@atelier/contract';
import { CollectionPicker } from './catalog-pickers.tsx';
import { LabelledInput } from './field-controls.tsx';

export function SummaryFields({
  block,
  onChange,
}: {
  block: SummaryBlock;
  onChange: (block: SummaryBlock) => void;
}) {
  return (
    <>
      <CollectionPicker
        value={block.collectionUrlId}
        onChange={(collectionUrlId) => onChange({ ...block, collectionUrlId })}
      />
      <LabelledInput
        label="Section title"
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
      <LabelledInput
        label="Number of items"
        type="number"
        min={1}
        max={12}
        value={String(block.limit)}
        onChange={(value) =>
          onChange({ ...block, limit: Math.min(12, Math.max(1, Math.round(Number(value)) || 1)) })
        }
      />
    </>
  );
}
