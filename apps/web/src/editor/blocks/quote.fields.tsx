import type { QuoteBlock } from '@atelier/contract';
import { useId } from 'react';

// Editor-only fields of the quote block.
export function QuoteFields({
  block,
  onChange,
}: {
  block: QuoteBlock;
  onChange: (block: QuoteBlock) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="field" data-first-field>
        <label htmlFor={`${id}-text`}>Quote</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          value={block.text}
          onChange={(event) => onChange({ ...block, text: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-attribution`}>Attribution</label>
        <input
          id={`${id}-attribution`}
          value={block.attribution ?? ''}
          onChange={(event) => onChange({ ...block, attribution: event.target.value })}
        />
      </div>
    </>
  );
}
