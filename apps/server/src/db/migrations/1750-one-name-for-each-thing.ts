// rename-vocabulary: keep (this migration names the former tables and columns on purpose)
// Issue 31, finding 6 (decision 1750, docs/glossary.md): one name for each thing.
//   cost_groups          -> billing_periods      (and every cost_group_id -> billing_period_id)
//   statement_snapshots  -> statement_runs       (and every snapshot_id   -> statement_run_id)
//   statements           -> tenancy_statements   (one row per tenancy and run: the letter)
// Only names change (ALTER ... RENAME): rows, keys and stored JSON stay as they are, so a filled
// database (or a restored backup taken before) keeps every run, letter and reading. Columns,
// constraints and indexes are found in the catalogue, so a table that a migration registered
// before this one added with the old column names is renamed as well. The activity entries'
// entity type follows the new name (the activity filter still accepts the old one).
export const up = `
alter table cost_groups rename to billing_periods;
alter table statement_snapshots rename to statement_runs;
alter table statements rename to tenancy_statements;

do $rename$
declare
  item record;
  renamed text;
begin
  for item in
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.column_name in ('cost_group_id', 'snapshot_id')
  loop
    execute format('alter table %I rename column %I to %I', item.table_name, item.column_name,
      case item.column_name when 'cost_group_id' then 'billing_period_id' else 'statement_run_id' end);
  end loop;

  -- Constraints first: renaming a primary key or unique constraint renames its index too.
  for item in
    select con.conname as name, rel.relname as table_name from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace n on n.oid = rel.relnamespace
    where n.nspname = current_schema()
      and (con.conname ~ '(cost_group|snapshot)' or (rel.relname = 'tenancy_statements' and con.conname ~ '^statements_'))
  loop
    renamed := replace(replace(replace(replace(item.name, 'cost_groups', 'billing_periods'),
      'cost_group', 'billing_period'), 'statement_snapshots', 'statement_runs'), 'snapshot', 'statement_run');
    if item.table_name = 'tenancy_statements' and renamed ~ '^statements_' then
      renamed := 'tenancy_' || renamed;
    end if;
    execute format('alter table %I rename constraint %I to %I', item.table_name, item.name, left(renamed, 63));
  end loop;

  for item in
    select i.indexname as name, i.tablename as table_name from pg_indexes i
    where i.schemaname = current_schema()
      and (i.indexname ~ '(cost_group|snapshot)' or (i.tablename = 'tenancy_statements' and i.indexname ~ '^statements_'))
  loop
    renamed := replace(replace(replace(replace(item.name, 'cost_groups', 'billing_periods'),
      'cost_group', 'billing_period'), 'statement_snapshots', 'statement_runs'), 'snapshot', 'statement_run');
    if item.table_name = 'tenancy_statements' and renamed ~ '^statements_' then
      renamed := 'tenancy_' || renamed;
    end if;
    execute format('alter index %I rename to %I', item.name, left(renamed, 63));
  end loop;
end
$rename$;

update user_activities set entity_type = 'billing_period' where entity_type = 'cost_group';
`;
