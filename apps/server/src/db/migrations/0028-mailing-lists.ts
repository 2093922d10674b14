// Mailing lists and their subscribers (issue 21). A subscriber is one address on one
// list: `email_key` (lower-cased) is unique per list, so signing up again finds the same
// row. Sign-ups from the newsletter block wait as 'pending' until the visitor follows the
// confirmation link (double opt-in); `confirm_token_hash` holds the SHA-256 of the last
// link sent, so only the newest link confirms and a leaked database holds no usable link.
// `unsubscribe_token` goes into every email to the subscriber (the one-click link and
// RFC 8058's List-Unsubscribe header), so it is kept as it is and never changes: a link
// in an old email still works. An unsubscribed or bounced row stays, so an import cannot
// quietly put back someone who left.
export const name = '0028-mailing-lists';

export const sql = /* sql */ `
create table mailing_lists (
  website_id uuid not null references websites (website_id) on delete cascade,
  list_id uuid not null default gen_random_uuid(),
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  primary key (website_id, list_id)
);
create unique index mailing_lists_name on mailing_lists (website_id, lower(name));

create table mailing_list_subscribers (
  website_id uuid not null,
  subscriber_id uuid not null default gen_random_uuid(),
  list_id uuid not null,
  email text not null,
  email_key text not null,
  name text not null default '',
  status text not null default 'pending'
    check (status in ('pending', 'subscribed', 'unsubscribed', 'bounced')),
  -- Where the address came from: the newsletter block, an import, a restock sign-up, a member.
  source text not null check (source in ('newsletter', 'import', 'restock', 'member')),
  confirm_token_hash text,
  confirm_sent_at timestamptz,
  unsubscribe_token text not null,
  created_at timestamptz not null default now(),
  subscribed_at timestamptz,
  unsubscribed_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (website_id, subscriber_id),
  foreign key (website_id, list_id)
    references mailing_lists (website_id, list_id) on delete cascade
);
create unique index mailing_list_subscribers_email
  on mailing_list_subscribers (website_id, list_id, email_key);
create unique index mailing_list_subscribers_unsubscribe
  on mailing_list_subscribers (website_id, unsubscribe_token);
create index mailing_list_subscribers_confirm
  on mailing_list_subscribers (website_id, confirm_token_hash)
  where confirm_token_hash is not null;
create index mailing_list_subscribers_list
  on mailing_list_subscribers (website_id, list_id, created_at desc, subscriber_id);
`;
