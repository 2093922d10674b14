import type { AudioBlock } from '@atelier/contract';

// Audio player: a sound file by web address (or an uploaded file's address) in the
// browser's own player, named by its title. Server-safe.

export function AudioView({ block }: { block: AudioBlock }) {
  return (
    <figure className="block block--audio">
      <figcaption>{block.title}</figcaption>
      {/* preload="none": nothing is downloaded until the visitor presses play. */}
      {/* biome-ignore lint/a11y/useMediaCaption: owners upload music and recordings without caption files; a transcript goes in a text block beside it */}
      <audio controls preload="none" src={block.src} aria-label={block.title}>
        <a href={block.src}>Download {block.title}</a>
      </audio>
    </figure>
  );
}
