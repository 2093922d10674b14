import { type SocialLinksBlock, socialProfileSchema } from '@atelier/contract';
import { LabelledInput, problemOf } from './field-controls.tsx';

type Profile = SocialLinksBlock['profiles'][number];

export function SocialLinksFields({
  block,
  onChange,
}: {
  block: SocialLinksBlock;
  onChange: (block: SocialLinksBlock) => void;
}) {
  const set = (index: number, profile: Profile) =>
    onChange({ ...block, profiles: block.profiles.map((p, i) => (i === index ? profile : p)) });
  return (
    <fieldset className="fieldset">
      <legend>Profiles</legend>
      {block.profiles.map((profile, index) => (
        // Profiles are edited in place by position; two may share a name while typing.
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the identity here
        <div className="profile-row" key={index}>
          <LabelledInput
            label={`Service ${index + 1}`}
            hint="Such as Instagram or Mastodon."
            value={profile.serviceName}
            onChange={(serviceName) => set(index, { ...profile, serviceName })}
          />
          <LabelledInput
            label={`Profile address ${index + 1}`}
            type="url"
            error={
              profile.profileUrl
                ? problemOf(socialProfileSchema.shape.profileUrl, profile.profileUrl)
                : null
            }
            value={profile.profileUrl}
            onChange={(profileUrl) => set(index, { ...profile, profileUrl })}
          />
          <button
            type="button"
            className="button button--small"
            onClick={() =>
              onChange({ ...block, profiles: block.profiles.filter((_, i) => i !== index) })
            }
          >
            Remove profile {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--small"
        disabled={block.profiles.length >= 20}
        onClick={() =>
          onChange({ ...block, profiles: [...block.profiles, { serviceName: '', profileUrl: '' }] })
        }
      >
        Add profile
      </button>
    </fieldset>
  );
}
