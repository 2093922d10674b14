import { EMBED_FRAME_SOURCES, type EmbedBlock } from '@atelier/contract';
import { useId } from 'react';

// Editor-only fields of the embed block. What is kept of the code is the server's call
// (sanitizeEmbedHtml); the hint says which sources survive so nothing vanishes unexplained.
export function EmbedFields({
  block,
  onChange,
}: {
  block: EmbedBlock;
  onChange: (block: EmbedBlock) => void;
}) {
  const id = useId();
  const hosts = [...new Set(EMBED_FRAME_SOURCES.map(({ host }) => host))].join(', ');
  return (
    <>
      <div className="field" data-first-field>
        <label htmlFor={`${id}-html`}>Embed code</label>
        <textarea
          id={`${id}-html`}
          rows={4}
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          value={block.html}
          onChange={(event) => onChange({ ...block, html: event.target.value })}
        />
        <p className="field__hint" id={`${id}-hint`}>
          An iframe from {hosts}. Other code is removed when the page is saved.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title for screen readers</label>
        <input
          id={`${id}-title`}
          value={block.title ?? ''}
          onChange={(event) => onChange({ ...block, title: event.target.value })}
        />
      </div>
    </>
  );
}
