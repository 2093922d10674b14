import { videoMessages } from '@atelier/core';
import { z } from 'zod';
import { defineBlock } from './define-block.ts';

export type VideoEmbed = { provider: 'youtube' | 'vimeo'; id: string; embedUrl: string };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** The privacy embed for a pasted video link, or null when it is not YouTube or Vimeo. */

export function parseVideoUrl(input: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let youtubeId: string | undefined;
  if (host === 'youtu.be') youtubeId = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') youtubeId = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) youtubeId = segments[1];
  }
  if (youtubeId !== undefined) {
    return YOUTUBE_ID.test(youtubeId)
      ? {
          provider: 'youtube',
          id: youtubeId,
          embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1`,
        }
      : null;
  }
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123
    const id = segments.findLast((segment) => VIMEO_ID.test(segment));
    if (!id) return null;
    return {
      provider: 'vimeo',
      id,
      embedUrl: `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1`,
    };
  }
  return null;
}

export const videoBlock = defineBlock({
  type: 'video',
  version: 1,
  fields: {
    url: z
      .string()
      .trim()
      .max(2083)
      .refine((value) => parseVideoUrl(value) !== null, { message: videoMessages.unsupported }),
    /** Names the video for the play button and the player frame. */
    title: z.string().trim().max(200),
  },
});
export const videoBlockSchema = videoBlock.schema;
export type VideoBlock = z.infer<typeof videoBlockSchema>;
