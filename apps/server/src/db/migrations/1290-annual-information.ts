// Issue 24, item 12 (decision 1160): the inputs of the § 6a (3) HeizkV annual information of a
// billing period: the supplier's energy mix (carrier and percent), the district heating
// network's primary energy factor, the taxes and levies in the energy costs, and the fees for
// metering devices, reading and billing. One row per period, saved with its other costs.
export const up = `
create table billing_period_annual_information (
  cost_group_id uuid primary key references cost_groups(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  energy_mix jsonb not null default '[]',
  primary_energy_factor numeric(8, 6) check (primary_energy_factor is null or primary_energy_factor >= 0),
  taxes_and_levies jsonb not null default '[]',
  metering_device_fee numeric(12, 2) check (metering_device_fee is null or metering_device_fee >= 0),
  reading_and_billing_fee numeric(12, 2) check (reading_and_billing_fee is null or reading_and_billing_fee >= 0),
  created_at timestamptz not null default now()
);
create index billing_period_annual_information_user_idx on billing_period_annual_information(user_id);
`;
