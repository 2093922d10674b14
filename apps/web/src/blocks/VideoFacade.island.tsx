import { useState } from 'react';

type VideoFacadeProps = { embedUrl: string; title: string; provider: 'youtube' | 'vimeo' };

const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * A play button standing in for the provider's player: no frame, thumbnail or script is
 * fetched from the provider until the visitor presses it (privacy and page weight).
 */
export default function VideoFacade({ embedUrl, title, provider }: VideoFacadeProps) {
  const [isPlaying, setIsPlaying] = useState(false);
  if (isPlaying) {
    return (
      <div className="video-frame">
        <iframe
          src={embedUrl}
          title={title}
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="video-frame video-frame--facade">
      <button type="button" className="video-frame__play" onClick={() => setIsPlaying(true)}>
        <span aria-hidden="true">▶</span> Play video: {title}
      </button>
      <p className="video-frame__note">
        Plays from {PROVIDER_NAMES[provider]} when you press play.
      </p>
    </div>
  );
}

export { VideoFacade };
