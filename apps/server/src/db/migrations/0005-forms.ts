// Forms a merchant defines: today the additional-fields forms a product asks a shopper
// to fill in before adding it to the cart (SPEC §3), later contact and newsletter forms.
export const name = '0005-forms';

export const sql = /* sql */ `
create table forms (
  website_id uuid not null references websites (website_id) on delete cascade,
  form_id uuid not null default gen_random_uuid(),
  name text not null,
  -- [{id, kind, label, isRequired, options, ...}] validated by the contract on write
  fields jsonb not null default '[]'::jsonb,
  submission_message text not null default '',
  success_redirect text,
  disclaimer text,
  is_captcha_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (website_id, form_id)
);
`;
