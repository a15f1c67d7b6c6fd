// Issue 30, item 2 (decision 1500): § 560 (4) BGB. A run may propose the tenants' new monthly
// prepayment in its letters (a twelfth of the year's costs, computed by the engine), rounded
// as the landlord chose for that run: to the euro or to five euros; null: no proposal.
export const up = `
alter table statement_snapshots add column prepayment_rounding text check (prepayment_rounding in ('euro', 'five_euros'));
`;
