// Issue 32 (decision 1860): a saved run's documents become `text`, new runs write them as packed
// JSON (db/packed-json.ts). The cast keeps each stored JSON text as it is; unpackJson reads both.
export const up = `
alter table statement_runs alter column rate_costs drop default;
alter table statement_runs
  alter column engine_input type text using engine_input::text,
  alter column result type text using result::text,
  alter column consumption type text using consumption::text,
  alter column rate_costs type text using rate_costs::text,
  alter column analysis type text using analysis::text;
alter table statement_runs alter column rate_costs set default '[]';
`;
