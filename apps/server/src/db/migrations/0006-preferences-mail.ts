// Commerce preferences per website and namespace (SPEC §7 commerce-preferences), and a
// lease on outbox mail so a sender can claim messages without holding a transaction
// open while it talks to the mail server.
export const name = '0006-preferences-mail';

export const sql = /* sql */ `
create table commerce_preferences (
  website_id uuid not null references websites (website_id) on delete cascade,
  namespace text not null,
  -- validated against the namespace's schema on every write
  preferences jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (website_id, namespace)
);

alter table mail_outbox add column lease_until timestamptz;
alter table mail_outbox add column attempts integer not null default 0;
alter table mail_outbox add column last_error text;
`;
