// Issue 28, item 3 (decision 1400): bank statements to costs. Every imported booking is kept
// with its fingerprint, so the same booking imported again (the same file, or the overlapping
// next statement) is recognised and changes nothing; the rules remember which cost type the
// landlord gave a counterparty (by IBAN, else name) and purpose, for the next import.
export const up = `
create table bank_bookings (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_group_id uuid not null references cost_groups(id) on delete cascade,
  fingerprint text not null,
  booking_date date not null,
  amount numeric(12, 2) not null check (amount > 0),
  counterparty_name text,
  counterparty_iban text,
  purpose text,
  parts jsonb not null,
  file_name text not null,
  created_at timestamptz not null default now(),
  unique (user_id, fingerprint)
);
create index bank_bookings_cost_group_idx on bank_bookings(cost_group_id);

create table bank_booking_rules (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  counterparty_key text not null,
  purpose_signature text not null,
  cost_type text not null,
  updated_at timestamptz not null default now(),
  unique (user_id, counterparty_key, purpose_signature)
);
`;
