// better-auth's tables (users, sessions, accounts, verifications; field names mapped to
// snake_case in auth/auth.ts), the account's profile and subscription, the activity log and
// the sign-in / reset attempt log that rate limiting reads.
export const up = `
create table users (
  id text primary key,
  name text not null,
  email text not null unique,
  email_verified boolean not null default false,
  image text,
  first_name text,
  last_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sessions (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  token text not null unique,
  expires_at timestamptz not null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on sessions(user_id);

create table accounts (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  account_id text not null,
  provider_id text not null,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index accounts_user_id_idx on accounts(user_id);

create table verifications (
  id text primary key,
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verifications_identifier_idx on verifications(identifier);

create table auth_attempts (
  id bigserial primary key,
  kind text not null check (kind in ('sign_in_failure', 'reset_request')),
  email text,
  ip_address text,
  created_at timestamptz not null default now()
);
create index auth_attempts_email_idx on auth_attempts(kind, email, created_at);
create index auth_attempts_ip_idx on auth_attempts(kind, ip_address, created_at);

create table profiles (
  user_id text primary key references users(id) on delete cascade,
  first_name text,
  last_name text,
  company text,
  phone text,
  billing_name text,
  billing_phone text,
  street text,
  postal_code text,
  city text,
  iban text,
  bic text,
  bank text,
  profile_complete boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id text not null unique references users(id) on delete cascade,
  plan text not null check (plan in ('trial', 'starter', 'professional', 'enterprise', 'enterprise_plus')),
  status text not null check (status in ('trialing', 'active', 'canceled', 'expired')),
  current_period_start timestamptz not null,
  current_period_end timestamptz not null,
  trial_end_date timestamptz,
  canceled_at timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table user_activities (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  action text not null,
  entity_type text not null,
  entity_id text,
  entity_name text,
  description text not null,
  metadata jsonb,
  user_agent text,
  session_id text,
  created_at timestamptz not null default now()
);
create index user_activities_user_created_idx on user_activities(user_id, created_at desc);
`;
