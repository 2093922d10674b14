import { type AudioBlock, audioBlockSchema } from '@atelier/contract';
import { useId, useState } from 'react';
import { FileManager } from '../files/FileManager.tsx';
import { LabelledInput, problemOf } from './field-controls.tsx';

/**
 * Editor-only: the track is uploaded or chosen through the file manager (audio files only),
 * or its address typed for a file hosted elsewhere. The stored block is the same either way.
 */
export function AudioFields({
  block,
  onChange,
}: {
  block: AudioBlock;
  onChange: (block: AudioBlock) => void;
}) {
  const id = useId();
  const [isPicking, setIsPicking] = useState(block.src === '');
  return (
    <>
      <LabelledInput
        label="Track title"
        value={block.title}
        error={
          problemOf(audioBlockSchema.shape.title, block.title) ? 'Give the track a title.' : null
        }
        onChange={(title) => onChange({ ...block, title })}
      />
      <fieldset className="fieldset">
        <legend>Audio file</legend>
        <button
          type="button"
          className="button button--small"
          aria-expanded={isPicking}
          aria-controls={isPicking ? `${id}-files` : undefined}
          onClick={() => setIsPicking((open) => !open)}
        >
          {isPicking ? 'Close files' : block.src ? 'Change audio file' : 'Choose audio file'}
        </button>
        {isPicking ? (
          <div id={`${id}-files`}>
            <FileManager
              accept="audio"
              chooseLabel="Use this track"
              onChoose={(media) => {
                setIsPicking(false);
                onChange({
                  ...block,
                  src: media.url,
                  // A new block's title starts as the file's name, without its extension.
                  title: block.title.trim() ? block.title : media.filename.replace(/\.[^.]+$/, ''),
                });
              }}
            />
          </div>
        ) : null}
        <LabelledInput
          label="Audio file address"
          hint="Filled in when you choose a file, or the address of an MP3, M4A, OGG or WAV file on the web."
          error={block.src ? problemOf(audioBlockSchema.shape.src, block.src) : null}
          value={block.src}
          onChange={(src) => onChange({ ...block, src })}
        />
      </fieldset>
    </>
  );
}
