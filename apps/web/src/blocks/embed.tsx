import type { EmbedBlock } from '@atelier/contract';

// The embed block: a snippet of embed code (an iframe from a known player or map). The
// server reduces `html` to allowlisted iframes on every draft save
// (features/editor/rich-text-sanitize.ts `sanitizeEmbedHtml`), so it is inserted as is.
// Server-safe.

export function EmbedView({ block }: { block: EmbedBlock }) {
  if (block.html.trim() === '') return null;
  return (
    <div
      className="block block--embed"
      // Server-sanitized on save (see the header comment).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: html is the server's sanitized copy
      dangerouslySetInnerHTML={{ __html: block.html }}
    />
  );
}
