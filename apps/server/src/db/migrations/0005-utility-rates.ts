// Utility tariffs (docs/rules/master-data.md#entities 'utility rate'; docs/rules/statements.md rates and tiers).
export const up = `
create table utility_rates (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  property_id uuid references properties(id) on delete cascade,
  utility_type text not null
    check (utility_type in ('heating', 'electricity', 'gas', 'coldwater', 'warmwater', 'district_heating')),
  rate_name text not null,
  unit_price numeric(14, 6) not null check (unit_price >= 0),
  unit text not null,
  base_price numeric(12, 2) check (base_price is null or base_price >= 0),
  tariff_type text not null default 'standard' check (tariff_type in ('standard', 'time_based', 'tier_based')),
  is_global boolean not null default true,
  priority integer not null default 100 check (priority between 1 and 999),
  valid_from date not null,
  valid_until date,
  is_active boolean not null default true,
  provider_name text,
  contract_number text,
  notes text,
  region text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (is_global or property_id is not null),
  check (valid_until is null or valid_until >= valid_from)
);
create index utility_rates_user_idx on utility_rates(user_id, utility_type, is_active);

create table utility_rate_tiers (
  id uuid primary key default gen_random_uuid(),
  rate_id uuid not null references utility_rates(id) on delete cascade,
  position integer not null,
  tier_name text not null,
  tier_type text not null check (tier_type in ('usage_tier', 'time_based')),
  from_value numeric(14, 3),
  to_value numeric(14, 3),
  unit_price numeric(14, 6) not null check (unit_price >= 0)
);
create index utility_rate_tiers_rate_idx on utility_rate_tiers(rate_id, position);
`;
