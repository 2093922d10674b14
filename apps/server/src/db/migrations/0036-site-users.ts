// Customer (site-user) accounts (issue 23). Everything is keyed by website first: an
// account belongs to one website, and the same email may shop at two of them.
//
// - site_users: one row per account. The email is kept as typed once normalised (trimmed,
//   lowercased) and is unique per website whatever its case. The password hash is a
//   self-describing scrypt string (parameters and per-user salt inside it). cart_id is the
//   account's saved cart, which a guest cart merges into at sign-in.
// - site_user_sessions: only the SHA-256 of a session token is stored, so reading the
//   table signs nobody in. last_seen_at gives the idle timeout, created_at the absolute.
// - site_user_tokens: email-verification and password-reset links, stored hashed, each
//   with an expiry and a used_at that makes it single use. `email` is the address the
//   link was sent to: a verification link for a new address changes the account's email.
export const name = '0036-site-users';

export const sql = /* sql */ `
create table site_users (
  website_id uuid not null references websites (website_id) on delete cascade,
  site_user_id uuid not null default gen_random_uuid(),
  email text not null check (email = lower(email)),
  password_hash text not null,
  email_verified_at timestamptz,
  language text,
  cart_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, site_user_id)
);
create unique index site_users_email on site_users (website_id, lower(email));

create table site_user_sessions (
  website_id uuid not null,
  token_hash text not null,
  site_user_id uuid not null,
  is_remembered boolean not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  primary key (website_id, token_hash),
  foreign key (website_id, site_user_id) references site_users (website_id, site_user_id)
    on delete cascade
);
create index site_user_sessions_user on site_user_sessions (website_id, site_user_id);

create table site_user_tokens (
  website_id uuid not null,
  token_hash text not null,
  site_user_id uuid not null,
  purpose text not null check (purpose in ('verify-email', 'reset-password')),
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (website_id, token_hash),
  foreign key (website_id, site_user_id) references site_users (website_id, site_user_id)
    on delete cascade
);
create index site_user_tokens_user on site_user_tokens (website_id, site_user_id, purpose);
`;
