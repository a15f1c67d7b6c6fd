// Issue 32 (decision 1741): every write transaction of an account counts up its data version
// while it locks the account's row. A statement save calculates from a plain read and writes
// only if the version it read before the calculation is still the one it locks.
export const up = `
alter table users add column data_version bigint not null default 0;
`;
