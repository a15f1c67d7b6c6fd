// Billing data (Abrechnungsdaten, docs/rules/master-data.md#settings): the sender of every statement
// letter (docs/rules/statements.md#pdfs-and-sending). One row per account, written whole by PUT /api/billing-data; its own
// table rather than the profile's loose columns, because the letter needs street and house
// number apart and a name that may differ from the profile's (decision 0600).
export const up = `
create table billing_data (
  user_id text primary key references users(id) on delete cascade,
  company_name text,
  first_name text,
  last_name text,
  phone text not null,
  street text not null,
  house_number text not null,
  postal_code text not null,
  city text not null,
  iban text not null,
  bic text,
  bank_name text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
`;
