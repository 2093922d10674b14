// Email campaigns to a mailing list (issue 21). A campaign is a draft of blocks until it
// is sent; sending writes one `campaign_recipients` row per subscribed address of the
// list, keyed (website_id, campaign_id, subscriber_id), so a subscriber is on a campaign
// at most once whatever happens; a job then moves recipients into the mail outbox at the
// campaign's rate, each in the transaction that records its outbox message id, so a
// recipient is mailed at most once too (docs/ARCHITECTURE.md, "Campaigns").
//
// The outbox learns HTML bodies and headers (List-Unsubscribe), and "at most once" rows:
// the sender records that it started an attempt before it speaks to the mail server, and
// a row found with an attempt started but neither sent nor failed (a crash in between)
// is marked failed instead of being sent again. Receipts keep "better twice than never".
export const name = '0029-campaigns';

export const sql = /* sql */ `
alter table mail_outbox add column body_html text;
alter table mail_outbox add column headers jsonb;
alter table mail_outbox add column is_at_most_once boolean not null default false;
alter table mail_outbox add column attempt_started_at timestamptz;
alter table mail_outbox add column failed_at timestamptz;

create table campaigns (
  website_id uuid not null references websites (website_id) on delete cascade,
  campaign_id uuid not null default gen_random_uuid(),
  name text not null,
  subject text not null default '',
  preview_text text not null default '',
  list_id uuid,
  blocks jsonb not null default '[]',
  status text not null default 'draft'
    check (status in ('draft', 'sending', 'sent', 'cancelled')),
  rate_per_minute integer not null default 60 check (rate_per_minute between 1 and 10000),
  -- Which batch job may run next: a job whose number is not this one (a run repeated
  -- after a crash) does nothing, so the rate holds and no batch runs twice.
  batch_seq integer not null default 0,
  -- The email as sent, rendered when sending starts, with a placeholder for each
  -- subscriber's unsubscribe address.
  rendered_html text,
  rendered_text text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  primary key (website_id, campaign_id)
);
create index campaigns_recent on campaigns (website_id, created_at desc, campaign_id);

create table campaign_recipients (
  website_id uuid not null,
  campaign_id uuid not null,
  subscriber_id uuid not null,
  email text not null,
  -- queued: waiting its turn; mailed: in the outbox as message_id; skipped: not mailed.
  status text not null default 'queued' check (status in ('queued', 'mailed', 'skipped')),
  skip_reason text check (skip_reason in ('unsubscribed', 'cancelled')),
  message_id uuid,
  queued_at timestamptz not null default now(),
  mailed_at timestamptz,
  primary key (website_id, campaign_id, subscriber_id),
  foreign key (website_id, campaign_id)
    references campaigns (website_id, campaign_id) on delete cascade
);
create index campaign_recipients_queued
  on campaign_recipients (website_id, campaign_id, queued_at, email)
  where status = 'queued';
create index campaign_recipients_email
  on campaign_recipients (website_id, campaign_id, email, subscriber_id);
`;
