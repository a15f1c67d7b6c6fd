// Issue 24, item 6 (decision 1151): the heating cost sheet of a billing period. Fuel and its
// quantity, for stored fuels the opening stock with its value, the deliveries (date, quantity,
// invoice amount) and the closing stock; the cost components; for a generator that also
// heats the water the § 9 HeizkV inputs. One row per period, saved with its other costs.
export const up = `
create table billing_period_heating_costs (
  cost_group_id uuid primary key references cost_groups(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  fuel text not null,
  quantity_unit text not null check (quantity_unit in ('l', 'kg', 'kWh', 'm3', 't')),
  opening_quantity numeric(14, 3) check (opening_quantity is null or opening_quantity >= 0),
  opening_amount numeric(12, 2) check (opening_amount is null or opening_amount >= 0),
  deliveries jsonb not null default '[]',
  closing_quantity numeric(14, 3) check (closing_quantity is null or closing_quantity >= 0),
  quantity numeric(14, 3) check (quantity is null or quantity >= 0),
  fuel_cost numeric(12, 2) check (fuel_cost is null or fuel_cost >= 0),
  operating_power numeric(12, 2) check (operating_power is null or operating_power >= 0),
  maintenance numeric(12, 2) check (maintenance is null or maintenance >= 0),
  emission_measurement numeric(12, 2) check (emission_measurement is null or emission_measurement >= 0),
  metering_service numeric(12, 2) check (metering_service is null or metering_service >= 0),
  is_combined boolean not null default false,
  total_energy_kwh numeric(14, 3),
  hot_water_volume_m3 numeric(14, 3),
  hot_water_temperature_celsius numeric(14, 3),
  hot_water_area_m2 numeric(14, 3),
  is_gas_upper_heating_value boolean not null default false,
  is_commercial_heat_supply boolean not null default false,
  created_at timestamptz not null default now()
);
create index billing_period_heating_costs_user_idx on billing_period_heating_costs(user_id);
`;
