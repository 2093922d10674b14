import type { QuoteBlock } from '@atelier/contract';

// The quote block: a pull quote and who said it. Plain text (React escapes it), so it
// needs no sanitizing. Server-safe.

export function QuoteView({ block }: { block: QuoteBlock }) {
  const lines = block.text.split(/\n+/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  const attribution = block.attribution?.trim();
  return (
    <figure className="block block--quote">
      <blockquote>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
          <p key={index}>{line}</p>
        ))}
      </blockquote>
      {attribution ? <figcaption>— {attribution}</figcaption> : null}
    </figure>
  );
}
