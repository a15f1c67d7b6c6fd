// Operations (issue 18): everything several instances must share lives in the database.
// - jobs: the durable background queue (mails now, PDF batches next). Workers in every
//   instance claim due jobs with FOR UPDATE SKIP LOCKED; a running job holds a lease, so a job
//   of a crashed instance is picked up again when its lease runs out.
// - client_errors / client_metrics: what the web app reports (docs/rules/master-data.md,
//   'Monitoring'); kept 30 days, no personal data beyond the account id.
// - rate_limit_buckets: fixed-window counters keyed by what is limited, counted atomically
//   with one upsert, so a limit holds across instances.
export const up = `
create table jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null check (max_attempts >= 1),
  run_at timestamptz not null default now(),
  locked_by text,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs(run_at, id) where status = 'queued';
create index jobs_lease_idx on jobs(lease_until) where status = 'running';
create index jobs_finished_idx on jobs(status, finished_at) where status in ('succeeded', 'failed');

create table client_errors (
  id bigint generated always as identity primary key,
  user_id text references users(id) on delete cascade,
  kind text not null,
  message text not null,
  stack text,
  path text,
  release text,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);
create index client_errors_received_idx on client_errors(received_at);

create table client_metrics (
  id bigint generated always as identity primary key,
  user_id text references users(id) on delete cascade,
  name text not null,
  value double precision not null,
  unit text not null,
  path text,
  release text,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);
create index client_metrics_received_idx on client_metrics(received_at);

create table rate_limit_buckets (
  key text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (key, window_start)
);
create index rate_limit_buckets_window_idx on rate_limit_buckets(window_start);
`;
