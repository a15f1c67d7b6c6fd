// Issue 32 (decision 1084): the letters of a whole run made in the background. A row is one
// request for "alle Briefe als PDF": its progress (done of total letters), its outcome and,
// when done, where the merged PDF lies in the file store (below the account's folder, so it
// goes with the account). The batch goes with its run (a replaced draft) and its account.
export const up = `
create table letter_batches (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references users(id) on delete cascade,
  snapshot_id uuid not null references statement_snapshots(id) on delete cascade,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  done integer not null default 0 check (done >= 0),
  total integer not null check (total >= 0),
  error text,
  file_key text,
  file_name text,
  created_by text references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index letter_batches_user_idx on letter_batches(user_id, created_at desc);
create index letter_batches_snapshot_idx on letter_batches(snapshot_id);
`;
