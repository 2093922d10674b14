// The proof-of-work captcha (issue 20): each website signs its challenges with its own
// secret, made on first use, so a challenge of one site never verifies on another; a
// solved challenge is remembered by its signature until it expires, so it verifies once.
// Rows past `expires_at` are of no use and are deleted in passing (captcha.service.ts).
export const name = '0025-captcha';

export const sql = /* sql */ `
create table captcha_secrets (
  website_id uuid not null references websites (website_id) on delete cascade,
  hmac_key text not null,
  created_at timestamptz not null default now(),
  primary key (website_id)
);

create table captcha_spent (
  website_id uuid not null references websites (website_id) on delete cascade,
  signature text not null,
  expires_at timestamptz not null,
  primary key (website_id, signature)
);
create index captcha_spent_expiry on captcha_spent (expires_at);
`;
