// Issue 15: sign-in, reset and sign-up attempts are counted in rate_limit_buckets (one upsert
// that increments and returns, decision 0950); the old table counted with a select before an
// insert, which let concurrent attempts past the limit.
export const up = `
drop table auth_attempts;
`;
