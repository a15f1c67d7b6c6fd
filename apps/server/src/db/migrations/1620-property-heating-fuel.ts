// Issue 27 (decision 1620): the property's heating fuel, given once where the property is set up,
// is what the statement wizard proposes as the fuel of the CO2 inputs (CO2KostAufG,
// docs/rules/co2.md#co2-split) each year; null: not given. The list is the engine's FUELS.
export const up = `
alter table properties add column heating_fuel text check (heating_fuel in ('gas', 'oil', 'lpg', 'coal', 'wood', 'pellets', 'district_heating', 'other'));
`;
