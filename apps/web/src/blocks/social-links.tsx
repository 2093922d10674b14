import type { SocialLinksBlock } from '@atelier/contract';

// Social links: the site's profiles elsewhere (SPEC §3 {serviceName, profileUrl}). Server-safe.

export function SocialLinksView({ block }: { block: SocialLinksBlock }) {
  if (block.profiles.length === 0) return null;
  return (
    <nav className="block block--social" aria-label="Social links">
      <ul>
        {block.profiles.map((profile) => (
          <li key={`${profile.serviceName} ${profile.profileUrl}`}>
            <a href={profile.profileUrl} rel="me noopener" target="_blank">
              {profile.serviceName}
              <span className="visually-hidden"> (opens in a new window)</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
