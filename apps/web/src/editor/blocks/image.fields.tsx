import type { ImageBlock, MediaFile } from '@atelier/contract';
import { useId, useState } from 'react';
import { FileManager } from '../files/FileManager.tsx';
import { LabelledInput } from './field-controls.tsx';
import { CheckOption } from './gallery.fields.tsx';

/** Editor-only: the image comes from the file manager (upload or choose), not a typed id. */
export function ImageFields({
  block,
  onChange,
}: {
  block: ImageBlock;
  onChange: (block: ImageBlock) => void;
}) {
  const id = useId();
  const [isPicking, setIsPicking] = useState(block.mediaId === '');
  const [chosen, setChosen] = useState<MediaFile | null>(null);
  return (
    <>
      <fieldset className="fieldset">
        <legend>Image</legend>
        <p className="field__hint" id={`${id}-current`} aria-live="polite">
          {chosen
            ? `Chosen: ${chosen.filename}`
            : block.mediaId
              ? 'An image is chosen.'
              : 'No image chosen yet. Upload one or choose an uploaded file.'}
        </p>
        <button
          type="button"
          className="button button--small"
          aria-expanded={isPicking}
          aria-describedby={`${id}-current`}
          onClick={() => setIsPicking((open) => !open)}
        >
          {isPicking ? 'Close files' : block.mediaId ? 'Change image' : 'Choose image'}
        </button>
        {isPicking ? (
          <FileManager
            onChoose={(media) => {
              setChosen(media);
              setIsPicking(false);
              onChange({ ...block, mediaId: media.id });
            }}
          />
        ) : null}
      </fieldset>
      <CheckOption
        label="Decorative only (screen readers skip it)"
        checked={block.isDecorative === true}
        onChange={(isDecorative) => {
          const { isDecorative: _old, ...rest } = block;
          onChange(isDecorative ? { ...rest, isDecorative } : rest);
        }}
      />
      {block.isDecorative ? null : (
        <LabelledInput
          label="Alt text"
          hint="What the image shows, for people who cannot see it. Empty: the file's own description."
          value={block.altText ?? ''}
          onChange={(text) => {
            const { altText: _old, ...rest } = block;
            onChange(text.trim() === '' ? rest : { ...rest, altText: text });
          }}
        />
      )}
      <LabelledInput
        label="Caption"
        value={block.caption ?? ''}
        onChange={(caption) => onChange({ ...block, caption })}
      />
    </>
  );
}
