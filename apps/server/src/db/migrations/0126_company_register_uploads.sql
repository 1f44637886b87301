-- Register files loaded from the configuration area (docs/decisions/company-registry.md). An upload
-- is stored in file storage (file_name) and imported by a job; the run is queued until the job
-- takes it. Progress (bytes_read of size_bytes) and the first refused rows with their reasons are
-- written in the transaction of each batch, so they always match the rows stored. A run of the
-- command line has no file, size or uploader.
alter table company_register_imports
  add column file_name text,
  add column size_bytes bigint,
  add column bytes_read bigint not null default 0,
  add column refused_rows jsonb not null default '[]',
  add column attempts integer not null default 0,
  add column created_by uuid references users (id) on delete set null,
  add column created_by_name text;

alter table company_register_imports drop constraint company_register_imports_status_check;
alter table company_register_imports
  add constraint company_register_imports_status_check check (status in ('queued', 'running', 'completed', 'failed'));

-- One uploaded register import at a time: two would write the same rows in turn. Runs of the command
-- line are left out, since one that was killed stays 'running' for ever.
create unique index company_register_imports_one_uploaded on company_register_imports ((true))
  where file_name is not null and status in ('queued', 'running');

create index company_register_imports_started on company_register_imports (started_at desc);
