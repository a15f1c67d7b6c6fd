// Issue 30 (decision 1500): reminder mails at 90, 30 and 7 days before the § 556 (3) BGB
// deadline of a billing period with unsent statements. One row per reminder sent: the unique
// key (period, deadline, days before) makes the daily job send each reminder once, also when
// it runs twice or on two instances at the same time (the second insert finds the first row).
// A changed period end gives a new deadline and so new reminders.
export const up = `
create table deadline_reminders (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_group_id uuid not null references cost_groups(id) on delete cascade,
  deadline date not null,
  days_before integer not null check (days_before in (90, 30, 7)),
  sent_on date not null,
  created_at timestamptz not null default now(),
  unique (cost_group_id, deadline, days_before)
);
create index deadline_reminders_user_idx on deadline_reminders(user_id);
`;
