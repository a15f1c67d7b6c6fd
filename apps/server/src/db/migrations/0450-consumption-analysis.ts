// Consumption analysis (issue 17, docs/rules/heating.md#consumption-analysis): the Klimafaktor the user enters per billing
// period (null: not entered, 1.0 applies), and the analysis as calculated, kept with the saved
// run like its input and output (docs/rules/statements.md#saved-runs); null for runs saved before.
export const up = `
alter table cost_groups add column climate_factor numeric(14, 3);
alter table statement_snapshots add column analysis jsonb;
`;
