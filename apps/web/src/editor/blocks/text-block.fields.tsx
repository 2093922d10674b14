import type { TextBlock } from '@atelier/contract';
import { RichTextField } from '../rich-text/RichTextField.tsx';

// Editor-only. Stored version 1 blocks arrive here already migrated to version 2.
export function TextBlockFields({
  block,
  onChange,
}: {
  block: TextBlock;
  onChange: (block: TextBlock) => void;
}) {
  return (
    <RichTextField
      label="Text"
      value={block}
      onChange={({ doc, html }) => onChange({ ...block, doc, html })}
    />
  );
}
