// Tenants (docs/rules/master-data.md#entities), their prepayments and occupants over time
// (docs/rules/statements.md: tenant_prepayments, tenant_attributes).
export const up = `
create table tenants (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  unit_id uuid not null references units(id) on delete cascade,
  name text not null,
  move_in_date date not null,
  move_out_date date,
  is_active boolean not null default true,
  address text,
  postal_code text,
  city text,
  phone text,
  email text,
  contract_start_date date,
  contract_end_date date,
  birth_date date,
  id_document_number text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (move_out_date is null or move_out_date > move_in_date)
);
create index tenants_user_idx on tenants(user_id);
create index tenants_unit_idx on tenants(unit_id, is_active);

create table tenant_prepayments (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id) on delete cascade,
  monthly_amount numeric(12, 2) not null check (monthly_amount > 0),
  valid_from date not null,
  valid_until date,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (valid_until is null or valid_until > valid_from)
);
create index tenant_prepayments_tenant_idx on tenant_prepayments(tenant_id, valid_from);

create table tenant_attributes (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id) on delete cascade,
  persons integer not null check (persons >= 0),
  valid_from date not null,
  valid_until date,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (valid_until is null or valid_until >= valid_from)
);
create index tenant_attributes_tenant_idx on tenant_attributes(tenant_id, valid_from);
`;
