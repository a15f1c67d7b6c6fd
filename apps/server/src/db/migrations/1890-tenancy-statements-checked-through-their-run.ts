// Issue 32 (decision 1890): a tenancy statement's account, billing period and property are its
// run's. One composite key to the run checks all four at once, where four keys checked them one by
// one: a save writes about 6,000 rows at 5,000 units inside its short transaction, and on the
// embedded database every key costs a lookup per row while the single connection is held.
// Every row has named its run since the first save wrote one (the column only stayed nullable);
// `set not null` fails loudly on a database with a row that has none, rather than deleting it.
// A property, billing period or account is protected as before: its runs refuse or cascade, and
// the run's rows go with the run (on delete cascade, as the run key did).
export const up = `
alter table tenancy_statements alter column statement_run_id set not null;
create unique index statement_runs_owner_key
  on statement_runs(id, user_id, billing_period_id, property_id);
alter table tenancy_statements
  drop constraint tenancy_statements_statement_run_id_fkey,
  drop constraint tenancy_statements_user_id_fkey,
  drop constraint tenancy_statements_billing_period_id_fkey,
  drop constraint tenancy_statements_property_id_fkey,
  add constraint tenancy_statements_run_fkey
    foreign key (statement_run_id, user_id, billing_period_id, property_id)
    references statement_runs(id, user_id, billing_period_id, property_id) on delete cascade;
`;
