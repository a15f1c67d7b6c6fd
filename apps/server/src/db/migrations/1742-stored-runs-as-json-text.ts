// Issue 32 (decision 1742): a saved run's input, result and figures are kept as `json` (the text,
// checked, compressed when large) instead of `jsonb`. Nothing queries inside them; they are
// written once and read whole. At 5,000 units (about 41 MB of JSON) converting them to jsonb was
// most of a save's remaining time, and on the embedded database it held the only connection.
export const up = `
alter table statement_snapshots alter column rate_costs drop default;
alter table statement_snapshots
  alter column engine_input type json using engine_input::json,
  alter column result type json using result::json,
  alter column consumption type json using consumption::json,
  alter column rate_costs type json using rate_costs::json,
  alter column analysis type json using analysis::json;
alter table statement_snapshots alter column rate_costs set default '[]';
`;
