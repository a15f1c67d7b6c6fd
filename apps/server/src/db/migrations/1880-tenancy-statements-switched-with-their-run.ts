// Issue 32 (decision 1880): a save writes its run's tenancy statements before its short
// transaction, as a row set that no reader sees until the run names it. The rows live in
// tenancy_statement_rows; tenancy_statements is the view every query reads and writes (an
// automatically updatable view: inserts, updates and deletes go through to the rows).
// A row is seen when it belongs to no set (rows written before this change, a correction's
// copies) or to the set its run names. The rows of a first save are written before their run
// exists, so the key to the run goes; the view shows no row whose run is gone, and a run's
// deletion removes its rows (statement-history-queries.ts deleteRun).
export const up = `
alter table tenancy_statements rename to tenancy_statement_rows;
alter table tenancy_statement_rows drop constraint tenancy_statements_statement_run_id_fkey;
alter table tenancy_statement_rows add column row_set_id uuid;
alter table statement_runs add column row_set_id uuid;
create view tenancy_statements as
  select t.id, t.user_id, t.billing_period_id, t.property_id, t.unit_id, t.tenant_id, t.status,
    t.total_costs_share, t.prepayment_amount, t.final_balance, t.pdf_storage_path,
    t.finalized_at, t.sent_at, t.created_at, t.updated_at, t.statement_run_id, t.period_from,
    t.period_to, t.tenant_name, t.unit_name, t.dispatched_on, t.dispatch_channel,
    t.dispatch_context, t.settled_balance
  from tenancy_statement_rows t
  where t.row_set_id is null
    or exists (
      select 1 from statement_runs r
      where r.id = t.statement_run_id and r.row_set_id = t.row_set_id
    );
`;
