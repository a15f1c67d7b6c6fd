// Issue 32 (decision 1740): a run's lines per tenancy are read from the run's stored result
// (statement_snapshots.result, the engine's allocations), which holds every figure they copied.
// Writing them again as rows was most of a large save's time (120,000 rows at 5,000 units).
export const up = `
drop table statement_items;
`;
