import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export const EMBED_HTML_MAX_LENGTH = 20_000;

export const embedBlock = defineBlock({
  type: 'embed',
  version: 1,
  fields: {
    html: z.string().max(EMBED_HTML_MAX_LENGTH),
    /** The frame's accessible name: what a screen reader announces for it. */
    title: z.string().max(200).optional(),
  },
});
export const embedBlockSchema = embedBlock.schema;
export type EmbedBlock = z.infer<typeof embedBlockSchema>;

/**
 * Hosts whose iframes an embed may hold, with the path they must start with (a maps host
 * serves far more than maps). The storefront's CSP `frame-src` lists the same hosts.
 */
export const EMBED_FRAME_SOURCES = [
  { host: 'www.youtube-nocookie.com', path: '/embed/' },
  { host: 'player.vimeo.com', path: '/video/' },
  { host: 'open.spotify.com', path: '/embed/' },
  { host: 'www.google.com', path: '/maps/embed' },
  { host: 'www.openstreetmap.org', path: '/export/embed.html' },
] as const;
