// Statement workflow (issue 11). Cost items, CO2 inputs and manual consumption values belong to
// the billing period and are saved as the user types (docs/rules/statement-inputs.md#assembly). A saved run is a snapshot
// of the exact calculation input and output (docs/rules/statements.md#saved-runs; docs/rules/statements.md#statement-entities
// 'statement_snapshots'); its tenancy statements and their lines are rows derived from it.
export const up = `
create table billing_period_cost_items (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_group_id uuid not null references cost_groups(id) on delete cascade,
  position integer not null,
  cost_type text not null,
  amount numeric(12, 2) check (amount is null or amount >= 0),
  distribution_key text check (distribution_key in ('area', 'persons', 'units', 'consumption', 'mixed')),
  consumption_share numeric(5, 2) check (consumption_share is null or consumption_share between 0 and 100),
  meter_kind text check (meter_kind in ('heating', 'warmwater', 'coldwater', 'electricity', 'gas')),
  excluded_unit_ids jsonb not null default '[]',
  energy_source text,
  labor_costs numeric(12, 2) check (labor_costs is null or labor_costs >= 0),
  tax_category text check (tax_category in ('householdServices', 'craftsmen')),
  mode text not null default 'manual' check (mode in ('manual', 'rate')),
  rate_id uuid references utility_rates(id) on delete set null,
  consumption_amount numeric(14, 3) check (consumption_amount is null or consumption_amount >= 0),
  created_at timestamptz not null default now(),
  unique (cost_group_id, position)
);
create index billing_period_cost_items_user_idx on billing_period_cost_items(user_id);

create table billing_period_co2_inputs (
  cost_group_id uuid primary key references cost_groups(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  fuel text,
  consumption_kwh numeric(14, 3),
  heating_value text check (heating_value in ('upper', 'lower')),
  emissions_kg numeric(14, 3),
  cost numeric(12, 2),
  price_per_tonne numeric(10, 2),
  vat_percent numeric(5, 2),
  emission_factor numeric(8, 6),
  created_at timestamptz not null default now()
);

create table billing_period_consumption_overrides (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_group_id uuid not null references cost_groups(id) on delete cascade,
  unit_id uuid not null references units(id) on delete cascade,
  meter_kind text not null check (meter_kind in ('heating', 'warmwater', 'coldwater', 'electricity', 'gas')),
  value numeric(14, 3) not null check (value >= 0),
  reason text not null,
  created_at timestamptz not null default now(),
  unique (cost_group_id, unit_id, meter_kind)
);

alter table cost_groups add column costs_updated_at timestamptz;

create table statement_snapshots (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_group_id uuid not null references cost_groups(id) on delete cascade,
  property_id uuid not null references properties(id) on delete restrict,
  version integer not null default 1,
  replaces_id uuid references statement_snapshots(id) on delete set null,
  is_final boolean not null default false,
  engine_version text not null,
  engine_input jsonb not null,
  result jsonb not null,
  consumption jsonb not null,
  rate_costs jsonb not null default '[]',
  total_costs numeric(12, 2) not null,
  pdf_url text,
  calculated_at timestamptz not null,
  finalized_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (cost_group_id, version)
);
create index statement_snapshots_user_idx on statement_snapshots(user_id, created_at desc);

alter table statements add column snapshot_id uuid references statement_snapshots(id) on delete cascade;
alter table statements add column period_from date;
alter table statements add column period_to date;
alter table statements add column tenant_name text;
alter table statements add column unit_name text;
create index statements_snapshot_idx on statements(snapshot_id);

create table statement_items (
  id uuid primary key default gen_random_uuid(),
  statement_id uuid not null references statements(id) on delete cascade,
  position integer not null,
  cost_type text not null,
  distribution_key text not null,
  amount numeric(12, 2) not null,
  calculation_basis text not null,
  base_percentage numeric(5, 2),
  consumption_percentage numeric(5, 2),
  details jsonb not null default '{}'
);
create index statement_items_statement_idx on statement_items(statement_id, position);
`;
