-- Bulk onboarding: one row per uploaded customers file, and one row per data row of it once that
-- row is done. A data row's outcome is written in the same transaction as the customer it creates,
-- so after a crash the job skips exactly the rows already done and runs the others: no row is lost
-- or imported twice. processed_rows is the progress shown; the rows table is the truth.
create table bulk_uploads (
  id uuid primary key default gen_random_uuid(),
  data_segment_id uuid not null references data_segments (id),
  file_name text not null,
  original_name text not null,
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  total_rows integer not null default 0,
  processed_rows integer not null default 0,
  accepted_rows integer not null default 0,
  refused_rows integer not null default 0,
  error_file_name text,
  failure_reason text,
  created_by uuid references users (id),
  created_by_name text not null default '',
  -- Whether the uploader may open customer profiles: a duplicate's reason then names the customer.
  may_see_customers boolean not null default false,
  request_ip text not null default '',
  -- Runs of the import job so far: past the last one the upload is failed, so a job that keeps
  -- failing never holds the segment's one upload slot.
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index bulk_uploads_segment on bulk_uploads (data_segment_id, created_at desc);
-- One bulk upload per data segment at a time: the database refuses a second one even when two
-- requests race.
create unique index bulk_uploads_one_running on bulk_uploads (data_segment_id) where status in ('queued', 'processing');

create table bulk_upload_rows (
  bulk_upload_id uuid not null references bulk_uploads (id) on delete cascade,
  row_number integer not null,
  outcome text not null check (outcome in ('created', 'refused')),
  customer_id uuid references customers (id),
  reason text,
  -- The row as uploaded, kept for refused rows only: the error file repeats it beside its reason.
  cells jsonb,
  primary key (bulk_upload_id, row_number)
);
