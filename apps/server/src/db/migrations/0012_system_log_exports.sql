-- System log exports run as jobs: the request records a row, the job writes the filtered entries as
-- an encrypted CSV file and completes the row, unless it was cancelled meanwhile. The filters and the
-- requester's segment scope are kept as they were at the request, so a retried job exports the same.
create table system_log_exports (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  requested_by uuid not null references users (id),
  filters jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'running', 'completed', 'cancelled', 'failed')),
  file_name text,
  entries integer,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index system_log_exports_requester on system_log_exports (requested_by, created_at desc);
