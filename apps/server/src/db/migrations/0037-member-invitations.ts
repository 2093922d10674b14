// Inviting members by email (issue 23, roles and permissions). An invitation is an
// unguessable link: 32 random bytes, of which only the SHA-256 is stored (reading the table
// lets nobody in), with an expiry. Accepting it deletes the row in the same transaction
// that makes the member, so a link works once. One pending invitation per address and
// website: inviting again replaces it (and so spends the older link). `role` is a SPEC §3
// role number; `invited_by` names the admin who sent it (no foreign key: the invitation
// outlives its sender's removal, and says who that was by email in the mail already sent).
export const name = '0037-member-invitations';

export const sql = /* sql */ `
create table member_invitations (
  website_id uuid not null references websites (website_id) on delete cascade,
  invitation_id uuid not null default gen_random_uuid(),
  email text not null check (email = lower(email)),
  role integer not null,
  token_hash text not null,
  invited_by uuid,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (website_id, invitation_id)
);
create unique index member_invitations_token on member_invitations (website_id, token_hash);
create unique index member_invitations_email on member_invitations (website_id, email);
`;
