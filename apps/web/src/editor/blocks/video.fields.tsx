import { type VideoBlock, videoBlockSchema } from '@atelier/contract';
import { LabelledInput, problemOf } from './field-controls.tsx';

export function VideoFields({
  block,
  onChange,
}: {
  block: VideoBlock;
  onChange: (block: VideoBlock) => void;
}) {
  return (
    <>
      <LabelledInput
        label="Video link"
        type="url"
        hint="A YouTube or Vimeo link."
        error={block.url ? problemOf(videoBlockSchema.shape.url, block.url) : null}
        value={block.url}
        onChange={(url) => onChange({ ...block, url })}
      />
      <LabelledInput
        label="Video title"
        hint="Names the video for the play button and screen readers."
        value={block.title}
        onChange={(title) => onChange({ ...block, title })}
      />
    </>
  );
}
