// Issue 29, item 4 (decision 1171): personal API keys of the Enterprise plan (`apiAccess`).
// - A key belongs to the member who created it in one account; it carries a role that is at
//   most that member's role (checked again on every request, so a lowered role acts at once).
// - Only the SHA-256 hash of the secret is stored; the secret is shown once.
// - `expires_on` is the last calendar day (Europe/Berlin) the key works; null: no expiry.
// - Revoking sets `revoked_at`; the row stays so the settings list shows who revoked what when.
export const up = `
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  account_id text not null references users(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  name text not null,
  role text not null check (role in ('admin', 'billing_manager', 'editor', 'viewer')),
  token_hash text not null unique,
  token_prefix text not null,
  expires_on date,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_account_idx on api_keys(account_id);
`;
