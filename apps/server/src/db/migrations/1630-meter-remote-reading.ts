// Issue 30, item 1 (decision 1630): § 5 HeizkV. A meter records whether it is remote-readable
// and the day it was installed (the duty depends on it: docs/rules/heating.md#remote-reading);
// a cost item may take the 3 % cut of § 12 (1) HeizkV up front like the 15 % one.
export const up = `
alter table meters add column is_remote_readable boolean not null default false;
alter table meters add column installed_on date;
alter table billing_period_cost_items add column heizkv_remote_reading_cut boolean not null default false;
`;
