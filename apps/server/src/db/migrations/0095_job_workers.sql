-- Job workers and the jobs they run, so that work owned by a process that died (kill -9, power cut,
-- a container replaced) is taken back at once instead of waiting for pg-boss's expiry. Each worker
-- process keeps a heartbeat; a job records the worker running it for as long as it runs.
create table job_workers (
  id uuid primary key,
  host text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);

create table job_claims (
  job_id uuid primary key,
  queue text not null,
  worker_id uuid not null references job_workers (id) on delete cascade,
  claimed_at timestamptz not null default now()
);
create index job_claims_worker on job_claims (worker_id);
