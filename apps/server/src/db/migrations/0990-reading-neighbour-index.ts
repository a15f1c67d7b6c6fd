// Issue 19: a new or changed reading looks up its neighbours on the meter (the reading before
// and after its date, the higher value first on a tie, decision 0301). The old index ended at
// the date, so readings sharing a date were read and sorted on every write; with the value in
// the index both lookups are one step down the tree, in either direction.
export const up = `
create index meter_readings_meter_date_value_idx on meter_readings(meter_id, reading_date, reading_value);
drop index meter_readings_meter_idx;
`;
