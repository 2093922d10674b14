import { z } from 'zod';
import { safeUrlSchema } from './safe-url.ts';

// Social links: the site's profiles elsewhere (SPEC §3 {serviceName, profileUrl}). Server-safe.

export const socialProfileSchema = z.object({
  serviceName: z.string().trim().min(1).max(60),
  profileUrl: safeUrlSchema,
});

export const socialLinksBlockSchema = z.object({
  type: z.literal('social-links'),
  version: z.literal(1),
  profiles: z.array(socialProfileSchema).max(20),
});
export type SocialLinksBlock = z.infer<typeof socialLinksBlockSchema>;

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
