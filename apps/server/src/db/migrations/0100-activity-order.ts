// Activities list newest first. Several entries of one change (a property with its units) are
// written within the same millisecond, where created_at ties (PGlite's clock has millisecond
// resolution), so an insertion sequence breaks the tie: ORDER BY created_at DESC, seq DESC.
export const up = `
alter table user_activities add column seq bigint generated always as identity;
create index user_activities_user_recent_idx on user_activities(user_id, created_at desc, seq desc);
`;
