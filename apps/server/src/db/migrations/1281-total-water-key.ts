// Issue 24, item 9: a cost item may be distributed by all the water a unit draws, cold-water
// plus hot-water meters ("water"); the cost items' series check allows it.
export const up = `
alter table billing_period_cost_items drop constraint if exists billing_period_cost_items_meter_kind_check;
alter table billing_period_cost_items add constraint billing_period_cost_items_meter_kind_check
  check (meter_kind in ('heating', 'warmwater', 'coldwater', 'electricity', 'gas', 'water'));
`;
