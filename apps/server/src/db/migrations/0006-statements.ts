// Statements (docs/rules/statements.md#statement-entities): one per tenancy of a billing run (docs/rules/tenancies-and-keys.md#who-bears-what). The
// statement workflow extends this table; properties and units already need it for their
// delete rules ('Immobilie kann nicht gelöscht werden: Es existieren bereits Abrechnungen').
export const up = `
create table statements (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_group_id uuid not null references cost_groups(id) on delete cascade,
  property_id uuid not null references properties(id) on delete restrict,
  unit_id uuid references units(id) on delete set null,
  tenant_id uuid references tenants(id) on delete set null,
  status text not null default 'draft'
    check (status in ('draft', 'calculated', 'validated', 'finalized', 'sent', 'archived')),
  total_costs_share numeric(12, 2) not null default 0,
  prepayment_amount numeric(12, 2) not null default 0,
  final_balance numeric(12, 2) not null default 0,
  pdf_storage_path text,
  finalized_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index statements_user_idx on statements(user_id);
create index statements_property_idx on statements(property_id);
create index statements_cost_group_idx on statements(cost_group_id);
`;
