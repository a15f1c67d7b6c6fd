// Issue 26 (decisions 1020, 1021): no cascade from master data into the records a rule guards.
// Deleting a unit deleted its tenants by cascade, so a tenant created while the unit was being
// deleted was confirmed (201) and then gone; deleting a tenant emptied the tenant of its
// finalized letters (set null), which then no longer downloaded. The services now delete
// tenants and units themselves, after their checks; these keys make the database refuse
// (NO ACTION, checked at the end of each statement, so deleting an account with everything in
// one statement still works) whatever a check missed:
// - a unit that still has tenants, a property that still has units;
// - a tenant or unit still named by a statement (a draft forgets the link first, a finalized
//   statement keeps it, so its tenant and unit stay);
// - a billing period that still has statements or saved runs.
export const up = `
alter table tenants drop constraint tenants_unit_id_fkey;
alter table tenants add constraint tenants_unit_id_fkey foreign key (unit_id) references units(id);
alter table units drop constraint units_property_id_fkey;
alter table units add constraint units_property_id_fkey foreign key (property_id) references properties(id);
alter table statements drop constraint statements_tenant_id_fkey;
alter table statements add constraint statements_tenant_id_fkey foreign key (tenant_id) references tenants(id);
alter table statements drop constraint statements_unit_id_fkey;
alter table statements add constraint statements_unit_id_fkey foreign key (unit_id) references units(id);
alter table statements drop constraint statements_cost_group_id_fkey;
alter table statements add constraint statements_cost_group_id_fkey foreign key (cost_group_id) references cost_groups(id);
alter table statement_snapshots drop constraint statement_snapshots_cost_group_id_fkey;
alter table statement_snapshots add constraint statement_snapshots_cost_group_id_fkey foreign key (cost_group_id) references cost_groups(id);
create index if not exists statements_tenant_idx on statements(tenant_id);
create index if not exists statements_unit_idx on statements(unit_id);
`;
