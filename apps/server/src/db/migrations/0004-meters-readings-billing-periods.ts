// Meters, readings and billing periods (cost groups): docs/rules/master-data.md#entities.
export const up = `
create table meters (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  property_id uuid references properties(id) on delete cascade,
  unit_id uuid references units(id) on delete cascade,
  meter_number text not null,
  meter_type text not null,
  location text,
  display_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (property_id is not null or unit_id is not null)
);
create index meters_user_idx on meters(user_id);
create index meters_unit_idx on meters(unit_id);
create index meters_property_idx on meters(property_id);

create table cost_groups (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  property_id uuid not null references properties(id) on delete cascade,
  name text not null,
  billing_period_start date not null,
  billing_period_end date not null,
  status text not null default 'In Bearbeitung',
  is_final boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (billing_period_end > billing_period_start),
  unique (property_id, billing_period_start, billing_period_end)
);
create index cost_groups_user_idx on cost_groups(user_id, billing_period_start desc);

create table meter_readings (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  meter_id uuid not null references meters(id) on delete cascade,
  cost_group_id uuid references cost_groups(id) on delete set null,
  reading_value numeric(14, 3) not null check (reading_value >= 0),
  reading_date date not null,
  reading_type text not null default 'manual',
  validation_status text not null default 'pending',
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index meter_readings_meter_idx on meter_readings(meter_id, reading_date desc);
create index meter_readings_cost_group_idx on meter_readings(cost_group_id, meter_id);
`;
