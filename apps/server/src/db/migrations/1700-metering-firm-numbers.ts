// Issue 28 (decision 1701): the numbers the metering company gave the manager (Kundennummer,
// field 3 of every ARGE Heiwako record) and the property (Liegenschaftsnummer, 9 digits), kept
// per property so that the export for the firm does not ask for them every time. A property
// number of null: the one of the flats mapped at an import of the firm's results.
export const up = `
create table metering_firm_numbers (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  property_id uuid not null references properties(id) on delete cascade,
  customer_number text not null check (customer_number ~ '^[0-9]{1,10}$'),
  property_number text check (property_number ~ '^[0-9]{9}$'),
  updated_at timestamptz not null default now(),
  unique (user_id, property_id)
);
create index metering_firm_numbers_property_idx on metering_firm_numbers(property_id);
`;
