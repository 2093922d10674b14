import { parseVideoUrl, type VideoBlock } from '@atelier/contract';
import { Island } from '../islands/Island.tsx';
import { VideoFacade } from './VideoFacade.island.tsx';

// Video: a YouTube or Vimeo link, shown through the providers' privacy-friendly players
// (youtube-nocookie.com; Vimeo with dnt=1). The page shows a play button first: nothing is
// requested from the provider until the visitor asks for the video.

export function VideoView({ block }: { block: VideoBlock }) {
  const embed = parseVideoUrl(block.url);
  if (!embed) return null;
  return (
    <Island
      name="VideoFacade"
      component={VideoFacade}
      className="block block--video"
      props={{ embedUrl: embed.embedUrl, title: block.title || 'Video', provider: embed.provider }}
    />
  );
}
