import { z } from 'zod';
import { safeUrlSchema } from './safe-url.ts';

// Audio player: a sound file by web address (or an uploaded file's address) in the
// browser's own player, named by its title. Server-safe.

export const audioBlockSchema = z.object({
  type: z.literal('audio'),
  version: z.literal(1),
  title: z.string().trim().min(1).max(200),
  src: safeUrlSchema,
});
export type AudioBlock = z.infer<typeof audioBlockSchema>;

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
