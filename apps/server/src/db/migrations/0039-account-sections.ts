// The customer account's own sections (issue 23): the address book, and the newsletter
// preferences an account holder sets for its confirmed email.
//
// - site_user_addresses: an account's saved addresses (the checkout's ShippingAddress as
//   JSON), at most one of them the default (a partial unique index holds it). They go
//   with the account when it is deleted.
// - mailing_list_subscribers.source gains 'account': a subscription the account holder
//   ticked on their account page, for an address the account has confirmed (so it needs
//   no confirmation email of its own).
export const name = '0039-account-sections';

export const sql = /* sql */ `
create table site_user_addresses (
  website_id uuid not null,
  address_id uuid not null default gen_random_uuid(),
  site_user_id uuid not null,
  address jsonb not null,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, address_id),
  foreign key (website_id, site_user_id) references site_users (website_id, site_user_id)
    on delete cascade
);
create index site_user_addresses_user
  on site_user_addresses (website_id, site_user_id, created_at);
create unique index site_user_addresses_default
  on site_user_addresses (website_id, site_user_id) where is_default;

alter table mailing_list_subscribers drop constraint mailing_list_subscribers_source_check;
alter table mailing_list_subscribers add constraint mailing_list_subscribers_source_check
  check (source in ('newsletter', 'import', 'restock', 'member', 'account'));
`;
