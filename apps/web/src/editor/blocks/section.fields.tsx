import {
  type MediaFile,
  SECTION_COLOURS,
  SECTION_OVERLAYS,
  type SectionBackground,
  type SectionBlock,
  type SectionColourName,
  type SectionPadding,
  type SectionWidth,
} from '@atelier/contract';
import { useId, useState } from 'react';
import { FileManager } from '../files/FileManager.tsx';
import { RadioGroup } from './field-controls.tsx';

// Editor-only: a section's settings. The storefront draws them with `SectionFrame`
// (blocks/render.tsx); every choice here is one the schema accepts, so a save of these
// settings is never refused for its shape.

type BackgroundKind = SectionBackground['kind'];

const KIND_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'colour', label: 'Colour' },
  { value: 'image', label: 'Image' },
] as const satisfies readonly { value: BackgroundKind; label: string }[];

const PADDING_OPTIONS = [
  { value: 'none', label: 'None' },
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
] as const satisfies readonly { value: SectionPadding; label: string }[];

const WIDTH_OPTIONS = [
  { value: 'contained', label: 'Contained' },
  { value: 'full', label: 'Full width' },
] as const satisfies readonly { value: SectionWidth; label: string }[];

/** The colour first offered: the page is near white, so white would barely show. */
const FIRST_COLOUR: SectionColourName = 'sand';

const COLOUR_OPTIONS = SECTION_COLOURS.map((colour) => ({
  value: colour.name,
  label: colour.label,
  mark: (
    <span
      className="section-swatch"
      // The palette's value from contract, so the swatch is the colour the page paints.
      style={{
        display: 'inline-block',
        width: '1.1em',
        height: '1.1em',
        marginInlineEnd: '0.4em',
        verticalAlign: '-0.2em',
        border: '1px solid #6f6d66',
        borderRadius: '3px',
        background: colour.value,
      }}
    />
  ),
}));

const OVERLAY_OPTIONS = SECTION_OVERLAYS.map((overlay) => ({
  value: overlay.name,
  label: overlay.label,
}));

export function SectionFields({
  block,
  onChange,
}: {
  block: SectionBlock;
  onChange: (block: SectionBlock) => void;
}) {
  const id = useId();
  const { background } = block;
  // Image is chosen in two steps (the kind, then a file); until a file is chosen the
  // section keeps its background, as an image background without a file is not valid.
  const [pendingKind, setPendingKind] = useState<'image' | null>(null);
  const [chosen, setChosen] = useState<MediaFile | null>(null);
  const kind: BackgroundKind = pendingKind ?? background.kind;
  const setBackground = (next: SectionBackground) => onChange({ ...block, background: next });

  return (
    <>
      <RadioGroup
        legend="Background"
        value={kind}
        options={KIND_OPTIONS}
        onChange={(next) => {
          setPendingKind(null);
          // Going back to the kind the section has is no change (and no undo step).
          if (next === background.kind) return;
          if (next === 'none') setBackground({ kind: 'none' });
          else if (next === 'colour') setBackground({ kind: 'colour', colour: FIRST_COLOUR });
          else setPendingKind('image');
        }}
      />
      {background.kind === 'colour' && pendingKind === null ? (
        <RadioGroup
          legend="Background colour"
          value={background.colour}
          options={COLOUR_OPTIONS}
          hint="Text on Rust and Ink is drawn light, so it stays easy to read."
          onChange={(colour) => setBackground({ kind: 'colour', colour })}
        />
      ) : null}
      {kind === 'image' ? (
        <fieldset className="fieldset">
          <legend>Background image</legend>
          <p className="field__hint" id={`${id}-image`} aria-live="polite">
            {chosen && background.kind === 'image'
              ? `Chosen: ${chosen.filename}`
              : background.kind === 'image'
                ? 'An image is chosen. It is darkened so light text stays readable.'
                : 'Upload an image or choose an uploaded one. The section keeps its current background until you do.'}
          </p>
          <ImagePicker
            describedBy={`${id}-image`}
            hasImage={background.kind === 'image'}
            isOpenAtFirst={background.kind !== 'image'}
            onChoose={(media) => {
              setChosen(media);
              setPendingKind(null);
              setBackground({
                kind: 'image',
                mediaId: media.id,
                ...(background.kind === 'image' && background.overlay
                  ? { overlay: background.overlay }
                  : {}),
              });
            }}
          />
          {background.kind === 'image' ? (
            <RadioGroup
              legend="Darken the image"
              value={background.overlay ?? 'medium'}
              options={OVERLAY_OPTIONS}
              onChange={(overlay) => setBackground({ ...background, overlay })}
            />
          ) : null}
        </fieldset>
      ) : null}
      <RadioGroup
        legend="Padding"
        hint="Space above and below the section's blocks."
        value={block.padding}
        options={PADDING_OPTIONS}
        onChange={(padding) => onChange({ ...block, padding })}
      />
      <RadioGroup
        legend="Width"
        hint="Full width runs the background edge to edge; the blocks stay in the page's column."
        value={block.width}
        options={WIDTH_OPTIONS}
        onChange={(width) => onChange({ ...block, width })}
      />
    </>
  );
}

function ImagePicker(props: {
  describedBy: string;
  hasImage: boolean;
  isOpenAtFirst: boolean;
  onChoose: (media: MediaFile) => void;
}) {
  const [isPicking, setIsPicking] = useState(props.isOpenAtFirst);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-expanded={isPicking}
        aria-describedby={props.describedBy}
        onClick={() => setIsPicking((open) => !open)}
      >
        {isPicking ? 'Close files' : props.hasImage ? 'Change image' : 'Choose image'}
      </button>
      {isPicking ? (
        <FileManager
          onChoose={(media) => {
            setIsPicking(false);
            props.onChoose(media);
          }}
        />
      ) : null}
    </>
  );
}
