// docs/rules/master-data.md#entities: property and unit. Every table carries the owning account
// (user_id) so that every query can be scoped to it directly.
export const up = `
create table properties (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  name text not null,
  street text not null default '',
  house_number text not null default '',
  address_addition text,
  postal_code text not null default '',
  city text not null default '',
  state text,
  country text not null default 'Deutschland',
  address text not null,
  property_type text not null,
  efficiency_class text check (efficiency_class in ('A','B','C','D','E','F','G','H','I','J')),
  efficiency_determined_date date,
  efficiency_determination_method text
    check (efficiency_determination_method in ('energieausweis', 'messung', 'berechnung', 'schaetzung')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index properties_user_idx on properties(user_id, created_at desc);

create table units (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  property_id uuid not null references properties(id) on delete cascade,
  name text not null,
  area numeric(10, 2) not null check (area > 0),
  persons integer not null check (persons >= 1),
  has_decentralized_hot_water boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index units_property_idx on units(property_id);
create index units_user_idx on units(user_id);
`;
