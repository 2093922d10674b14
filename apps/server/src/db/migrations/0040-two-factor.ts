// Optional two-step verification (TOTP, RFC 6238) for members and customers (issue 23).
// One table per kind of person, each row belonging to its member or account (removed with
// it), keyed by website first.
//
// - secret: the 160-bit key in base32. Returned once, while it is being set up; after
//   that the server only computes codes with it. enabled_at is null while set-up waits
//   for its first code; such a row signs nobody in.
// - last_used_step: the newest 30-second step whose code was accepted. A code of that
//   step or an older one is refused, so an overheard code cannot be replayed.
// - recovery_code_hashes: SHA-256 of each unused recovery code (120 random bits each, so
//   a plain hash is enough, ASVS V6.5.2); using one removes it.
export const name = '0040-two-factor';

export const sql = /* sql */ `
create table member_two_factor (
  website_id uuid not null,
  member_id uuid not null,
  secret text not null,
  enabled_at timestamptz,
  last_used_step integer,
  recovery_code_hashes text[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (website_id, member_id),
  foreign key (website_id, member_id) references website_members (website_id, member_id)
    on delete cascade
);

create table site_user_two_factor (
  website_id uuid not null,
  site_user_id uuid not null,
  secret text not null,
  enabled_at timestamptz,
  last_used_step integer,
  recovery_code_hashes text[] not null default '{}',
  created_at timestamptz not null default now(),
  primary key (website_id, site_user_id),
  foreign key (website_id, site_user_id) references site_users (website_id, site_user_id)
    on delete cascade
);
`;
