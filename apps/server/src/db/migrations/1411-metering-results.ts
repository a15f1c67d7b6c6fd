// Issue 28, item 2 (decision 1404): the metering company's results (ARGE Heiwako D and E835
// records). The firm's flats (Liegenschaft + Wohnung) are mapped to a property's units once and
// remembered; a flat marked as not belonging to the property has no unit. The results are kept
// per billing period as imported, so a second import of the same files is recognised and
// changes nothing, and the letters' figures can be traced back to the firm's records.
export const up = `
create table metering_flat_mappings (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  property_id uuid not null references properties(id) on delete cascade,
  firm_flat text not null check (firm_flat ~ '^[0-9]{13}$'),
  manager_key text,
  unit_id uuid references units(id) on delete cascade,
  updated_at timestamptz not null default now(),
  unique (user_id, property_id, firm_flat)
);
create index metering_flat_mappings_unit_idx on metering_flat_mappings(unit_id);

create table metering_results (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_group_id uuid not null references cost_groups(id) on delete cascade,
  unit_id uuid not null references units(id) on delete cascade,
  tenant_id uuid references tenants(id) on delete cascade,
  firm_flat text not null,
  last_day date not null,
  cost_type_code text not null,
  cost_type text not null,
  costs numeric(12, 2) not null,
  prepayments numeric(12, 2),
  balance numeric(12, 2),
  consumption numeric(14, 3),
  consumption_unit text,
  reading_code integer,
  is_estimated boolean not null default false,
  labor_costs numeric(12, 2),
  tax_category text check (tax_category in ('householdServices', 'craftsmen')),
  file_name text not null,
  created_at timestamptz not null default now(),
  unique (cost_group_id, firm_flat, last_day, cost_type_code)
);
create index metering_results_user_idx on metering_results(user_id);
create index metering_results_tenant_idx on metering_results(tenant_id);
`;
