import { type TextBlock, upgradeTextBlock } from '@atelier/contract';
import { useMemo } from 'react';
import { RichTextField } from '../editor/rich-text/RichTextField.tsx';

// Editor-only. A version 1 block opens in the rich-text editor as version 2 and is stored
// as version 2 from its first edit.
export function TextBlockFields({
  block,
  onChange,
}: {
  block: TextBlock;
  onChange: (block: TextBlock) => void;
}) {
  const upgraded = useMemo(() => upgradeTextBlock(block), [block]);
  return (
    <RichTextField
      label="Text"
      value={upgraded}
      onChange={({ doc, html }) => onChange({ ...upgraded, doc, html })}
    />
  );
}
