// Settings and landing page (issue 14): the notification toggles are saved per account
// (docs/rules/accounts-and-plans.md#account-data; the documents keep them local only), and the contact form's requests are kept
// so none is lost when the mail to the operator fails. Contact requests come from the public
// page and belong to no account.
export const up = `
create table notification_settings (
  user_id text primary key references users(id) on delete cascade,
  email_billing boolean not null default true,
  email_system boolean not null default true,
  email_marketing boolean not null default false,
  updated_at timestamptz not null default now()
);

create table contact_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index contact_requests_email_idx on contact_requests(email, created_at);
`;
