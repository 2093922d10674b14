import { type AudioBlock, audioBlockSchema } from './audio.tsx';
import { LabelledInput, problemOf } from './field-controls.tsx';

export function AudioFields({
  block,
  onChange,
}: {
  block: AudioBlock;
  onChange: (block: AudioBlock) => void;
}) {
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
      <LabelledInput
        label="Audio file address"
        type="url"
        hint="The address of an MP3, M4A, OGG or WAV file, uploaded or on the web."
        error={block.src ? problemOf(audioBlockSchema.shape.src, block.src) : null}
        value={block.src}
        onChange={(src) => onChange({ ...block, src })}
      />
    </>
  );
}
