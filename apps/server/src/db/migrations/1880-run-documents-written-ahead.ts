// Issue 32 (decision 1880): a run's documents (engine input, result, consumption, analysis;
// packed, decision 1860) move to their own rows, so a save writes them before its short
// transaction, in parts, and the transaction only names them. A correction's draft names the
// documents of the run it corrects until it is calculated again (the same text, not a copy).
export const up = `
create table statement_run_documents (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  engine_input text,
  result text,
  consumption text,
  analysis text,
  created_at timestamptz not null default now()
);
create index statement_run_documents_user_idx on statement_run_documents(user_id);
alter table statement_runs add column documents_id uuid;
update statement_runs set documents_id = gen_random_uuid();
insert into statement_run_documents (id, user_id, engine_input, result, consumption, analysis, created_at)
  select documents_id, user_id, engine_input, result, consumption, analysis, created_at
  from statement_runs;
alter table statement_runs alter column documents_id set not null;
alter table statement_runs add constraint statement_runs_documents_id_fkey
  foreign key (documents_id) references statement_run_documents(id);
create index statement_runs_documents_idx on statement_runs(documents_id);
alter table statement_runs
  drop column engine_input,
  drop column result,
  drop column consumption,
  drop column analysis;
`;
