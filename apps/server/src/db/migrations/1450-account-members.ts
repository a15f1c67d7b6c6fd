// Issue 29 (decision 1170): several people in one account.
// - An account is still identified by its owner's user id (every table's user_id column is the
//   account's id); account_members says who else belongs to it and with which role. Every
//   existing user owns their own account.
// - An invitation is stored with the hash of its link's token, single use, 7 days.
// - A session remembers the account it works in (the account switcher).
// - An activity entry names the member who acted (null: the system or a former member).
export const up = `
create table account_members (
  account_id text not null references users(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'billing_manager', 'editor', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (account_id, user_id),
  check ((role = 'owner') = (account_id = user_id))
);
create index account_members_user_idx on account_members(user_id);

insert into account_members (account_id, user_id, role) select id, id, 'owner' from users;

create table account_invitations (
  id uuid primary key default gen_random_uuid(),
  account_id text not null references users(id) on delete cascade,
  email text not null,
  role text not null check (role in ('admin', 'billing_manager', 'editor', 'viewer')),
  token_hash text not null unique,
  invited_by text references users(id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text references users(id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_invitations_account_idx on account_invitations(account_id);

alter table sessions add column active_account_id text references users(id) on delete set null;

alter table user_activities add column actor_user_id text references users(id) on delete set null;
update user_activities set actor_user_id = user_id;
create index user_activities_actor_idx on user_activities(user_id, actor_user_id);
`;
