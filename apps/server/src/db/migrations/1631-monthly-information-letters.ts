// Issue 30, item 2 (decision 1630): which month each tenant was sent the § 6a (1), (2) HeizkV
// monthly consumption information. One row per tenant and month: the unique key makes a second
// send of the same month (a double click, two instances) queue nothing more. `sent_at` is set
// once the mail server (or the outbox) accepted the mail.
export const up = `
create table monthly_information_letters (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  property_id uuid not null references properties(id) on delete cascade,
  tenant_id uuid not null references tenants(id) on delete cascade,
  month text not null check (month ~ '^2[0-9]{3}-(0[1-9]|1[0-2])$'),
  recipient text not null,
  queued_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (tenant_id, month)
);
create index monthly_information_letters_user_idx on monthly_information_letters(user_id, property_id, month);
`;
