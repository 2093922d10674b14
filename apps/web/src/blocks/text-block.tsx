import type { TextBlock } from '@atelier/contract';

// The text block, server-safe (the storefront renders it; the TipTap editor lives in
// editor/rich-text and is never imported from here).
//
// Version 1 was plain paragraphs and is migrated when read (contract blocks/text.ts).
// Version 2 is rich text: `doc` is the editor's own JSON (what the editor loads), `html`
// what visitors get. The server re-sanitizes `html` on every draft save
// (features/editor/rich-text-sanitize.ts), so the storefront may insert it as is;
// whatever the browser sent is never trusted.

export function TextBlockView({ block }: { block: TextBlock }) {
  // A text block left empty shows nothing rather than an empty paragraph's gap.
  if (block.html.replace(/<p><\/p>/g, '').trim() === '') return null;
  // Server-sanitized on save (see the header comment): the one place this is allowed.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: html is the server's sanitized copy
  return <div className="block block--text" dangerouslySetInnerHTML={{ __html: block.html }} />;
}
