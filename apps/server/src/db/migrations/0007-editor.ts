// The editor at /config: website members who sign in with a password, their sessions, and
// a draft beside the published version of every page. Tenant tables lead with website_id.
export const name = '0007-editor';

export const sql = /* sql */ `
-- A person who may work on a website. Email is unique per website (lower-cased by the
-- service); the password is an argon2id PHC string, never the password itself.
create table website_members (
  website_id uuid not null references websites (website_id) on delete cascade,
  member_id uuid not null default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  -- SPEC §3 role number: 1 admin, 4 editor, …
  role smallint not null check (role between 1 and 16),
  created_at timestamptz not null default now(),
  primary key (website_id, member_id),
  unique (website_id, email)
);

-- Only the SHA-256 of a session token is stored: a leaked table cannot sign anyone in.
create table member_sessions (
  website_id uuid not null,
  token_hash text not null,
  member_id uuid not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (website_id, token_hash),
  foreign key (website_id, member_id) references website_members (website_id, member_id)
    on delete cascade
);
create index member_sessions_member on member_sessions (website_id, member_id);

-- pages.blocks stays the published version (what the storefront reads); the editor writes
-- draft_blocks. Pages that exist already were live, so they start published with a draft
-- equal to what is live.
alter table pages add column draft_blocks jsonb not null default '[]'::jsonb;
alter table pages add column draft_revision integer not null default 0;
alter table pages add column published_revision integer not null default 0;
alter table pages add column status text not null default 'published'
  check (status in ('published', 'draft', 'needs-review', 'private', 'scheduled'));
alter table pages add column published_at timestamptz;
alter table pages add column publish_at timestamptz;
update pages set draft_blocks = blocks, published_at = now();
`;
