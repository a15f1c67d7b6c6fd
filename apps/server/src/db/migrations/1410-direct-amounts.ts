// Issue 28, item 1 (decision 1403): the key "direct" (contract v1.4). A cost item with it
// carries each tenancy's own amount (typed in the wizard or imported from the metering
// company's results) and the vacancy's amount. The amounts belong to the item: the costs are
// saved as the user types by replacing the period's items, and their amounts go with them.
export const up = `
alter table billing_period_cost_items drop constraint if exists billing_period_cost_items_distribution_key_check;
alter table billing_period_cost_items add constraint billing_period_cost_items_distribution_key_check
  check (distribution_key in ('area', 'persons', 'units', 'consumption', 'mixed', 'direct'));
alter table billing_period_cost_items add column vacancy_amount numeric(12, 2) check (vacancy_amount is null or vacancy_amount >= 0);

create table billing_period_direct_amounts (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  cost_item_id uuid not null references billing_period_cost_items(id) on delete cascade,
  tenant_id uuid not null references tenants(id) on delete cascade,
  position integer not null,
  amount numeric(12, 2) not null check (amount >= 0),
  labor_costs numeric(12, 2) check (labor_costs is null or (labor_costs >= 0 and labor_costs <= amount)),
  created_at timestamptz not null default now(),
  unique (cost_item_id, tenant_id)
);
create index billing_period_direct_amounts_user_idx on billing_period_direct_amounts(user_id);
create index billing_period_direct_amounts_tenant_idx on billing_period_direct_amounts(tenant_id);
`;
