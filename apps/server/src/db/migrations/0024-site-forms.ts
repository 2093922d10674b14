// Site forms (issue 20): the forms table grows what a contact form needs — a submit
// label, post-submit HTML, a notification address and a storage-only switch — and gets
// its submissions, and the single-use keys a visitor fetches before submitting
// (SPEC §7 FormSubmissionKey). A key is bound to a hash of the visitor's address, so a
// key fetched by one visitor cannot be spent by another; `used_at` makes a second
// submission with the same key a refusal, not a duplicate row.
export const name = '0024-site-forms';

export const sql = /* sql */ `
alter table forms add column submit_label text not null default 'Submit';
alter table forms add column post_submit_html text;
alter table forms add column notification_email text;
alter table forms add column is_storage_only boolean not null default false;

create table form_submission_keys (
  website_id uuid not null references websites (website_id) on delete cascade,
  submission_key text not null,
  visitor_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (website_id, submission_key)
);
create index form_submission_keys_expiry on form_submission_keys (expires_at);

create table form_submissions (
  website_id uuid not null references websites (website_id) on delete cascade,
  submission_id uuid not null default gen_random_uuid(),
  form_id uuid not null,
  -- field id → sanitized value, as SPEC §3 Form submission 'form'
  field_values jsonb not null,
  page_title text,
  page_id text,
  page_path text,
  content_source text,
  submission_key text not null,
  is_read boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (website_id, submission_id),
  unique (website_id, submission_key),
  foreign key (website_id, form_id) references forms (website_id, form_id) on delete cascade
);
create index form_submissions_by_form on form_submissions (website_id, form_id, created_at desc);
`;
